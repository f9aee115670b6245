import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON

/// Everything the daemon knows that outlives one request: open sessions and subscriptions. A value behind the
/// daemon's lock (``RPCProcessor/serve(_:state:context:publish:)``); each session's simulation sits in a
/// ``SessionSlot`` under a lock of its own, so requests on different sessions run in parallel.
public struct DaemonState: Sendable {
    /// An `events.subscribe` registration.
    public struct Subscription: Sendable, Hashable {
        public var id: Int
        public var connection: Int
        public var session: String
        /// Event kinds to deliver; nil for all.
        public var kinds: Set<String>?
        /// The trace's last sequence number when it subscribed: only later events are delivered.
        public var after: Int
    }

    /// The daemon's bookkeeping for one session, next to its simulation.
    public struct SessionRecord: Sendable, Hashable {
        /// The params `session.create` was called with (for `session.export`); a fork keeps its original's.
        public var createParams: [String: JSONValue]
        /// When a request last named the session, in the server's wall-clock milliseconds (``requestTimeMs``).
        public var lastUsedMs: Double
        /// Requests naming the session whose line has not ended yet: while any runs, the session is in use and
        /// does not expire.
        public var running = 0
    }

    /// Open sessions by id.
    public internal(set) var sessions: [String: SessionSlot] = [:]
    /// Ids in creation order.
    public internal(set) var sessionOrder: [String] = []
    /// Bookkeeping by session id.
    public internal(set) var records: [String: SessionRecord] = [:]
    /// Subscriptions by id.
    public internal(set) var subscriptions: [Int: Subscription] = [:]
    /// Ids of sessions that expired, most recent last (bounded), so a late request hears why.
    var expired: [String] = []
    var nextSessionNumber = 1
    var nextSubscriptionID = 1
    /// Fresh simulations `session.create` copies.
    var prototypes = SessionPrototypes()
    /// The limits in force.
    public var limits: Limits
    /// Set once shutdown has begun: new sessions are refused.
    public var isShuttingDown = false
    /// The wall-clock time of the request being served, in milliseconds since the daemon started. Set by the
    /// server before each request; used only for idle expiry (virtual time never reads it).
    public var requestTimeMs: Double = 0
    /// The latest wall-clock time the daemon has told the state (a request's or an idle check's), in milliseconds.
    var latestKnownMs: Double = 0

    /// The apps sessions can host.
    public let apps: AppRegistry
    /// Every method served: the engine's and the apps' own (``MethodTable/table(for:)``), by name.
    public let methods: [String: Method]
    /// The method names, sorted (for -32601's list).
    public let methodNames: [String]
    /// What each method runs, by name (looked up for every request: a reference each, not a whole ``Method``).
    let dispatch: [String: Method.Dispatch]

    public init(limits: Limits = Limits(), apps: AppRegistry) {
        self.limits = limits
        self.apps = apps
        methods = MethodTable.table(for: apps)
        methodNames = methods.keys.sorted()
        dispatch = methods.mapValues(\.dispatch)
    }

    /// Adds a session and returns its id (`s1`, `s2`, …).
    mutating func add(_ simulation: Simulation, createParams: [String: JSONValue]) throws(RPCError) -> String {
        try checkCanAdd()
        let id = "s\(nextSessionNumber)"
        nextSessionNumber += 1
        sessions[id] = SessionSlot(simulation)
        sessionOrder.append(id)
        records[id] = SessionRecord(createParams: createParams, lastUsedMs: requestTimeMs)
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
        records[id] = nil
        subscriptions = subscriptions.filter { $0.value.session != id }
    }

    func unknown(_ id: String) -> RPCError {
        if expired.contains(id) {
            return .expiredSession(id, idleSeconds: limits.sessionIdleSeconds, open: sessionOrder)
        }
        return .unknownSession(id, open: sessionOrder)
    }

    /// A session's slot; -32000 when there is none of that id.
    func slot(_ id: String) throws(RPCError) -> SessionSlot {
        guard let slot = sessions[id] else { throw unknown(id) }
        return slot
    }

    /// Notes that a request named a session now (keeps it from expiring), whatever the request's outcome.
    mutating func touch(_ id: String) {
        records[id]?.lastUsedMs = requestTimeMs
    }

