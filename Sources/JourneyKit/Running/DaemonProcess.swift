import Foundation

/// A private `choreod` started for one run on a socket in a temporary folder, stopped with SIGTERM at the end.
public final class DaemonProcess: @unchecked Sendable {
    /// Why the daemon could not be started.
    public struct StartError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The socket it listens on.
    public let socketPath: String
    private let process: Process
    private let folder: String

    /// Finds `choreod`: `$CHOREOD`, then next to the running executable, then on `PATH`.
    public static func locateBinary() -> String? {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["CHOREOD"], FileManager.default.isExecutableFile(atPath: explicit) {
            return explicit
        }
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let sibling = me.deletingLastPathComponent().appendingPathComponent("choreod").path
        if FileManager.default.isExecutableFile(atPath: sibling) { return sibling }
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(directory)/choreod"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Starts the daemon and waits for its "listening on" line.
    public init(binary: String) throws {
        folder = NSTemporaryDirectory() + "journey-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        socketPath = folder + "/choreod.sock"
        process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--socket", socketPath, "--log-level", "warning", "--max-sessions", "100000"]
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            throw StartError(description: "cannot start \(binary): \(error.localizedDescription)")
        }
        let line = DaemonProcess.readLine(output.fileHandleForReading)
        guard line.hasPrefix("listening on ") else {
            process.terminate()
            throw StartError(
                description: "\(binary) did not start (it printed \(line.isEmpty ? "nothing" : "'\(line)'"))")
        }
    }

    private static func readLine(_ handle: FileHandle) -> String {
        var bytes: [UInt8] = []
        while true {
            let chunk = handle.readData(ofLength: 1)
            guard let byte = chunk.first, byte != 10 else { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Stops the daemon (SIGTERM) and removes its folder.
    public func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: folder)
    }
}
