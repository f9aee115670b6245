import ChoreoEngine
import ChoreoJSON
import ChoreoLocks
import ChoreoMotion
import ChoreoProtocol
import Logging
import NIOCore

/// The daemon's shared state: the protocol state behind one lock, and the open connections (for pushing events
/// and for draining at shutdown).
public final class DaemonCore: Sendable {
    struct Connections {
        var nextID = 1
        var open: [Int: Outbox] = [:]
    }

    /// Sent down every connection's pipeline when the daemon stops: answer what was read, then close.
    public struct ShutdownEvent: Sendable {
        public init() {}
    }

    let state: Locked<DaemonState>
    let connections: Locked<Connections>
    /// The limits in force (also inside `state`; kept here to read them without the lock).
    public let limits: Limits
    let startedAt: ContinuousClock.Instant
    let logger: Logger
    let onShutdownRequest: @Sendable () -> Void
    /// Where lines that may take long run (``LineRunner``).
    let runner: LineRunner
    /// The order in which lines deliver the events they owe subscribers.
    let deliveries = DeliveryOrder()
    /// Jobs handed to the runner (each runs lines of one connection) and not yet done.
    private let running: Locked<Int>
    /// Bytes of unfinished lines the connections hold (``Limits/maxPendingInputBytes``).
    private let pendingInput = Locked(0)

    /// Creates the core hosting `apps` with limits, a logger, what to do when a client calls `daemon.shutdown`, and
    /// where lines run (the server's worker pool; `.inline` runs them on the connection's event loop).
    public init(
        apps: AppRegistry, limits: Limits, logger: Logger, runner: LineRunner = .inline,
        onShutdownRequest: @escaping @Sendable () -> Void
    ) {
        state = Locked(DaemonState(limits: limits, apps: apps), hooks: runner.lockHooks)
        connections = Locked(Connections(), hooks: runner.lockHooks)
        running = Locked(0, hooks: runner.lockHooks)
        self.limits = limits
        startedAt = .now
        self.logger = logger
        self.runner = runner
        self.onShutdownRequest = onShutdownRequest
    }

    /// A core with default limits that logs nothing, for tests and fuzzing; lines run where `runner` says (by
    /// default on the connection's event loop).
    public convenience init(apps: AppRegistry, runner: LineRunner = .inline) {
        self.init(
            apps: apps, limits: Limits(), logger: Logger(label: "choreod", factory: { _ in SwiftLogNoOpLogHandler() }),
            runner: runner, onShutdownRequest: {})
    }

    /// Changes a connection's share of the unfinished input from `held` bytes to `holding`; false (and nothing
    /// changed) if that would take the connections past ``Limits/maxPendingInputBytes``.
    func holdPendingInput(from held: Int, to holding: Int) -> Bool {
        pendingInput.withLock { total in
            let next = total - held + holding
            guard holding <= held || next <= limits.maxPendingInputBytes else { return false }
            total = next
            return true
        }
    }

    /// Bytes of unfinished lines the connections hold now.
    public var pendingInputBytes: Int { pendingInput.withLock { $0 } }

    /// Wall-clock milliseconds since the daemon started.
    var uptimeMs: Double {
        let elapsed = ContinuousClock.now - startedAt
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }

    func register(_ channel: Channel) -> (id: Int, outbox: Outbox) {
        let outbox = Outbox(channel: channel, lockHooks: runner.lockHooks)
        let id = connections.withLock { c in
            let id = c.nextID
            c.nextID += 1
            c.open[id] = outbox
            return id
        }
        return (id, outbox)
    }

    func unregister(_ id: Int) {
        _ = connections.withLock { $0.open.removeValue(forKey: id) }
        state.withLock { $0.connectionClosed(id) }
    }

    /// The channels of every open connection.
    public var openChannels: [Channel] { connections.withLock { $0.open.values.map(\.channel) } }

    /// Marks the daemon as stopping: new sessions are refused from now on.
    public func beginShutdown() {
        state.withLock { $0.isShuttingDown = true }
    }

    /// Closes the sessions that have been idle for longer than the limit; returns their ids.
    @discardableResult
    public func expireIdleSessions() -> [String] {
        let now = uptimeMs
        let expired = state.withLock { $0.expireIdleSessions(nowMs: now) }
        if !expired.isEmpty {
            logger.info(
                "closed idle sessions",
                metadata: [
                    "sessions": "\(expired.joined(separator: ","))",
                    "idleSeconds": "\(limits.sessionIdleSeconds)",
                ])
        }
        return expired
    }

    /// What a line left to write: its reply (serialized; nil when it is owed nothing or, always for an open
    /// connection, when the reply went to the connection's outbox behind the line's events) and whether it asked
    /// the daemon to stop.
    struct LineAnswer: Sendable {
        var reply: ByteBuffer?
        var requestedShutdown: Bool
    }

    /// What a line published under the daemon's lock: what it owes, and its turn to deliver the events (nil when it
    /// owes subscribers nothing).
    private struct Publication {
        var served: Served
        var turn: Int?
    }

