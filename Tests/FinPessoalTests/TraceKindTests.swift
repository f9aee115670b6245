import ChoreoEngine
import Testing

@testable import FinPessoal

/// FinPessoal's trace kinds are stated once (``FinPessoalTraceKind``) and each is declared exactly once.
struct FinPessoalTraceKindTests {
    @Test func everyKindIsDeclaredOnce() {
        let problems = FinPessoalTraceKind.declarationProblems(FinPessoalApp.traceEvents)
        #expect(problems.missing.isEmpty && problems.twice.isEmpty, "\(problems)")
        #expect(FinPessoalTraceKind.allCases.count == FinPessoalApp.traceEvents.count)
    }
}
