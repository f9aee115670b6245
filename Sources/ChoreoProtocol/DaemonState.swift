import ChoreoEngine
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

    /// The daemon's bookkeeping for one session, next to its simulation.
    public struct SessionRecord: Sendable, Hashable {
        /// The params `session.create` was called with (for `session.export`); a fork keeps its original's.
        public var createParams: [String: JSONValue]
        /// When a request last named the session, in the server's wall-clock milliseconds (``requestTimeMs``).
        public var lastUsedMs: Double
    }

    /// Open sessions by id.
    public internal(set) var sessions: [String: Simulation] = [:]
    /// Ids in creation order.
    public internal(set) var sessionOrder: [String] = []
    /// Bookkeeping by session id.
    public internal(set) var records: [String: SessionRecord] = [:]
    /// Subscriptions by id.
    public internal(set) var subscriptions: [Int: Subscription] = [:]
    /// For each session, the last trace sequence number pushed to subscribers.
    var publishedSequence: [String: Int] = [:]
    /// Sessions changed since the last ``pendingNotifications()``, in the order first touched.
    var touched: [String] = []
    /// Ids of sessions that expired, most recent last (bounded), so a late request hears why.
    var expired: [String] = []
    var nextSessionNumber = 1
    var nextSubscriptionID = 1
    /// The limits in force.
    public var limits: Limits
    /// Set once shutdown has begun: new sessions are refused.
    public var isShuttingDown = false
    /// The wall-clock time of the request being served, in milliseconds since the daemon started. Set by the
    /// server before each request; used only for idle expiry (virtual time never reads it).
    public var requestTimeMs: Double = 0

    /// The apps sessions can host.
    public let apps: AppRegistry
    /// Every method served: the engine's and the apps' own (``MethodTable/table(for:)``), by name.
    public let methods: [String: Method]
    /// The method names, sorted (for -32601's list).
    public let methodNames: [String]

    public init(limits: Limits = Limits(), apps: AppRegistry) {
        self.limits = limits
        self.apps = apps
        methods = MethodTable.table(for: apps)
        methodNames = methods.keys.sorted()
    }

    /// Adds a session and returns its id (`s1`, `s2`, …).
    mutating func add(_ simulation: Simulation, createParams: [String: JSONValue]) throws(RPCError) -> String {
        try checkCanAdd()
        let id = "s\(nextSessionNumber)"
        nextSessionNumber += 1
        sessions[id] = simulation
        sessionOrder.append(id)
        records[id] = SessionRecord(createParams: createParams, lastUsedMs: requestTimeMs)
        publishedSequence[id] = simulation.world.trace.recorded
        return id
    }

    /// Throws when no session can be added now (shutting down, or at the sessions limit).
    func checkCanAdd() throws(RPCError) {
        guard !isShuttingDown else { throw .shuttingDown }
        guard sessions.count < limits.maxSessions else {
            throw .limitExceeded(
                "sessions", maximum: limits.maxSessions,
                detail:
                    "close sessions you no longer need (session.close) or start choreod with a larger --max-sessions")
        }
    }

    /// Removes a session and its subscriptions.
    mutating func remove(_ id: String) throws(RPCError) {
        guard sessions.removeValue(forKey: id) != nil else { throw unknown(id) }
        sessionOrder.removeAll { $0 == id }
        publishedSequence[id] = nil
        records[id] = nil
        subscriptions = subscriptions.filter { $0.value.session != id }
    }

    func unknown(_ id: String) -> RPCError {
        if expired.contains(id) {
            return .expiredSession(id, idleSeconds: limits.sessionIdleSeconds, open: sessionOrder)
        }
        return .unknownSession(id, open: sessionOrder)
    }

    /// Reads a session (a copy: ``sessionIndex(_:)`` lets a reader borrow it in place).
    func session(_ id: String) throws(RPCError) -> Simulation {
        sessions.values[try sessionIndex(id)]
    }

    /// Where a session is in ``sessions``; -32000 when there is none of that id.
    func sessionIndex(_ id: String) throws(RPCError) -> [String: Simulation].Index {
        guard let index = sessions.index(forKey: id) else { throw unknown(id) }
        return index
    }

    /// Notes that a request named a session now (keeps it from expiring), whatever the request's outcome.
    mutating func touch(_ id: String) {
        records[id]?.lastUsedMs = requestTimeMs
    }

    /// How many timers a simulation has pending.
    /// The animations running in a session now (``Timeline/moving(at:)``): counted one by one only when the
    /// bound that costs nothing (the animations driving a property) reaches `exactFrom`, else that bound.
    static func liveAnimations(_ simulation: Simulation, exactFrom threshold: Int) -> Int {
        let timeline = simulation.world.timeline
        guard timeline.drivingCount >= threshold else { return timeline.drivingCount }
        return timeline.moving(at: simulation.now).count
    }

    static func pendingTimers(_ simulation: Simulation) -> Int {
        var count = 0
        for entry in simulation.world.agenda.entries {
            if case .timer = entry.item { count += 1 }
        }
        return count
    }

    /// Runs `body` on a session in place (looked up once); simulation errors become their JSON-RPC errors.
    ///
    /// Enforces the per-session limits on timers and animations: when the session already holds the maximum
    /// before the request, a request that adds to it is undone (the session is restored as it was) and fails with
    /// -32010. A session below a limit is never copied, so the check costs nothing until a limit is reached.
    mutating func withSession<T>(
        _ id: String, _ body: (inout Simulation) throws(SimulationError) -> T
    ) throws(RPCError) -> T {
        guard let index = sessions.index(forKey: id) else { throw unknown(id) }
        if touched.last != id, !touched.contains(id) { touched.append(id) }
        let animationsBefore = DaemonState.liveAnimations(
            sessions.values[index], exactFrom: limits.maxAnimationsPerSession)
        let timersBefore =
            sessions.values[index].world.agenda.count >= limits.maxTimersPerSession
            ? DaemonState.pendingTimers(sessions.values[index]) : 0
        let atLimit =
            timersBefore >= limits.maxTimersPerSession || animationsBefore >= limits.maxAnimationsPerSession
        let saved: Simulation? = atLimit ? sessions.values[index] : nil
        let outcome: Result<T, SimulationError>
        do throws(SimulationError) {
            outcome = .success(try body(&sessions.values[index]))
        } catch {
            outcome = .failure(error)
        }
        if let saved {
            let animationsAfter = DaemonState.liveAnimations(sessions.values[index], exactFrom: 0)
            let timersAfter = DaemonState.pendingTimers(sessions.values[index])
            if timersBefore >= limits.maxTimersPerSession, timersAfter > timersBefore {
                sessions.values[index] = saved
                throw .limitExceeded(
                    "timersPerSession", maximum: limits.maxTimersPerSession,
                    detail: "the session already has \(timersBefore) pending timers, so the request was undone; "
                        + "let timers fire (clock.advance) or start choreod with a larger --max-timers-per-session")
            }
            if animationsBefore >= limits.maxAnimationsPerSession, animationsAfter > animationsBefore {
                sessions.values[index] = saved
                throw .limitExceeded(
                    "animationsPerSession", maximum: limits.maxAnimationsPerSession,
                    detail: "\(animationsBefore) animations are running in the session, so the request, which would "
                        + "start one more, was undone; let some settle (clock.advance) or start choreod with a larger "
                        + "--max-animations-per-session")
            }
        }
        switch outcome {
        case .success(let value): return value
        case .failure(let error): throw RPCError(error)
        }
    }

    /// Closes every session no request has named for ``Limits/sessionIdleSeconds`` as of `nowMs` (the server's
    /// wall clock in ms since start). Sessions with a subscription are in use and never expire. Returns the ids
    /// closed.
    public mutating func expireIdleSessions(nowMs: Double) -> [String] {
        let idleMs = limits.sessionIdleSeconds * 1000
        guard idleMs > 0 else { return [] }
        let watched = Set(subscriptions.values.map(\.session))
        let stale = sessionOrder.filter { id in
            guard let record = records[id], !watched.contains(id) else { return false }
            return nowMs - record.lastUsedMs >= idleMs
        }
        for id in stale {
            try? remove(id)
            expired.append(id)
        }
        if expired.count > 10_000 { expired.removeFirst(expired.count - 10_000) }
        return stale
    }

    /// Drops every subscription of a connection (it closed).
    public mutating func connectionClosed(_ connection: Int) {
        subscriptions = subscriptions.filter { $0.value.connection != connection }
    }

    /// Ends every subscription of a connection that cannot keep up and returns, for each, the final `event`
    /// notification that says why (to be written to that connection).
    public mutating func dropSubscriptions(
        ofSlowConnection connection: Int, queuedBytes: Int
    ) -> [JSONValue] {
        let dropped = subscriptions.values.filter { $0.connection == connection }.sorted { $0.id < $1.id }
        for subscription in dropped { subscriptions[subscription.id] = nil }
        return dropped.map { subscription in
            Envelope.event(
                subscription: subscription.id, session: subscription.session,
                [
                    "dropped": [
                        "reason": "slowConsumer",
                        "detail": .string(
                            "this connection had \(queuedBytes) bytes of unread output, more than the limit of "
                                + "\(limits.maxQueuedOutputBytes); read faster and subscribe again (events.subscribe)"),
                        "maxQueuedOutputBytes": .int(Int64(limits.maxQueuedOutputBytes)),
                    ]
                ])
        }
    }

    /// Whether a connection holds any subscription.
    public func hasSubscriptions(_ connection: Int) -> Bool {
        subscriptions.values.contains { $0.connection == connection }
    }

    /// The `event` notifications owed to subscribers for trace events recorded since the last call, as
    /// (connection, notification) pairs in trace order.
    public mutating func pendingNotifications() -> [(connection: Int, message: JSONValue)] {
        let changed = touched
        touched.removeAll(keepingCapacity: true)
        guard !subscriptions.isEmpty else {
            for id in changed { publishedSequence[id] = sessions[id]?.world.trace.recorded }
            return []
        }
        var out: [(Int, JSONValue)] = []
        let ordered = subscriptions.values.sorted { $0.id < $1.id }
        for id in changed {
            guard let trace = sessions[id]?.world.trace else { continue }
            let published = publishedSequence[id] ?? 0
            guard trace.recorded > published else { continue }
            publishedSequence[id] = trace.recorded
            for event in trace.events(afterSeq: published) {
                for subscription in ordered where subscription.session == id {
                    guard subscription.kinds?.contains(event.kind) ?? true else { continue }
                    out.append(
                        (
                            subscription.connection,
                            Envelope.event(subscription: subscription.id, session: id, ["event": event.json])
                        ))
                }
            }
        }
        return out
    }
}
