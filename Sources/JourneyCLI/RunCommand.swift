import ArgumentParser
import ChoreoClient
import ChoreoJSON
import Foundation
import JourneyKit

struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run journeys (files or folders, recursively), each in its own session.",
        discussion: """
            With no --socket and no $CHOREO_SOCKET, journey uses the daemon on the default socket if one answers, \
            and otherwise starts its own choreod on a private socket and stops it at the end.

            Sharding: --shard K/N runs the K-th of N deterministic slices (1-based); Bazel's TEST_TOTAL_SHARDS and \
            TEST_SHARD_INDEX (0-based) do the same, and TEST_SHARD_STATUS_FILE is touched.

            Filtering: --filter PATTERN runs the journeys whose name or path contains PATTERN; a PATTERN with *, ? \
            or [ is a glob (* crosses /) matched against the whole name, the whole path or the path's last \
            components (e.g. 'foundation/*'). Repeat it to pick journeys any pattern matches. Sharding applies to \
            what the filter picks.

            Before anything runs, every journey is checked as `journey validate` checks it; a mistake stops the \
            run (exit 2).

            Folders are searched for *.yaml, *.yml and *.journey.json; names starting with _ (shared include \
            files) and folders named golden are skipped.
            """
    )

    @Argument(help: "Journey files or folders.")
    var paths: [String]

    @Option(help: "The daemon's socket (default: $CHOREO_SOCKET, the default socket, or a private daemon).")
    var socket: String?

    @Option(
        help: "Check the journeys against this contract file (journey contract --save) instead of the daemon's apps.")
    var contract: String?

    @Option(help: "Journeys to run at once (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Run only slice K of N, e.g. 2/4.")
    var shard: String?

    @Option(help: "Run only journeys whose name or path contains this, or matches it as a glob (repeatable).")
    var filter: [String] = []

    @Option(help: "Write a JUnit XML report to this file.")
    var junit: String?

    @Flag(help: "Print TAP version 14 instead of the console report.")
    var tap = false

    @Option(help: "Write a JSON report to this file.")
    var json: String?

    @Option(help: "Write a self-contained HTML report with a timeline per journey to this file.")
    var html: String?

    @Option(
        help: ArgumentHelp(
            "Write each journey's haptics as an Apple Core Haptics pattern to DIR (haptics.export).",
            discussion: "One file per journey (and matrix variant): NAME.ahap, named after the journey file.",
            valueName: "DIR"))
    var ahap: String?

    @Option(help: "Run each journey N times and fail if its traces differ (determinism check).")
    var `repeat`: Int = 1

    @Flag(help: "Rewrite golden trace files (expectTrace) instead of comparing.")
    var updateGolden = false

    @Flag(help: "No colors in the console report.")
    var noColor = false

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1.") }
        guard `repeat` >= 1 else { throw ValidationError("--repeat must be at least 1.") }
        if let shard { _ = try parseShard(shard) }
    }

    func parseShard(_ text: String) throws -> (index: Int, total: Int) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, k >= 1, k <= n else {
            throw ValidationError("--shard takes K/N with 1 ≤ K ≤ N, e.g. --shard 2/4.")
        }
        return (k - 1, n)
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        var files: [String]
        do {
            files = try JourneyDiscovery.files(in: paths)
        } catch {
            printError("journey: \(error)")
            throw ExitCode(2)
        }
        var shardChoice = try shard.map(parseShard)
        if shardChoice == nil, let total = environment["TEST_TOTAL_SHARDS"].flatMap(Int.init), total > 1,
            let index = environment["TEST_SHARD_INDEX"].flatMap(Int.init)
        {
            shardChoice = (index, total)
        }
        if let statusFile = environment["TEST_SHARD_STATUS_FILE"], !statusFile.isEmpty {
            _ = FileManager.default.createFile(atPath: statusFile, contents: nil)
        }

        // The apps come from --contract FILE, or from the daemon the journeys will run on (app.describe), so a daemon
        // built with other apps (Choreod.main(apps:)) is checked against its own; the methods are this binary's.
        let connection = try await DaemonConnection.openForCommand(socket: socket, allowSpawn: true)
        var parser = JourneyParser()
        do {
            if let contract {
                parser.contract = try DaemonContract.contract(file: contract)
            } else {
                parser.contract = try await DaemonContract.contract(client: connection.client)
            }
        } catch {
            await connection.close()
            throw error
        }
        // The filter needs the journeys' names, so it reads every file; the shard is then taken of what it picks.
        // Without a filter only the shard's files are read.
        let journeyFilter = JourneyFilter(filter)
        if let (index, total) = shardChoice, filter.isEmpty {
            files = JourneyDiscovery.shard(files, index: index, total: total)
        }
        var checked = files.map { file in (file: file, outcome: parser.check(file: file)) }
        if !filter.isEmpty {
            checked = checked.filter { journeyFilter.matches(name: $0.outcome.journey?.name, path: $0.file) }
            if let (index, total) = shardChoice {
                checked = JourneyDiscovery.shard(checked, index: index, total: total)
            }
        }
        let problems = checked.flatMap(\.outcome.problems)
        guard problems.isEmpty else {
            for problem in problems { printError("journey: \(problem)") }
            let count = checked.filter { !$0.outcome.problems.isEmpty }.count
            printError("journey: \(count) journey file(s) with mistakes; nothing was run")
            await connection.close()
            throw ExitCode(2)
        }
        let journeys = checked.compactMap(\.outcome.journey)
        if journeys.isEmpty, !filter.isEmpty {
            printError("journey: --filter \(filter.joined(separator: ", ")) matches no journey")
            await connection.close()
            throw ExitCode(2)
        }

        var options = RunOptions()
        options.collectTimeline = html != nil
        options.updateGolden = updateGolden
        options.exportAHAP = ahap != nil
        let color = !noColor && isatty(1) == 1 && environment["NO_COLOR"] == nil
        let showProgress = isatty(2) == 1 && !tap
        let clock = ContinuousClock()
        let started = clock.now
        // One connection per job, so journeys run in parallel end to end.
        var clients = [connection.client]
        for _ in 1..<max(1, min(jobs, journeys.count)) {
            if let extra = try? await ChoreoClient.connect(socketPath: connection.socketPath) { clients.append(extra) }
        }
        let results = await SuiteRunner(jobs: jobs, repeatCount: `repeat`, options: options).run(
            journeys, clients: clients
        ) { done, total in
            guard showProgress, total >= 20 else { return }
            let width = 30
            let filled = done * width / total
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
            FileHandle.standardError.write(Data("\r\(bar) \(done)/\(total)\(done == total ? "\r\u{1B}[K" : "")".utf8))
        }
        for extra in clients.dropFirst() { await extra.close() }
        await connection.close()
        let wallMs = (clock.now - started).milliseconds

        if tap {
            print(TAPReport.render(results), terminator: "")
        } else {
            for line in ConsoleReport.report(results, wallMilliseconds: wallMs, color: color) { print(line) }
        }
        do {
            if let junit { try TextFile.write(JUnitReport.render(results), to: junit) }
            if let json { try TextFile.write(JSONReport.render(results, wallMilliseconds: wallMs), to: json) }
            if let html { try TextFile.write(HTMLReport.render(results), to: html) }
            if let ahap {
                try FileManager.default.createDirectory(atPath: ahap, withIntermediateDirectories: true)
                for (name, document) in AHAPFiles.named(results) {
                    let path = (ahap as NSString).appendingPathComponent(name)
                    do {
                        try (document + "\n").write(toFile: path, atomically: true, encoding: .utf8)
                    } catch {
                        throw ReportFileError(path: path, reason: error.localizedDescription)
                    }
                }
            }
        } catch {
            printError("journey: cannot write a report: \(error.localizedDescription)")
            throw ExitCode(2)
        }
        if results.contains(where: { $0.status != .passed }) { throw ExitCode(1) }
    }
}

/// A report file that could not be written, named (the underlying error often names none).
struct ReportFileError: LocalizedError {
    var path: String
    var reason: String
    var errorDescription: String? { "\(path): \(reason)" }
}
