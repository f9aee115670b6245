import ChoreoEngine
import Testing

@testable import AirFit

/// AirFit's trace kinds are stated once (``AirFitTraceKind``) and each is declared exactly once.
struct AirFitTraceKindTests {
    @Test func everyKindIsDeclaredOnce() {
        let problems = AirFitTraceKind.declarationProblems(AirFitApp.traceEvents)
        #expect(problems.missing.isEmpty && problems.twice.isEmpty, "\(problems)")
        #expect(AirFitTraceKind.allCases.count == AirFitApp.traceEvents.count)
    }
}