    /// Notes that a request naming a session began (it is in use until ``finished(_:)``).
    mutating func began(_ id: String) {
        touch(id)
        records[id]?.running += 1
    }

    /// Notes that the line of `requests` requests naming a session ended: the session is idle from now (as far as
    /// the state knows the time: the latest request's or idle check's), not from when the request began.
    mutating func finished(_ id: String, requests: Int = 1) {
        guard var record = records[id] else { return }
        record.running = max(0, record.running - requests)
        record.lastUsedMs = max(record.lastUsedMs, latestKnownMs)
        records[id] = record
    }

    /// Closes every session no request has named for ``Limits/sessionIdleSeconds`` as of `nowMs` (the server's
    /// wall clock in ms since start). Sessions with a subscription are in use and never expire. Returns the ids
    /// closed.
    public mutating func expireIdleSessions(nowMs: Double) -> [String] {
        let idleMs = limits.sessionIdleSeconds * 1000
        latestKnownMs = max(latestKnownMs, nowMs)
        guard idleMs > 0 else { return [] }
        let watched = Set(subscriptions.values.map(\.session))
        let stale = sessionOrder.filter { id in
            guard let record = records[id], !watched.contains(id), record.running == 0 else { return false }
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
        let ended = subscriptions.values.filter { $0.connection == connection }
        subscriptions = subscriptions.filter { $0.value.connection != connection }
        unwatchIfUnsubscribed(ended.map(\.session))
    }

    /// Adds a subscription to `session` for `connection` (a new id), owed the events recorded after the session's
    /// last finished change; starts the session's collection of events for subscribers. Never waits for a request
    /// running on the session. Returns the subscription's id.
    mutating func subscribe(
        connection: Int, session id: String, slot: SessionSlot, kinds: Set<String>?
    ) -> Int {
        let subscription = nextSubscriptionID
        nextSubscriptionID += 1
        let after = slot.watch()
        subscriptions[subscription] = .init(
            id: subscription, connection: connection, session: id, kinds: kinds, after: after)
        return subscription
    }

    /// Ends one subscription (no event of it is published from now on).
    mutating func unsubscribe(_ subscription: Int) {
        guard let ended = subscriptions.removeValue(forKey: subscription) else { return }
        unwatchIfUnsubscribed([ended.session])
    }

    /// Stops collecting events for each of `sessions` that nobody subscribes to any more.
    private mutating func unwatchIfUnsubscribed(_ ids: [String]) {
        for id in Set(ids) where !subscriptions.values.contains(where: { $0.session == id }) {
            sessions[id]?.unwatch()
        }
    }

    /// Ends every subscription of a connection that cannot keep up and returns, for each, the final `event`
    /// notification that says why (to be written to that connection).
    public mutating func dropSubscriptions(
        ofSlowConnection connection: Int, queuedBytes: Int
    ) -> [(subscription: Int, notice: JSONValue)] {
        let dropped = subscriptions.values.filter { $0.connection == connection }.sorted { $0.id < $1.id }
        for subscription in dropped { subscriptions[subscription.id] = nil }
        unwatchIfUnsubscribed(dropped.map(\.session))
        return dropped.map { subscription in
            let notice = Envelope.event(
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
            return (subscription.id, notice)
        }
    }

    /// The `event` notifications owed to subscribers for trace events recorded in `changed` sessions since the
    /// last call: each session's fresh events with its subscriptions, paired outside the lock (``EventDelivery``). Called under
    /// the daemon's lock, so each event is published once and in order whichever request's line gets here first. A
    /// session nobody subscribes to costs nothing here; one with subscribers gives the events its changes collected
    /// (``SessionSlot/takeFresh()``), without waiting for a request running on it.
    mutating func pendingNotifications(for changed: [(id: String, slot: SessionSlot)]) -> EventDelivery {
        guard !subscriptions.isEmpty else { return EventDelivery() }
        var delivery = EventDelivery()
        let ordered = subscriptions.values.sorted { $0.id < $1.id }
        for (id, slot) in changed where sessions[id] === slot {
            let subscribers = ordered.filter { $0.session == id }
            guard !subscribers.isEmpty else { continue }
            let events = slot.takeFresh()
            guard !events.isEmpty else { continue }
            delivery.batches.append(EventDelivery.Batch(session: id, events: events, subscriptions: subscribers))
        }
        return delivery
    }
}
