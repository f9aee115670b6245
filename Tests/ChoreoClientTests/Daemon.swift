import Foundation
import Testing

/// Starts the real choreod on a temporary socket for one test and stops it (SIGTERM) afterwards.
///
/// The binary is `$CHOREOD`, else `choreod` next to the test bundle, else `.build/debug/choreod` of this package.
enum Daemon {
    /// The choreod binary these tests run, or nil when there is none.
    static let binary: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["CHOREOD"], !path.isEmpty {
            return FileManager.default.isExecutableFile(atPath: path) ? path : nil
        }
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidates = [
            bundleDirectory.appendingPathComponent("choreod").path,
            packageRoot.appendingPathComponent(".build/debug/choreod").path,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Why the daemon tests are skipped when ``binary`` is nil.
    static let missing: Comment = """
        choreod binary not found (looked at $CHOREOD, next to the test bundle, and .build/debug/choreod): \
        build it with `swift build` (or `make test`), or set CHOREOD to its path
        """

    /// Runs `body` with the socket path of a fresh daemon (started with `arguments` besides its socket); the daemon is stopped with SIGTERM afterwards, even when
    /// `body` throws.
    static func run<R>(arguments: [String] = [], _ body: (String) async throws -> R) async throws -> R {
        guard let binary else { throw DaemonError(message: "\(missing)") }
        // Socket paths are limited to about 104 bytes: keep it short. choreod creates the directory (0700).
        let directory = "/tmp/choreo-client-\(UUID().uuidString.prefix(8))"
        let socket = directory + "/d.sock"
        defer { try? FileManager.default.removeItem(atPath: directory) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--socket", socket, "--log-level", "error"] + arguments
        let stdout = Pipe()
        // The daemon's log goes to a file, not a pipe: a pipe nobody reads fills up, and a daemon writing to it (a
        // sanitizer's report at exit, under `make test-sanitized`) would then never exit.
        let logPath = directory + ".stderr"
        defer { try? FileManager.default.removeItem(atPath: logPath) }
        guard FileManager.default.createFile(atPath: logPath, contents: nil),
            let stderr = FileHandle(forWritingAtPath: logPath)
        else { throw DaemonError(message: "cannot create \(logPath) for choreod's log") }
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGTERM) }
            process.waitUntilExit()
        }
        let line = readLine(stdout.fileHandleForReading)
        guard line == "listening on \(socket)" else {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            throw DaemonError(message: "choreod did not start: stdout \(line.debugDescription), stderr \(log)")
        }
        return try await body(socket)
    }

    /// Reads one line (without its newline) from `handle`; stops early at end of file.
    private static func readLine(_ handle: FileHandle) -> String {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(handle.fileDescriptor, &byte, 1) == 1, byte != UInt8(ascii: "\n") { bytes.append(byte) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The daemon could not be started.
struct DaemonError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
