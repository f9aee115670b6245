import ChoreoJSON

/// One entry of a session's ordered event log.
public struct TraceEvent: Sendable, Hashable {
    /// Position in the log, starting at 1; strictly increasing.
    public var sequence: Int
    /// The virtual time the event happened at.
    public var time: VirtualTime
    /// What happened, e.g. `action`, `animation.started`, `animation.completed`, `animation.settled`, `haptic`,
    /// `announcement`, `navigation`, `timer`.
    public var kind: String
    /// The event's own fields (an object); merged into the event's JSON next to `seq`, `t` and `kind`.
    public var fields: [String: JSONValue]

    /// The event as JSON: `{seq, t, kind, ...fields}` with `t` in virtual milliseconds.
    public var json: JSONValue {
        var object = fields
        object["seq"] = .int(Int64(sequence))
        object["t"] = .number(time.milliseconds)
        object["kind"] = .string(kind)
        return .object(object)
    }
}
