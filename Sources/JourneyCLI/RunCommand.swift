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

            Filtering: --filter PATTERN runs the journeys whose name or path contains PATTERN, ignoring case, and \
            the matrix variants whose name (`name:`, else their short label) does; a PATTERN with *, ? or [ is a \
            glob (* crosses /) matched against the whole name, the whole path or the path's last components (e.g. \
            'foundation/*'); FILE:LINE picks the journey in FILE, and the variant whose matrix entry holds LINE. \
            Repeat it to pick what any pattern picks. --tags picks by `tags:`; a journey with `only: true` makes \
            the run take only those (--forbid-only refuses them, for CI); `skip:` journeys are reported, not run. \
            Sharding applies to what is picked.

            Variables: --var NAME=VALUE (repeatable) and $CHOREO_VAR_NAME give ${NAME} to every journey (--var \
            wins); a value is typed as YAML would type it (400 is a number).

            Re-running: each run records what did not pass in last-failed.json in the user's cache \
            ($XDG_CACHE_HOME/choreo-journey, else ~/.cache/choreo-journey; --cache-dir to choose); --last-failed runs \
            only those (everything when none is recorded). --fail-fast stops at the first journey that does not \
            pass (those not started are counted as not run).

            CI: --reporter github prints GitHub Actions annotations (::error file=…,line=…) after the console \
            report; --gitlab FILE writes GitLab's code quality report.

            Exit codes: 0 everything that ran passed, 1 a journey failed or could not run, 2 bad usage, a journey \
            with mistakes, or a report that cannot be written.

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

    @Option(
        help: ArgumentHelp(
            "Run only journeys tagged TAG (`tags:` in the file); repeat it, or separate with commas, for any of several.",
            valueName: "TAG"))
    var tags: [String] = []

    @Flag(help: "Refuse to run when a journey says `only: true` (for CI: a focused journey left in by mistake).")
    var forbidOnly = false

    @Flag(help: "Stop at the first journey that does not pass; those not started are reported as not run.")
    var failFast = false

    @Flag(help: "Run only what did not pass in the last runs (last-failed.json in the cache); all when none.")
    var lastFailed = false

    @Option(
        help: ArgumentHelp(
            "Where the record of failures for --last-failed is kept (default: $XDG_CACHE_HOME/choreo-journey, else "
                + "~/.cache/choreo-journey).", valueName: "folder"))
    var cacheDir: String?

    @OptionGroup var variables: RunVariables

    @Option(
        help: ArgumentHelp(
            "console (default), tap (as --tap), or github: the console report, then a GitHub Actions annotation per failure.",
            valueName: "NAME"))
    var reporter: Reporter = .console

    @Option(help: ArgumentHelp("Write GitLab's code quality report (JSON) to this file.", valueName: "FILE"))
    var gitlab: String?

    /// `--reporter`: what goes to stdout.
    enum Reporter: String, ExpressibleByArgument, CaseIterable {
        case console, tap, github
    }

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
            "With --html: draw each journey's screen every N frames and at each step into the report.",
            discussion: "A screen pane beside each timeline follows the time cursor (a link ending in &t=MS puts the "
                + "cursor there), the steps table shows the screen after each step, and a film strip shows every "
                + "drawn frame. Each distinct picture is stored once, as SVG (a few KB); the interval widens past "
                + "400 frames a journey.",
            valueName: "N"))
    var htmlScreens: Int?

    @Flag(help: "With --html: overlay each journey's matrix variants on one chart per lane they share.")
    var htmlOverlay = false

    @Option(
        help: ArgumentHelp(
            "Write each journey's haptics as an Apple Core Haptics pattern to DIR (haptics.export).",
            discussion: "One file per journey (and matrix variant): NAME.ahap, named after the journey file.",
            valueName: "DIR"))
    var ahap: String?

    @Option(
        help: ArgumentHelp(
            "Write the screen where each journey failed to DIR (screen.render), as SVG.",
            discussion: "One file per failing journey (and variant), named after the journey file and the failing "
                + "step's line; each failure's message names its file.",
            valueName: "DIR"))
    var screens: String?

    @Option(help: "Run each journey N times and fail if its traces differ (determinism check).")
    var `repeat`: Int = 1

    @Flag(help: "Rewrite golden trace files (expectTrace) instead of comparing.")
    var updateGolden = false

    @Flag(help: "No colors in the console report.")
    var noColor = false

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1.") }
        if let htmlScreens {
            guard htmlScreens >= 1 else {
                throw ValidationError("--html-screens takes a number of frames, at least 1.")
            }
            guard html != nil else {
                throw ValidationError("--html-screens draws into the HTML report: add --html FILE.")
            }
        }
        if htmlOverlay, html == nil {
            throw ValidationError("--html-overlay draws into the HTML report: add --html FILE.")
        }
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
        let (paths, filter) = Self.splittingLocations(paths: self.paths, filter: self.filter)
        let files: [String]
        do {
            files = try JourneyDiscovery.files(in: paths)
        } catch {
            printError("journey: \(error)")
            throw ExitCode(2)
        }
        let shardChoice = try chosenShard(environment: environment)
        // The apps come from --contract FILE, or from the daemon the journeys will run on (app.describe), so a daemon
        // built with other apps (Choreod.main(apps:)) is checked against its own; the engine's methods are this
        // binary's.
        let connection = try await DaemonConnection.openForCommand(socket: socket, allowSpawn: true)
        let journeys: [Journey]
        do {
            let parser = try await makeParser(environment: environment, client: connection.client)
            journeys = try pick(files: files, filter: filter, shard: shardChoice, parser: parser)
        } catch {
            await connection.close()
            throw error
        }
        let showTAP = tap || reporter == .tap
        let clock = ContinuousClock()
        let started = clock.now
        var results = await runSuite(journeys, connection: connection, showProgress: isatty(2) == 1 && !showTAP)
        await connection.close()
        let wallMs = (clock.now - started).milliseconds
        if let screens {
            do {
                results = try FailureScreens.write(results, to: screens)
            } catch {
                printError("journey: cannot write a screen: \(error.localizedDescription)")
                throw ExitCode(2)
            }
        }
        let notRun = SuiteRunner.units(journeys).count - results.count
        printReport(results, notRun: notRun, wallMs: wallMs, tap: showTAP, environment: environment)
        try writeReports(results, notRun: notRun, wallMs: wallMs)
        if results.contains(where: { $0.status == .failed || $0.status == .error }) { throw ExitCode(1) }
    }

    func select(_ journeys: [Journey], filter: JourneyFilter) throws(JourneyCLIError) -> [Journey] {
        var picked = journeys
        if !filter.patterns.isEmpty {
            picked = picked.compactMap(filter.picking)
            if picked.isEmpty {
                throw JourneyCLIError(
                    message: "--filter \(filter.patterns.joined(separator: ", ")) matches no journey", exitCode: 2)
            }
        }
        let wanted = Set(
            tags.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() } })
        if !wanted.isEmpty {
            picked = picked.filter { !wanted.isDisjoint(with: $0.tags.map { $0.lowercased() }) }
            if picked.isEmpty {
                let known = Set(journeys.flatMap(\.tags)).sorted()
                throw JourneyCLIError(
                    message: "--tags \(wanted.sorted().joined(separator: ",")) matches no journey"
                        + (known.isEmpty ? " (no journey has `tags:`)" : " (tags: \(known.joined(separator: ", ")))"),
                    exitCode: 2)
            }
        }
        let focused = picked.filter(\.only)
        if !focused.isEmpty {
            if forbidOnly {
                throw JourneyCLIError(
                    message: "--forbid-only: `only: true` in \(focused.map(\.file).joined(separator: ", ")); "
                        + "remove it before committing", exitCode: 2)
            }
            printError(
                "journey: only: true in \(focused.count) journey(s); \(picked.count - focused.count) other(s) left out")
            picked = focused
        }
        if lastFailed {
            if let failed = LastFailed.load(from: LastFailed.directory(cacheDir)).pick(picked) {
                picked = failed
                if picked.isEmpty { printError("journey: --last-failed: none of these journeys failed last time") }
            } else {
                printError(
                    "journey: --last-failed: no failures recorded (\(LastFailed.path(in: LastFailed.directory(cacheDir)))); "
                        + "running everything")
            }
        }
        return picked
    }
}

/// A report file that could not be written, named (the underlying error often names none).
struct ReportFileError: LocalizedError {
    var path: String
    var reason: String
    var errorDescription: String? { "\(path): \(reason)" }
}
