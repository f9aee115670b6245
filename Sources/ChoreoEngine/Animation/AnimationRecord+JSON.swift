import ChoreoJSON

extension AnimationRecord {
    /// The record as `animations.list` reports it at a time (times in virtual milliseconds).
    public func json(at time: VirtualTime) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .int(Int64(id)), "path": .string(path), "from": .number(from), "to": .number(to),
            "curve": curve.json, "source": .string(source), "requestedAt": .number(requestedAt.milliseconds),
            "start": .number(start.milliseconds), "state": .string(phase(at: time).rawValue),
            "infinite": .bool(settledAt == nil),
            "logicallyCompleteAt": logicallyCompleteAt?.reportedMilliseconds.map { .number($0) } ?? .null,
            // Null for an endless loop (infinite) and for a curve that never settles within the clock's range.
            "settledAt": settledAt?.reportedMilliseconds.map { .number($0) } ?? .null,
        ]
        if let interruptedAt { object["interruptedAt"] = .number(interruptedAt.milliseconds) }
        return .object(object)
    }
}
