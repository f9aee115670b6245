import ChoreoJSON

/// Motion an app evaluates itself, without an animation record, that a report draws from the trace: an exponential
/// deceleration x(t) = x₀ + v·τ·(1 − e^(−t/τ)), τ = −1 ms / ln(rate), started by `startEvent` (its fields `offset`
/// x₀ in pt, `velocity` v in pt/s and `durationMs`) and cut short by `stopEvent`. `app.describe` serves the
/// declarations; the HTML report draws each as the lane "`path` (`name`)".
public struct DecayLane: Sendable, Hashable {
    /// The lane's name, e.g. `flick`.
    public var name: String
    /// The state path it moves, e.g. `sheet.offset`.
    public var path: String
    /// The trace event that starts it.
    public var startEvent: String
    /// The trace event that stops it early (a finger catching it), if any.
    public var stopEvent: String?
    /// The velocity kept per millisecond, e.g. 0.998 (UIScrollView's normal deceleration rate).
    public var decelerationRate: Double

    public init(name: String, path: String, startEvent: String, stopEvent: String?, decelerationRate: Double) {
        self.name = name
        self.path = path
        self.startEvent = startEvent
        self.stopEvent = stopEvent
        self.decelerationRate = decelerationRate
    }

    /// `{name, path, startEvent, stopEvent?, decelerationRate}`.
    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "name": .string(name), "path": .string(path), "startEvent": .string(startEvent),
            "decelerationRate": .number(decelerationRate),
        ]
        if let stopEvent { object["stopEvent"] = .string(stopEvent) }
        return .object(object)
    }
}
