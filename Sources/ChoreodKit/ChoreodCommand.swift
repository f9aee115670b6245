import ArgumentParser
import ChoreoEngine
import ChoreoJSON
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

/// A daemon hosting your apps: the entry point of `choreod` and of a team's own daemon.
///
/// ```swift
/// // Sources/my-choreod/main.swift
/// import ChoreodKit
/// import MyApp
/// await Choreod.main(apps: [MyApp.self])
/// ```
public enum Choreod {
    /// Parses the command line (or `arguments`), then serves `apps` until SIGTERM/SIGINT or `daemon.shutdown`; the
    /// first app is `session.create`'s default. Exits the process with the command's status.
    public static func main(apps: [any AppModel.Type], arguments: [String]? = nil) async -> Never {
        if let problem = problem(with: apps) {
            FileHandleless.write(2, "choreod: \(problem)\n")
            ChoreodCommand.exit(withError: ExitCode(1))
        }
        let registry = AppRegistry(apps)
        do {
            let command = try ChoreodCommand.parseAsRoot(arguments)
            guard let choreod = command as? ChoreodCommand else {
                var other = command
                try other.run()
                ChoreodCommand.exit()
            }
            try await choreod.run(apps: registry)
            ChoreodCommand.exit()
        } catch {
            ChoreodCommand.exit(withError: error)
        }
    }
}

extension Choreod {
    /// What makes `apps` impossible to host, in words naming the fix; nil when they can be.
    static func problem(with apps: [any AppModel.Type]) -> String? {
        guard !apps.isEmpty else { return "no apps to host: pass at least one to Choreod.main(apps:)" }
        var seen = Set<String>()
        let twice = apps.map { $0.appName }.filter { !seen.insert($0).inserted }
        if let name = twice.first { return "two apps are named '\(name)': each app needs its own appName" }
        for app in apps {
            if let problem = app.declarationProblems.first { return "\(app.appName): \(problem)" }
            for method in (app as? any AppMethods.Type)?.methods ?? [] {
                var names = Set<String>()
                for name in method.params.map(\.name) where name == "session" || !names.insert(name).inserted {
                    return "\(app.appName)'s method \(method.name) declares the parameter `\(name)` "
                        + (name == "session" ? "itself: the daemon adds `session` to every app method" : "twice")
                }
            }
        }
        let clashes = MethodTable.clashes(for: AppRegistry(apps))
        if !clashes.isEmpty {
            return "methods declared twice: \(clashes.joined(separator: ", ")) (an app's methods (AppMethods) need "
                + "names no other app and not the engine use, e.g. app.<yourApp>.<command>)"
        }
        return nil
    }
}

/// `choreod`'s command line: parses it, wires the server and runs it until SIGTERM/SIGINT or `daemon.shutdown`.
struct ChoreodCommand: ParsableCommand {
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
        , version: DaemonIdentity.versionText
    )

    @OptionGroup var options: DaemonOptions

    @OptionGroup(title: "Limits") var limitOptions: LimitOptions

    @Flag(
        name: .customLong("print-openrpc"),
        help: "Print the OpenRPC document (what protocol/openrpc.json holds) and exit.")
    var printOpenRPC = false

    @Flag(
        name: .customLong("print-state-reference"),
        help: "Print the state reference (what protocol/state.md holds) and exit.")
    var printStateReference = false

    @Flag(
        name: .customLong("print-apps"),
        help: "Print every app's app.describe answer, as a JSON array (what protocol/apps.json holds), and exit.")
    var printApps = false

    /// Serves `apps` (or prints a document of them and returns).
    func run(apps: AppRegistry) async throws {
        if printOpenRPC {
            print(OpenRPCDocument.text(apps: apps), terminator: "")
            return
        }
        if printStateReference {
            print(StateReferenceDocument.markdown(apps: apps), terminator: "")
            return
        }
        if printApps {
            print(JSONValue.array(apps.apps.map(apps.description(of:))).prettyPrinted())
            return
        }
        let level = options.level
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "choreod")
        let environment = SocketLocation.processEnvironment
        let socket = options.socket
        let path = SocketPathRules.resolve(explicit: socket, environment: environment, uid: UInt32(getuid()))
        // A path the user chose may live in a sticky shared directory such as /tmp; the default ones may not.
        let chosen = !(socket ?? "").isEmpty || !(environment["CHOREO_SOCKET"] ?? "").isEmpty
        let server = ChoreoServer(
            configuration: .init(
                socketPath: path, apps: apps, limits: limitOptions.limits, allowStickyDirectory: chosen),
            logger: logger
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
