import ChoreoJSON

/// A value a finger puts in place at once, without an animation record (the pull indicator under `ui.pull`, a sheet
/// held by `ui.drag`): the field of the gesture's reply that gives it and the state path that shows it.
/// `app.describe` serves the declarations; the HTML report draws each reply's value as a step in the path's lane.
public struct FingerLane: Sendable, Hashable {
    /// The reply field, e.g. `pullDistance`.
    public var replyField: String
    /// The state path it moves, e.g. `refresh.pullDistance`; or, for an input the state does not keep, the method
    /// and field (`ui.deviceMotion.x`), drawn as a lane of its own.
    public var path: String
    /// The methods whose replies it reads (nil: every `ui.*` reply with the field).
    public var methods: [String]?

    public init(replyField: String, path: String, methods: [String]? = nil) {
        self.replyField = replyField
        self.path = path
        self.methods = methods
    }

    /// `{replyField, path, methods?}`.
    public var json: JSONValue {
        var object: [String: JSONValue] = ["replyField": .string(replyField), "path": .string(path)]
        if let methods { object["methods"] = .array(methods.map { .string($0) }) }
        return .object(object)
    }
}
