import ChoreoEngine
import ChoreoJSON
import ChoreoMotion
import ChoreoProtocol
import Logging
import NIOCore

/// The messages owed to one connection, in the order they were produced: its own replies and the events pushed to it
/// by requests of other connections. Everything is appended while the state lock is held, so a connection sees
/// events and replies in the order the requests ran, whichever event loop ran them; the connection's event loop
/// takes the messages out and writes them.
final class Outbox: Sendable {
    /// A message, serialized already (events for other connections) or not yet (a reply: it is serialized on the
    /// connection's event loop, outside the state lock).
    enum Item {
        case encoded(ByteBuffer)
        case message(JSONValue)
    }

    struct Pending {
        var items: [Item] = []
        var bytes = 0
        var drainScheduled = false
    }

    let channel: Channel
    let pending = Locked(Pending())

    init(channel: Channel) {
        self.channel = channel
    }

    /// Bytes of serialized events waiting here (not yet handed to the channel).
    var bytes: Int { pending.withLock { $0.bytes } }

    /// Whether nothing waits here.
    var isEmpty: Bool { pending.withLock { $0.items.isEmpty } }

    /// Appends a reply, to be serialized when it is written.
    func append(reply: JSONValue) {
        pending.withLock { $0.items.append(.message(reply)) }
    }

    /// Serializes and appends an event; returns true when a drain must be scheduled on the connection's event loop.
    func append(event: JSONValue) -> Bool {
        let buffer = Outbox.encode(event, allocator: channel.allocator)
        return pending.withLock { p in
            p.items.append(.encoded(buffer))
            p.bytes += buffer.readableBytes
            defer { p.drainScheduled = true }
            return !p.drainScheduled
        }
    }

    /// The message as one line: its JSON, then `\n`.
    static func encode(_ message: JSONValue, allocator: ByteBufferAllocator) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: 256)
        encode(message, into: &buffer)
        return buffer
    }

    /// Appends the message as one line to `buffer`.
    static func encode(_ message: JSONValue, into buffer: inout ByteBuffer) {
        message.withSerializedBytes { bytes in
            buffer.writeBytes(bytes)
            buffer.writeInteger(UInt8(ascii: "\n"))
        }
    }

    /// Takes every waiting message, oldest first.
    func takeItems() -> [Item] {
        pending.withLock { p in
            defer { p = Pending() }
            return p.items
        }
    }

    /// Takes every waiting message, oldest first, serialized.
    func take() -> [ByteBuffer] {
        takeItems().map { item in
            switch item {
            case .encoded(let buffer): return buffer
            case .message(let message): return Outbox.encode(message, allocator: channel.allocator)
            }
        }
    }

    /// On the connection's event loop: writes and flushes what waits.
    func drain() {
        let buffers = take()
        guard !buffers.isEmpty else { return }
        for buffer in buffers { channel.write(buffer, promise: nil) }
        channel.flush()
    }
}

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
    let connections = Locked(Connections())
    /// The limits in force (also inside `state`; kept here to read them without the lock).
    public let limits: Limits
    let startedAt: ContinuousClock.Instant
    let logger: Logger
    let onShutdownRequest: @Sendable () -> Void

    /// Creates the core hosting `apps` with limits, a logger and what to do when a client calls `daemon.shutdown`.
    public init(
        apps: AppRegistry, limits: Limits, logger: Logger, onShutdownRequest: @escaping @Sendable () -> Void
    ) {
        state = Locked(DaemonState(limits: limits, apps: apps))
        self.limits = limits
        startedAt = .now
        self.logger = logger
        self.onShutdownRequest = onShutdownRequest
    }

    /// A core with default limits that logs nothing, for tests and fuzzing.
    public convenience init(apps: AppRegistry) {
        self.init(
            apps: apps, limits: Limits(), logger: Logger(label: "choreod", factory: { _ in SwiftLogNoOpLogHandler() }),
            onShutdownRequest: {})
    }

    /// Wall-clock milliseconds since the daemon started.
    var uptimeMs: Double {
        let elapsed = ContinuousClock.now - startedAt
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }

    func register(_ channel: Channel) -> (id: Int, outbox: Outbox) {
        let outbox = Outbox(channel: channel)
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

    /// How many connections are open.
    public var connectionCount: Int { connections.withLock { $0.open.count } }

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

    /// Runs one decoded line for `connection` (``RPCProcessor/serve(_:state:context:publish:)``, the one call into
    /// the protocol: requests on different sessions run in parallel), then queues, under the daemon's lock so in
    /// execution order, the events it caused for every subscriber. Returns whether the line asked the daemon to
    /// shut down, and the reply, which the caller on the connection's event loop writes before what the outbox
    /// holds (anything queued there after this point came from a later request); when the outbox already holds
    /// events for `connection`, the reply is queued after them and nil is returned.
    func execute(_ decoded: RPCProcessor.Decoded, connection: Int) -> (requestedShutdown: Bool, reply: JSONValue?) {
        let context = RequestContext(connection: connection, uptimeMs: uptimeMs)
        return RPCProcessor.serve(decoded, state: state, context: context) { state, served in
            let outboxes = connections.withLock { $0.open }
            deliver(served.notifications, from: connection, to: outboxes, state: &state)
            var direct: JSONValue? = nil
            if let reply = served.reply, let own = outboxes[connection] {
                if own.isEmpty { direct = reply } else { own.append(reply: reply) }
            }
            return (served.requestedShutdown, direct)
        }
    }

    /// Queues each notification in its connection's outbox and schedules the drains. A subscriber whose connection
    /// already has more than ``Limits/maxQueuedOutputBytes`` unread loses its subscriptions, each ended by a final
    /// `event` notification with `dropped` saying why.
    private func deliver(
        _ notifications: [(connection: Int, message: JSONValue)], from connection: Int, to outboxes: [Int: Outbox],
        state: inout DaemonState
    ) {
        var toSchedule: [Int: Outbox] = [:]
        var dropped: Set<Int> = []
        for (target, message) in notifications {
            guard let outbox = outboxes[target], !dropped.contains(target) else { continue }
            if target == connection {
                outbox.append(reply: message)
                continue
            }
            let queued = outbox.bytes
            if queued > limits.maxQueuedOutputBytes || !outbox.channel.isWritable {
                dropped.insert(target)
                logger.notice(
                    "dropping the subscriptions of a connection that does not read its events",
                    metadata: ["connection": "\(target)", "queuedBytes": "\(queued)"])
                let queuedTotal = queued + (outbox.channel.isWritable ? 0 : limits.maxQueuedOutputBytes)
                for notice in state.dropSubscriptions(ofSlowConnection: target, queuedBytes: queuedTotal) {
                    if outbox.append(event: notice) { toSchedule[target] = outbox }
                }
            } else if outbox.append(event: message) {
                toSchedule[target] = outbox
            }
        }
        for outbox in toSchedule.values {
            outbox.channel.eventLoop.execute { outbox.drain() }
        }
    }
}
