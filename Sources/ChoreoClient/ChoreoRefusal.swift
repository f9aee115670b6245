import ChoreoJSON

/// An action's result when the app declines it now: `{refused: true, reason, message, retryAfterMs?}`, one shape for
/// every action of every app (protocol/README.md "Refusals"). Not an error: the request was valid.
public struct ChoreoRefusal: Sendable, Hashable {
    /// The stable reason code, e.g. `sheetDismissing`.
    public var reason: String
    /// The reason in words, naming what helps.
    public var message: String
    /// Whole virtual milliseconds to advance before the same request is accepted, when waiting alone helps.
    public var retryAfterMs: Int64?
    /// Every blocker's code, `reason` first, when more than one blocks the request; empty otherwise.
    public var blockers: [String]

    /// The refusal `result` carries, or nil when the result is what the action did.
    public init?(_ result: JSONValue) {
        guard result["refused"]?.boolValue == true, let reason = result["reason"]?.stringValue else { return nil }
        self.reason = reason
        self.message = result["message"]?.stringValue ?? ""
        self.retryAfterMs = result["retryAfterMs"]?.intValue
        self.blockers = result["blockers"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }
}
