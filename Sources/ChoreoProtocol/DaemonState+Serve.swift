import ChoreoJSON

/// What one line did: the reply owed to its connection, the notifications owed to subscribers, and whether it asked
/// the daemon to stop.
public struct Served: Sendable {
    /// The reply (an object, or an array for a batch), or nil when nothing is owed (notifications only).
    public var reply: JSONValue?
    /// The `event` notifications owed to subscribers, as (connection, notification) pairs in trace order.
    public var notifications: [(connection: Int, message: JSONValue)]
    /// Whether the line began the daemon's shutdown (`daemon.shutdown`).
    public var requestedShutdown: Bool
}

extension DaemonState {
    /// Serves one decoded line: the server's one call into the protocol per line, under its lock. Runs the line's
    /// requests at `context` (each request naming a session keeps it from expiring) and collects what they owe: the
    /// reply and the subscribers' notifications.
    public mutating func serve(_ decoded: RPCProcessor.Decoded, context: RequestContext) -> Served {
        requestTimeMs = context.uptimeMs
        let wasShuttingDown = isShuttingDown
        let reply = RPCProcessor.execute(decoded, state: &self, context: context)
        return Served(
            reply: reply, notifications: pendingNotifications(),
            requestedShutdown: isShuttingDown && !wasShuttingDown)
    }
}
