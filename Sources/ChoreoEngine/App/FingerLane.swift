import ChoreoJSON

/// A value a finger puts in place at once, without an animation record (the pull indicator under `ui.pull`, a sheet
/// held by `ui.drag`): the field of the gesture's reply that gives it and the state path that shows it.
/// `app.describe` serves the declarations; the HTML report draws each reply's value as a step in the path's lane.
public struct FingerLane: Sendable, Hashable {
    /// The reply field, e.g. `pullDistance`.
    public var replyField: String
    /// The state path it moves, e.g. `refresh.pullDistance`.
    public var path: String

    public init(replyField: String, path: String) {
        self.replyField = replyField
        self.path = path
    }

    /// `{replyField, path}`.
    public var json: JSONValue { ["replyField": .string(replyField), "path": .string(path)] }
}
