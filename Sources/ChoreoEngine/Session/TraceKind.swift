/// The trace event kinds of one module, as an enum: the engine's (``EngineTraceKind``) and each app's. A kind is
/// stated once, as a case; ``World/record(_:)`` takes only these, and ``TraceEventKind`` declarations name them,
/// so a kind cannot be misspelt at a call site, and a test checks that every case is declared exactly once.
public protocol TraceKind: RawRepresentable, CaseIterable, Sendable where RawValue == String {}

extension TraceKind {
    /// Which cases `declarations` leave out, and which kinds they declare twice (both empty when each case is
    /// declared exactly once), for the tests.
    public static func declarationProblems(_ declarations: [TraceEventKind]) -> (missing: [String], twice: [String]) {
        let declared = declarations.map(\.kind)
        let missing = allCases.map(\.rawValue).filter { !declared.contains($0) }
        var seen = Set<String>()
        let twice = declared.filter { !seen.insert($0).inserted }
        return (missing, twice)
    }
}
