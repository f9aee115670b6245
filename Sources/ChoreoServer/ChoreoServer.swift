import ChoreoEngine
import ChoreoLocks
import ChoreoMotion
import ChoreoProtocol
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The daemon's listener: a `Service` that binds the Unix socket, serves JSON-RPC on every connection, and on
/// graceful shutdown (SIGTERM, SIGINT or `daemon.shutdown`) stops accepting, answers what was read, closes every
/// connection and removes the socket file.
public final class ChoreoServer: Service, Sendable {
    /// How the server is set up.
    public struct Configuration: Sendable {
        /// The socket path (already resolved).
        public var socketPath: String
        /// The apps sessions can host.
        public var apps: AppRegistry
        /// The protocol limits.
        public var limits: Limits
        /// Event-loop threads (default: one per core).
        public var threads: Int
        /// Worker threads that run requests off the event loops (default: 4 per core, at least 8): as many requests
        /// on different sessions run at once; more wait for a free worker (daemon-wide requests never do).
        public var workerThreads: Int
        /// How long a request runs at its worker's priority before the thread's nice value rises by 10 until it
        /// ends, in milliseconds (``RequestWorkers``; 0: never): long requests then take the CPU time cheap ones
        /// leave.
        public var demoteAfterMilliseconds: Double
        /// Whether the socket may live in a directory others can write to when it has the sticky bit (`/tmp`):
        /// true only for a path the user chose (`--socket`, `$CHOREO_SOCKET`); the default locations must be
        /// private directories.
        public var allowStickyDirectory: Bool

        public init(
            socketPath: String, apps: AppRegistry, limits: Limits = Limits(), threads: Int = System.coreCount,
            workerThreads: Int = max(8, 4 * System.coreCount), demoteAfterMilliseconds: Double = 0.5,
            allowStickyDirectory: Bool = false
        ) {
            self.socketPath = socketPath
            self.apps = apps
            self.limits = limits
            self.threads = threads
            self.workerThreads = workerThreads
            self.demoteAfterMilliseconds = demoteAfterMilliseconds
            self.allowStickyDirectory = allowStickyDirectory
        }
    }

    private let configuration: Configuration
    private let logger: Logger
    private let onListening: @Sendable (String) -> Void
    private let shutdownRequest = Locked<(requested: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

    /// Creates a server; `onListening` is called once the socket accepts connections.
    public init(configuration: Configuration, logger: Logger, onListening: @escaping @Sendable (String) -> Void) {
        self.configuration = configuration
        self.logger = logger
        self.onListening = onListening
    }

    /// Asks the server to stop as on SIGTERM.
    public func requestShutdown() {
        let waiter = shutdownRequest.withLock { state -> CheckedContinuation<Void, Never>? in
            state.requested = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    private func waitForShutdownRequest() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = shutdownRequest.withLock { state -> Bool in
                if state.requested { return true }
                state.waiter = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Expires idle sessions periodically: every tenth of the idle time, at least every 30 s, at most every 50 ms.
    private static func scheduleIdleSweep(core: DaemonCore, on loop: EventLoop) -> RepeatedTask? {
        let idle = core.limits.sessionIdleSeconds
        guard idle > 0 else { return nil }
        let interval = TimeAmount.nanoseconds(Int64(min(30, max(0.05, idle / 10)) * 1e9))
        return loop.scheduleRepeatedTask(initialDelay: interval, delay: interval) { _ in
            core.expireIdleSessions()
        }
    }

    public func run() async throws {
        let path = configuration.socketPath
        try SocketLocation.prepare(path, allowStickyDirectory: configuration.allowStickyDirectory)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, configuration.threads))
        let workers = RequestWorkers(
            threads: max(1, configuration.workerThreads),
            demoteAfterMilliseconds: configuration.demoteAfterMilliseconds)
        // A strong capture: the server does not hold the core, so there is no cycle (a weak one left its side table
        // behind at exit, which LeakSanitizer reported).
        let core = DaemonCore(
            apps: configuration.apps, limits: configuration.limits, logger: logger, runner: .pool(workers)
        ) {
            self.requestShutdown()
        }
        let limits = configuration.limits
        let waterMark = ChannelOptions.Types.WriteBufferWaterMark(
            low: max(1, limits.maxQueuedOutputBytes / 2), high: max(2, limits.maxQueuedOutputBytes))
        let previousMask = umask(0o177)
        let channel: Channel
        do {
            let admission = ConnectionAdmission(maximum: limits.maxConnections, logger: logger)
            let logger = self.logger
            channel = try await ServerBootstrap(group: group)
                .serverChannelOption(.backlog, value: 1024)
                .serverChannelInitializer { server in
                    server.eventLoop.makeCompletedFuture {
                        try server.pipeline.syncOperations.addHandler(AcceptPause(logger: logger))
                    }
                }
                .childChannelOption(.maxMessagesPerRead, value: 16)
                // A client that sends its lines and half-closes (`socat -t`) is answered before the connection
                // closes: its lines may still be running on the worker pool when its input ends.
                .childChannelOption(.allowRemoteHalfClosure, value: true)
                .childChannelOption(.writeBufferWaterMark, value: waterMark)
                .childChannelInitializer { channel in
                    guard admission.admit(channel) else { return channel.eventLoop.makeSucceededVoidFuture() }
                    return ConnectionPipeline.accept(channel, core: core)
                }
                .bind(unixDomainSocketPath: path, cleanupExistingSocketFile: false)
                .get()
        } catch {
            umask(previousMask)
            workers.shutdown()
            try? await group.shutdownGracefully()
            throw error
        }
        umask(previousMask)
        logger.info("listening", metadata: ["socket": "\(path)"])
        let idleSweep = Self.scheduleIdleSweep(core: core, on: group.next())
        onListening(path)

        await withGracefulShutdownHandler {
            await waitForShutdownRequest()
        } onGracefulShutdown: {
            self.requestShutdown()
        }

        idleSweep?.cancel()
        logger.info("shutting down: no longer accepting connections")
        core.beginShutdown()
        try? await channel.close()
        let open = core.openChannels
        for connection in open {
            // Each connection stops reading, answers every line it has read, flushes and closes (or is closed after
            // the slow-client time if its client does not read the answers).
            connection.pipeline.fireUserInboundEventTriggered(DaemonCore.ShutdownEvent())
        }
        for connection in open { try? await connection.closeFuture.get() }
        SocketLocation.remove(path)
        let abandoned = core.jobsRunning
        logger.info("stopped", metadata: ["connectionsClosed": "\(open.count)", "requestsAbandoned": "\(abandoned)"])
        // A request given up on (still running after the slow-client time) keeps its worker and would answer to an
        // event loop that is gone: the process exits around it instead of waiting.
        guard abandoned == 0 else { return }
        workers.shutdown()
        try? await group.shutdownGracefully()
    }
}
