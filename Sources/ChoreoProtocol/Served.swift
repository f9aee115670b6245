import ChoreoAppKit
import ChoreoJSON

/// What one line did: the reply owed to its connection, the notifications owed to subscribers, and whether it asked
/// the daemon to stop.
public struct Served: Sendable {
    /// The reply as text (an object, or an array for a batch), or nil when nothing is owed (notifications only).
    public var reply: JSONText?
    /// The `event` notifications owed to subscribers: each event once, with its subscribers, in trace order.
    public var notifications: EventDelivery
    /// Whether the line began the daemon's shutdown (`daemon.shutdown`).
    public var requestedShutdown: Bool
}
