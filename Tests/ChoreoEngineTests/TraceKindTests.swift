import ChoreoEngine
import Testing

/// The engine's trace kinds are stated once (``EngineTraceKind``) and each is declared exactly once for the state
/// reference; the check itself finds a missing and a doubled declaration.
struct TraceKindTests {
    @Test func everyEngineKindIsDeclaredOnce() {
        let problems = EngineTraceKind.declarationProblems(EngineSchema.traceEvents)
        #expect(problems.missing.isEmpty && problems.twice.isEmpty, "\(problems)")
        #expect(EngineTraceKind.allCases.count == EngineSchema.traceEvents.count)
    }

    @Test func theCheckFindsWhatIsMissingOrTwice() {
        var declarations = EngineSchema.traceEvents
        declarations.removeAll { $0.kind == EngineTraceKind.haptic.rawValue }
        declarations.append(TraceEventKind(EngineTraceKind.timer, "again"))
        let problems = EngineTraceKind.declarationProblems(declarations)
        #expect(problems.missing == ["haptic"])
        #expect(problems.twice == ["timer"])
    }
}
