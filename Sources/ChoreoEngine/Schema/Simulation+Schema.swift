import ChoreoJSON

extension Simulation {
    /// Every way the session departs from its declarations now: the state tree against `state` (plus the
    /// engine's `settings` and `lab`), every trace event against the engine's and `traceEvents`' kinds and fields,
    /// every haptic against `hapticSources`. Empty when everything is declared and conforms. Tests call it after
    /// each step of a tour of the app: with `tree`, the state tree they already built, and the trace events and
    /// haptics from `traceAfter` and `hapticsAfter` on (those an earlier check has not seen), each step costs what
    /// it added.
    public func schemaViolations(
        state: [StateField], traceEvents: [TraceEventKind], hapticSources: [HapticSource], tree: JSONValue? = nil,
        traceAfter: Int = 0, hapticsAfter: Int = 0
    ) -> [String] {
        var found = StateShape.object(state + [EngineSchema.settings, EngineSchema.lab]).violations(
            of: tree ?? self.state(), at: "")
        var kinds: [String: TraceEventKind] = [:]
        for kind in EngineSchema.traceEvents + traceEvents { kinds[kind.kind] = kind }
        for event in world.trace.events(afterSeq: traceAfter) {
            guard let kind = kinds[event.kind] else {
                found.append("trace event `\(event.kind)` (seq \(event.sequence)) is not declared")
                continue
            }
            found += StateShape.object(kind.fields).violations(of: .object(event.fields), at: "trace.\(event.kind)")
        }
        let sources = EngineSchema.hapticSources + hapticSources
        for haptic in world.haptics.after(hapticsAfter) {
            guard let source = sources.first(where: { $0.matches(haptic.source) }) else {
                found.append("haptic source `\(haptic.source)` is not declared")
                continue
            }
            if !source.styles.contains(haptic.style) {
                found.append("haptic source `\(haptic.source)` played `\(haptic.style.rawValue)`, not declared for it")
            }
        }
        return found
    }
}
