import ChoreoJSON

/// The daemon's limits. Every limit has a default and a clear error when reached; `daemon.info` → `limits`
/// reports the values in force (``json``).
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
    /// Timers one session may have pending at once (`--max-timers-per-session`). A request that would add one
    /// more to a session already holding this many fails with -32010 `timersPerSession` and has no effect.
    public var maxTimersPerSession = 10_000
    /// Animations one session may start over its life (`--max-animations-per-session`); every animation stays
    /// in `animations.list`. Past it, a request that would start another fails with -32010
    /// `animationsPerSession` and has no effect.
    public var maxAnimationsPerSession = 100_000
    /// Reply bytes queued for one connection (`--max-queued-output-bytes`): past this the daemon stops reading
    /// that connection's requests until the client reads, and drops its subscriptions. Enforced by the server.
    public var maxQueuedOutputBytes = 4 * 1024 * 1024
    /// Seconds a connection may stay above ``maxQueuedOutputBytes`` without reading anything before it is closed
    /// (`--slow-client-seconds`). Enforced by the server.
    public var slowClientSeconds = 30.0
    /// Seconds of wall time a session may go without any request naming it before it is closed
    /// (`--session-idle-seconds`; 0 = never). Enforced by the server.
    public var sessionIdleSeconds = 3600.0

    public init() {}

    /// The limits as `daemon.info` reports them.
    public var json: JSONValue {
        [
            "maxSessions": .int(Int64(maxSessions)),
            "maxLineBytes": .int(Int64(maxLineBytes)),
            "maxEventsPerAdvance": .int(Int64(maxEventsPerAdvance)),
            "maxSubscriptionsPerConnection": .int(Int64(maxSubscriptionsPerConnection)),
            "maxTimersPerSession": .int(Int64(maxTimersPerSession)),
            "maxAnimationsPerSession": .int(Int64(maxAnimationsPerSession)),
            "maxQueuedOutputBytes": .int(Int64(maxQueuedOutputBytes)),
            "slowClientSeconds": .number(slowClientSeconds),
            "sessionIdleSeconds": .number(sessionIdleSeconds),
        ]
    }
}
