import ArgumentParser
import ChoreoPaths
import ChoreoProtocol
import ChoreoServer
import Logging
import ServiceLifecycle

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `choreod`: parses the command line, wires the server and runs it until SIGTERM/SIGINT or `daemon.shutdown`.
@main
struct Choreod: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "choreod",
        abstract: "Choreo's daemon: headless UI state machines under a virtual clock, driven over JSON-RPC 2.0.",
        discussion: """
            Listens on a Unix socket for JSON-RPC 2.0, one JSON text per line. The socket path is, in order: \
            --socket, $CHOREO_SOCKET, $XDG_RUNTIME_DIR/choreo/choreod.sock, /tmp/choreo-$UID/choreod.sock. \
            The directory is created 0700 and the socket 0600. Prints one line, "listening on PATH", on stdout; \
            logs go to stderr. SIGTERM or SIGINT stop it gracefully.

            Try it:  echo '{"jsonrpc":"2.0","id":1,"method":"daemon.info"}' | socat - UNIX-CONNECT:PATH
            """
    )

    @Option(help: "The Unix socket path (default: see above).")
    var socket: String?

    @Option(help: "Log level: trace, debug, info, notice, warning, error or critical.")
    var logLevel: String = "info"

    @Option(
        help: "The longest request line accepted, in bytes; a longer one gets an error and its connection is closed.")
    var maxLineBytes: Int = 8 * 1024 * 1024

    @Option(help: "The most sessions open at once.")
    var maxSessions: Int = 1000

    @Option(help: "Close a session after this many seconds of wall time without a request naming it (0: never).")
    var sessionIdleSeconds: Double = 3600

    @Option(
        help: ArgumentHelp(
            "Unsent reply bytes one connection may queue before choreod stops reading its requests.",
            discussion: "Its event subscriptions are dropped too."))
    var maxQueuedOutputBytes: Int = 4 * 1024 * 1024

    @Option(help: "Close a connection whose queued replies have not drained for this many seconds.")
    var slowClientSeconds: Double = 30

    @Option(help: "The most timers one session may have pending.")
    var maxTimersPerSession: Int = 10_000

    @Option(help: "The most animations one session may start over its life.")
    var maxAnimationsPerSession: Int = 100_000

    @Option(help: "The most timers and animation milestones one clock.advance or clock.settle may fire.")
    var maxEventsPerAdvance: Int = 1_000_000

    func validate() throws {
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical.")
        }
        guard maxLineBytes >= 1024 else { throw ValidationError("--max-line-bytes must be at least 1024.") }
        guard maxSessions >= 1 else { throw ValidationError("--max-sessions must be at least 1.") }
        guard sessionIdleSeconds >= 0, sessionIdleSeconds.isFinite else {
            throw ValidationError("--session-idle-seconds must be a number of seconds ≥ 0 (0 turns expiry off).")
        }
        guard maxQueuedOutputBytes >= 65536 else {
            throw ValidationError("--max-queued-output-bytes must be at least 65536.")
        }
        guard slowClientSeconds >= 0.1, slowClientSeconds.isFinite else {
            throw ValidationError("--slow-client-seconds must be at least 0.1.")
        }
        guard maxTimersPerSession >= 1 else { throw ValidationError("--max-timers-per-session must be at least 1.") }
        guard maxAnimationsPerSession >= 1 else {
            throw ValidationError("--max-animations-per-session must be at least 1.")
        }
        guard maxEventsPerAdvance >= 1 else { throw ValidationError("--max-events-per-advance must be at least 1.") }
    }

    func run() async throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "choreod")
        let environment = SocketLocation.processEnvironment
        let path = SocketPathRules.resolve(explicit: socket, environment: environment, uid: UInt32(getuid()))
        // A path the user chose may live in a sticky shared directory such as /tmp; the default ones may not.
        let chosen = !(socket ?? "").isEmpty || !(environment["CHOREO_SOCKET"] ?? "").isEmpty
        var limits = Limits()
        limits.maxLineBytes = maxLineBytes
        limits.maxSessions = maxSessions
        limits.sessionIdleSeconds = sessionIdleSeconds
        limits.maxQueuedOutputBytes = maxQueuedOutputBytes
        limits.slowClientSeconds = slowClientSeconds
        limits.maxTimersPerSession = maxTimersPerSession
        limits.maxAnimationsPerSession = maxAnimationsPerSession
        limits.maxEventsPerAdvance = maxEventsPerAdvance
        let server = ChoreoServer(
            configuration: .init(socketPath: path, limits: limits, allowStickyDirectory: chosen), logger: logger
        ) { listeningPath in
            FileHandleless.write(1, "listening on \(listeningPath)\n")
        }
        let group = ServiceGroup(
            configuration: .init(
                services: [.init(service: server, successTerminationBehavior: .gracefullyShutdownGroup)],
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger))
        do {
            try await group.run()
        } catch let error as StartupError {
            logger.error("cannot start: \(error.description)")
            FileHandleless.write(2, "choreod: \(error.description)\n")
            throw ExitCode(1)
        }
    }
}

/// Writes straight to a file descriptor (unbuffered, so the listening line is out before anyone waits for it).
enum FileHandleless {
    static func write(_ fd: Int32, _ text: String) {
        var text = text
        text.withUTF8 { buffer in
            #if canImport(Glibc)
                _ = Glibc.write(fd, buffer.baseAddress, buffer.count)
            #else
                _ = Darwin.write(fd, buffer.baseAddress, buffer.count)
            #endif
        }
    }
}
