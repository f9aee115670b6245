import ChoreoJSON

extension AnimationRecord {
    /// The record as `animations.list` reports it at a time (times in virtual milliseconds).
    public func json(at time: VirtualTime) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .int(Int64(id)), "path": .string(path), "from": .number(from), "to": .number(to),
            "curve": curve.json, "source": .string(source), "requestedAt": .number(requestedAt.milliseconds),
            "start": .number(start.milliseconds), "state": .string(phase(at: time).rawValue),
            "infinite": .bool(settledAt == nil),
            "logicallyCompleteAt": logicallyCompleteAt.map { .number($0.milliseconds) } ?? .null,
            "settledAt": settledAt.map { .number($0.milliseconds) } ?? .null,
        ]
        if let interruptedAt { object["interruptedAt"] = .number(interruptedAt.milliseconds) }
        return .object(object)
    }
}
