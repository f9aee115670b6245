import ChoreoCore
import ChoreoJSON

/// Everything the daemon knows that outlives one request: open sessions and subscriptions. A value; the server
/// keeps it behind a lock and hands it `inout` to ``RPCProcessor``.
public struct DaemonState: Sendable {
    /// An `events.subscribe` registration.
    public struct Subscription: Sendable, Hashable {
        public var id: Int
        public var connection: Int
        public var session: String
        /// Event kinds to deliver; nil for all.
        public var kinds: Set<String>?
    }

    /// Open sessions by id.
    public internal(set) var sessions: [String: Simulation] = [:]
    /// Ids in creation order.
    public internal(set) var sessionOrder: [String] = []
    /// Subscriptions by id.
    public internal(set) var subscriptions: [Int: Subscription] = [:]
    /// For each session, the last trace sequence number pushed to subscribers.
    var publishedSequence: [String: Int] = [:]
    /// Sessions changed since the last ``pendingNotifications()``, in the order first touched.
    var touched: [String] = []
    var nextSessionNumber = 1
    var nextSubscriptionID = 1
    /// The limits in force.
    public var limits: Limits
    /// Set once shutdown has begun: new sessions are refused.
    public var isShuttingDown = false

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Adds a session and returns its id (`s1`, `s2`, …).
    mutating func add(_ simulation: Simulation) throws(RPCError) -> String {
        guard !isShuttingDown else { throw .shuttingDown }
        guard sessions.count < limits.maxSessions else {
            throw .limitExceeded(
                "sessions", maximum: limits.maxSessions,
                detail:
                    "close sessions you no longer need (session.close) or start choreod with a larger --max-sessions")
        }
        let id = "s\(nextSessionNumber)"
        nextSessionNumber += 1
        sessions[id] = simulation
        sessionOrder.append(id)
        publishedSequence[id] = simulation.world.trace.count
        return id
    }

    /// Removes a session and its subscriptions.
    mutating func remove(_ id: String) throws(RPCError) {
        guard sessions.removeValue(forKey: id) != nil else { throw unknown(id) }
        sessionOrder.removeAll { $0 == id }
        publishedSequence[id] = nil
        subscriptions = subscriptions.filter { $0.value.session != id }
    }

    func unknown(_ id: String) -> RPCError { .unknownSession(id, open: sessionOrder) }

    /// Reads a session.
    func session(_ id: String) throws(RPCError) -> Simulation {
        guard let simulation = sessions[id] else { throw unknown(id) }
        return simulation
    }

    /// Runs `body` on a session in place; simulation errors become their JSON-RPC errors.
    mutating func withSession<T>(
        _ id: String, _ body: (inout Simulation) throws(SimulationError) -> T
    ) throws(RPCError) -> T {
        guard sessions[id] != nil else { throw unknown(id) }
        if touched.last != id, !touched.contains(id) { touched.append(id) }
        do throws(SimulationError) {
            return try body(&sessions[id]!)
        } catch {
            throw RPCError(error)
        }
    }

    /// Drops every subscription of a connection (it closed).
    public mutating func connectionClosed(_ connection: Int) {
        subscriptions = subscriptions.filter { $0.value.connection != connection }
    }

    /// The `event` notifications owed to subscribers for trace events recorded since the last call, as
    /// (connection, notification) pairs in trace order.
    public mutating func pendingNotifications() -> [(connection: Int, message: JSONValue)] {
        let changed = touched
        touched.removeAll(keepingCapacity: true)
        guard !subscriptions.isEmpty else {
            for id in changed { publishedSequence[id] = sessions[id]?.world.trace.count }
            return []
        }
        var out: [(Int, JSONValue)] = []
        let ordered = subscriptions.values.sorted { $0.id < $1.id }
        for id in changed {
            guard let trace = sessions[id]?.world.trace else { continue }
            let published = publishedSequence[id] ?? 0
            guard trace.count > published else { continue }
            publishedSequence[id] = trace.count
            for event in trace[published...] {
                for subscription in ordered where subscription.session == id {
                    guard subscription.kinds?.contains(event.kind) ?? true else { continue }
                    out.append(
                        (
                            subscription.connection,
                            [
                                "jsonrpc": "2.0", "method": "event",
                                "params": [
                                    "subscription": .int(Int64(subscription.id)), "session": .string(id),
                                    "event": event.json,
                                ],
                            ]
                        ))
                }
            }
        }
        return out
    }
}
