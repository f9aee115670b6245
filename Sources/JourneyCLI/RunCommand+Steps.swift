import ArgumentParser
import ChoreoClient
import Foundation
import JourneyKit

/// The steps of `journey run`, in the order ``RunCommand/run()`` takes them.
extension RunCommand {
    /// `FILE:LINE` given as a path (as Playwright takes it) is FILE, filtered to the journey or variant at LINE.
    static func splittingLocations(paths: [String], filter: [String]) -> (paths: [String], filter: [String]) {
        var paths = paths
        var filter = filter
        for (index, path) in paths.enumerated() where !FileManager.default.fileExists(atPath: path) {
            if let (file, _) = JourneyFilter.location(path), FileManager.default.fileExists(atPath: file) {
                paths[index] = file
                filter.append(path)
            }
        }
        return (paths, filter)
    }

    /// The shard this process runs: `--shard K/N`, else Bazel's `TEST_SHARD_INDEX`/`TEST_TOTAL_SHARDS` (whose status
    /// file, when asked for, is touched to say sharding is supported); nil for the whole suite.
    func chosenShard(environment: [String: String]) throws -> (index: Int, total: Int)? {
        var choice = try shard.map(parseShard)
        if choice == nil, let total = environment["TEST_TOTAL_SHARDS"].flatMap(Int.init), total > 1,
            let index = environment["TEST_SHARD_INDEX"].flatMap(Int.init)
        {
            choice = (index, total)
        }
        if let statusFile = environment["TEST_SHARD_STATUS_FILE"], !statusFile.isEmpty {
            _ = FileManager.default.createFile(atPath: statusFile, contents: nil)
        }
        return choice
    }

    /// The parser with the run's variables and the contract: `--contract FILE`, else the daemon's apps.
    func makeParser(environment: [String: String], client: ChoreoClient) async throws -> JourneyParser {
        var parser = JourneyParser()
        do {
            parser.variables = try variables.parsed(environment: environment)
        } catch {
            printError("journey: \(error.message)")
            throw ExitCode(2)
        }
        if let contract {
            parser.contract = try DaemonContract.contract(file: contract)
        } else {
            parser.contract = try await DaemonContract.contract(client: client)
        }
        return parser
    }

    /// The journeys to run: every file read and checked (exit 2 naming each mistake, nothing run), then picked
    /// (--filter, --tags, --last-failed) and sharded. Picking needs the journeys, so it reads every file and the shard
    /// is taken of what it picks; without picking only the shard's files are read.
    func pick(
        files: [String], filter: [String], shard: (index: Int, total: Int)?, parser: JourneyParser
    ) throws -> [Journey] {
        var files = files
        let journeyFilter = JourneyFilter(filter)
        let picking = !filter.isEmpty || !tags.isEmpty || lastFailed
        if let (index, total) = shard, !picking {
            files = JourneyDiscovery.shard(files, index: index, total: total)
        }
        var checked = zip(files, parser.check(files: files)).map { (file: $0, outcome: $1) }
        if !filter.isEmpty {
            checked = checked.filter { file, outcome in
                outcome.journey.map { !journeyFilter.variants(of: $0).isEmpty }
                    ?? journeyFilter.matches(name: nil, path: file)
            }
        }
        let problems = checked.flatMap(\.outcome.problems)
        guard problems.isEmpty else {
            for problem in problems { printError("journey: \(problem)") }
            if reporter == .github { print(CIAnnotations.github(problems), terminator: "") }
            let count = checked.filter { !$0.outcome.problems.isEmpty }.count
            printError("journey: \(count) journey file(s) with mistakes; nothing was run")
            throw ExitCode(2)
        }
        var journeys = checked.compactMap(\.outcome.journey)
        do {
            journeys = try select(journeys, filter: journeyFilter)
        } catch {
            printError("journey: \(error.message)")
            throw ExitCode(error.exitCode)
        }
        if let (index, total) = shard, picking {
            journeys = JourneyDiscovery.shard(journeys, index: index, total: total)
        }
        return journeys
    }

    /// What the run collects besides the verdicts, from the report options.
    var runOptions: RunOptions {
        var options = RunOptions()
        options.collectTimeline = html != nil
        options.updateGolden = updateGolden
        options.exportAHAP = ahap != nil
        options.screenOnFailure = screens != nil
        options.keepSnapshot = htmlScreens != nil
        options.failFast = failFast
        return options
    }

    /// Runs the journeys, one connection per job so they run in parallel end to end, with a progress bar on a
    /// terminal; then draws the report's screens (`--html-screens`) on the first connection.
    func runSuite(_ journeys: [Journey], connection: DaemonConnection, showProgress: Bool) async -> [JourneyResult] {
        var clients = [connection.client]
        for _ in 1..<max(1, min(jobs, journeys.count)) {
            if let extra = try? await ChoreoClient.connect(socketPath: connection.socketPath) { clients.append(extra) }
        }
        var results = await SuiteRunner(jobs: jobs, repeatCount: `repeat`, options: runOptions).run(
            journeys, clients: clients
        ) { done, total in
            guard showProgress, total >= 20 else { return }
            let width = 30
            let filled = done * width / total
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
            FileHandle.standardError.write(Data("\r\(bar) \(done)/\(total)\(done == total ? "\r\u{1B}[K" : "")".utf8))
        }
        for extra in clients.dropFirst() { await extra.close() }
        if let htmlScreens {
            results = await ScreenReel.draw(results, client: connection.client, everyFrames: htmlScreens) {
                done, total in
                guard showProgress, total >= 5 else { return }
                FileHandle.standardError.write(
                    Data("\rdrawing screens \(done)/\(total)\(done == total ? "\r\u{1B}[K" : "")".utf8))
            }
        }
        return results
    }

    /// The verdicts on stdout: TAP, or the console report; GitHub's annotations with `--reporter github`.
    func printReport(
        _ results: [JourneyResult], notRun: Int, wallMs: Double, tap: Bool, environment: [String: String]
    ) {
        if tap {
            print(TAPReport.render(results), terminator: "")
            if notRun > 0 { print("# \(notRun) not run (--fail-fast)") }
        } else {
            let color = !noColor && isatty(1) == 1 && environment["NO_COLOR"] == nil
            for line in ConsoleReport.report(results, wallMilliseconds: wallMs, color: color) { print(line) }
            if notRun > 0 { print("\(notRun) not run (--fail-fast)") }
        }
        if reporter == .github { print(CIAnnotations.github(results), terminator: "") }
    }

    /// The last-failed cache and the report files asked for (exit 2 when one cannot be written).
    func writeReports(_ results: [JourneyResult], notRun: Int, wallMs: Double) throws {
        let cache = LastFailed.directory(cacheDir)
        LastFailed.load(from: cache).updated(with: results).save(in: cache)
        do {
            if let junit { try TextFile.write(JUnitReport.render(results), to: junit) }
            if let gitlab { try TextFile.write(CIAnnotations.gitlab(results), to: gitlab) }
            if let json {
                try TextFile.write(JSONReport.render(results, wallMilliseconds: wallMs, notRun: notRun), to: json)
            }
            if let html { try TextFile.write(HTMLReport.render(results, overlayVariants: htmlOverlay), to: html) }
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
    }
}
