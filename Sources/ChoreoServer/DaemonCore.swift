import ChoreoCore
import ChoreoJSON
import ChoreoProtocol
import Logging
import NIOCore
import Synchronization

/// The daemon's shared state: the protocol state behind one lock, and the open connections (for pushing events
/// and for draining at shutdown).
public final class DaemonCore: Sendable {
    struct Connections {
        var nextID = 1
        var channels: [Int: Channel] = [:]
    }

    let state: Mutex<DaemonState>
    let connections = Mutex(Connections())
    let startedAt: ContinuousClock.Instant
    let logger: Logger
    let onShutdownRequest: @Sendable () -> Void

    /// Creates the core with limits, a logger and what to do when a client calls `daemon.shutdown`.
    public init(limits: Limits, logger: Logger, onShutdownRequest: @escaping @Sendable () -> Void) {
        state = Mutex(DaemonState(limits: limits))
        startedAt = .now
        self.logger = logger
        self.onShutdownRequest = onShutdownRequest
    }

    var uptimeMs: Double {
        let elapsed = ContinuousClock.now - startedAt
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }

    func register(_ channel: Channel) -> Int {
        connections.withLock { c in
            let id = c.nextID
            c.nextID += 1
            c.channels[id] = channel
            return id
        }
    }

    func unregister(_ id: Int) {
        _ = connections.withLock { $0.channels.removeValue(forKey: id) }
        state.withLock { $0.connectionClosed(id) }
    }

    var openChannels: [Channel] { connections.withLock { Array($0.channels.values) } }

    /// Marks the daemon as stopping: new sessions are refused from now on.
    func beginShutdown() {
        state.withLock { $0.isShuttingDown = true }
    }

    /// Runs one decoded line: executes it under the lock, pushes events to other connections' subscribers (in
    /// order, while still holding the lock), and returns the reply plus the events owed to `connection` itself.
    func execute(_ decoded: RPCProcessor.Decoded, connection: Int) -> (
        reply: JSONValue?, own: [JSONValue], shutdown: Bool
    ) {
        let context = RequestContext(connection: connection, uptimeMs: uptimeMs)
        return state.withLock { state in
            let wasShuttingDown = state.isShuttingDown
            let reply = RPCProcessor.execute(decoded, state: &state, context: context)
            var own: [JSONValue] = []
            for (target, message) in state.pendingNotifications() {
                if target == connection {
                    own.append(message)
                } else if let channel = connections.withLock({ $0.channels[target] }) {
                    var buffer = channel.allocator.buffer(capacity: 256)
                    buffer.writeBytes(RPCProcessor.encode(message))
                    channel.writeAndFlush(buffer, promise: nil)
                }
            }
            return (reply, own, state.isShuttingDown && !wasShuttingDown)
        }
    }
}