    /// Runs one decoded line for `connection` (``RPCProcessor/serve(_:state:context:publish:deliver:)``, the one call
    /// into the protocol: requests on different sessions run in parallel), on whatever thread calls it. The reply is
    /// serialized here, with `allocator`; the events the line caused are delivered to their subscribers outside the
    /// daemon's lock, in the order the lines published them (``DeliveryOrder``). The reply is queued in the
    /// connection's outbox after them, so the connection's messages leave in the order its lines ran whichever
    /// thread ran them and whenever the event loop writes the outbox; `reply` is returned only for a connection no
    /// longer open.
    func execute(_ decoded: RPCProcessor.Decoded, connection: Int, allocator: ByteBufferAllocator) -> LineAnswer {
        let context = RequestContext(connection: connection, uptimeMs: uptimeMs)
        let deliveries = self.deliveries
        let published = RPCProcessor.serve(
            decoded, state: state, context: context,
            publish: { _, served in
                Publication(served: served, turn: served.notifications.isEmpty ? nil : deliveries.take())
            },
            deliver: { publication in
                deliveries.inTurn(publication.turn) {
                    deliver(publication.served.notifications, from: connection, allocator: allocator)
                }
            })
        let reply = published.served.reply.map { Outbox.encode($0, allocator: allocator) }
        // The reply always follows the line's events through the connection's outbox: a reply handed back apart
        // from it could be overtaken by a later line's, written by the event loop with the outbox while this one
        // still waits among the pool's answers.
        let direct = deliveries.inTurn(published.turn) { () -> ByteBuffer? in
            deliver(published.served.notifications, from: connection, allocator: allocator)
            guard let reply, let own = connections.withLock({ $0.open[connection] }) else { return reply }
            own.append(own: reply)
            return nil
        }
        return LineAnswer(reply: direct, requestedShutdown: published.served.requestedShutdown)
    }

    /// How many jobs run on the worker pool now (each runs lines of one connection, ``LineQueue``).
    public var jobsRunning: Int { running.withLock { $0 } }

    /// Runs `work` with the runner, counted in ``jobsRunning`` until it returns.
    func runOffLoop(_ work: @escaping @Sendable () -> Void) {
        running.withLock { $0 += 1 }
        runner.run { [running] in
            work()
            running.withLock { $0 -= 1 }
        }
    }

    /// Decodes a line, runs it (``execute(_:connection:allocator:)``) and serializes its reply.
    func execute(line: ByteBuffer, connection: Int, allocator: ByteBufferAllocator) -> LineAnswer {
        let decoded = line.withUnsafeReadableBytes { RPCProcessor.decode($0) }
        return execute(decoded, connection: connection, allocator: allocator)
    }

    /// Queues each event in its subscribers' outboxes, its notification built once for all of them, and schedules
    /// the drains; run in the line's turn, outside the daemon's lock. A subscriber whose connection already has more
    /// than ``Limits/maxQueuedOutputBytes`` unread (or whose channel is over its high-water mark) loses its
    /// subscriptions, each ended by a final `event` notification with `dropped` saying why; events of the
    /// connection's own line are queued for it whatever its backlog (it writes them with its reply).
    private func deliver(_ delivery: EventDelivery, from connection: Int, allocator: ByteBufferAllocator) {
        guard !delivery.isEmpty else { return }
        let outboxes = connections.withLock { $0.open }
        var toSchedule: [Int: Outbox] = [:]
        var dropped: Set<Int> = []
        for item in delivery.items {
            var shared: ByteBuffer? = nil
            for to in item.subscribers {
                guard let outbox = outboxes[to.connection], !dropped.contains(to.connection) else { continue }
                let own = to.connection == connection
                if !own, outbox.bytes > limits.maxQueuedOutputBytes || !outbox.channel.isWritable {
                    dropped.insert(to.connection)
                    if dropSubscriptions(of: to.connection, outbox: outbox, allocator: allocator) {
                        toSchedule[to.connection] = outbox
                    }
                    continue
                }
                if shared == nil {
                    shared = allocator.buffer(bytes: Envelope.eventStart(session: item.session, event: item.event.json))
                }
                if outbox.append(event: shared!, subscription: to.subscription, counted: !own), !own {
                    toSchedule[to.connection] = outbox
                }
            }
        }
        for outbox in toSchedule.values {
            outbox.channel.eventLoop.execute { outbox.drain() }
        }
    }

    /// Ends every subscription of a connection that does not read its events (under the daemon's lock, briefly) and
    /// queues the notices; returns true when a drain must be scheduled.
    private func dropSubscriptions(of target: Int, outbox: Outbox, allocator: ByteBufferAllocator) -> Bool {
        let queued = outbox.bytes
        logger.notice(
            "dropping the subscriptions of a connection that does not read its events",
            metadata: ["connection": "\(target)", "queuedBytes": "\(queued)"])
        let queuedTotal = queued + (outbox.channel.isWritable ? 0 : limits.maxQueuedOutputBytes)
        let ended = state.withLock { $0.dropSubscriptions(ofSlowConnection: target, queuedBytes: queuedTotal) }
        return outbox.end(ended.map { ($0.subscription, Outbox.encode($0.notice, allocator: allocator)) })
    }
}
