/// The daemon's limits. Every limit has a default and a clear error when reached.
public struct Limits: Sendable, Hashable {
    /// Open sessions per daemon (`--max-sessions`).
    public var maxSessions = 1000
    /// Timers and milestones one `clock.advance` or `clock.settle` may fire before it stops with an error.
    public var maxEventsPerAdvance = 1_000_000
    /// Subscriptions per connection.
    public var maxSubscriptionsPerConnection = 64
    /// Bytes in one line (`--max-line-bytes`); enforced by the server's framing.
    public var maxLineBytes = 8 * 1024 * 1024
    /// Default `clock.settle` timeout, in virtual milliseconds.
    public var defaultSettleTimeoutMs = 30_000.0

    public init() {}
}
