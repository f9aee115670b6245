import ArgumentParser
import ChoreoClient
import Foundation
import JourneyKit

/// `journey watch`: runs the journeys, then re-runs those whose file or includes change, on one warm daemon.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Run journeys, then re-run each one whose file or includes change, on one warm daemon.",
        discussion: """
            Every --interval ms the files are looked at again (their modification times): a journey runs again when \
            its own file or a file it includes changed, and a new journey file under a folder given runs too. The \
            daemon is found or started as `journey run` does and kept warm between runs. Mistakes are printed as \
            `journey validate` prints them, and watching goes on. Ctrl-C stops it (and a daemon it started).
            """
    )

    @Argument(help: "Journey files or folders.")
    var paths: [String]

    @Option(help: "The daemon's socket (default: $CHOREO_SOCKET, the default socket, or a private daemon).")
    var socket: String?

    @Option(help: "How often to look for changes, in milliseconds (wall time).")
    var interval: Int = 300

    @Option(help: "Stop after this many runs (the first included); default: never.")
    var runs: Int?

    @Flag(help: "No colors in the console report.")
    var noColor = false

    func validate() throws {
        guard interval >= 10 else { throw ValidationError("--interval must be at least 10 ms.") }
        if let runs, runs < 1 { throw ValidationError("--runs must be at least 1.") }
    }

    func run() async throws {
        let connection = try await DaemonConnection.openForCommand(socket: socket, allowSpawn: true)
        let color = !noColor && isatty(1) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        var parser = JourneyParser()
        parser.contract = try await DaemonContract.contract(client: connection.client)
        var seen: [String: Date] = [:]
        var done = 0
        var first = true
        while runs.map({ done < $0 }) ?? true {
            let files = (try? JourneyDiscovery.files(in: paths)) ?? []
            var stamps: [String: Date] = [:]
            func stamp(_ file: String) -> Date? {
                if let known = stamps[file] { return known }
                let date = (try? FileManager.default.attributesOfItem(atPath: file))?[.modificationDate] as? Date
                stamps[file] = date
                return date
            }
            var due: [(file: String, dependencies: [String])] = []
            for file in files {
                let checked = parser.check(file: file)
                let dependencies = checked.journey?.files ?? [file]
                if first || dependencies.contains(where: { seen[$0] != stamp($0) }) { due.append((file, dependencies)) }
            }
            for file in Set(files + due.flatMap(\.dependencies)) { seen[file] = stamp(file) }
            if !due.isEmpty {
                done += 1
                first = false
                await runOnce(due.map(\.file), parser: parser, client: connection.client, color: color)
                print("watching \(files.count) journey file(s); Ctrl-C stops", terminator: "\n\n")
                flushStandardOutput()
            }
            if let runs, done >= runs { break }
            try? await Task.sleep(for: .milliseconds(interval))
        }
        await connection.close()
    }

    /// One run of `files`: their mistakes, or their results and a summary, as `journey run` prints them.
    private func runOnce(_ files: [String], parser: JourneyParser, client: ChoreoClient, color: Bool) async {
        let checked = parser.check(files: files)
        for problem in checked.flatMap(\.problems) { print("journey: \(problem)") }
        let journeys = checked.compactMap(\.journey)
        let run = await SuiteRunner.runTimed(journeys, client: client)
        for line in ConsoleReport.report(run.results, wallMilliseconds: run.wallMilliseconds, color: color) {
            print(line)
        }
    }
}

/// Flushes stdout now: a watch's report is read live through pipes (stdio buffers them in blocks otherwise).
private func flushStandardOutput() {
    fflush(nil)  // every output stream, stdout among them
}
