import ArgumentParser
import ChoreoApps
import ChoreoEngine
import ChoreoSoak
import Foundation

/// `choreo-soak`: random journeys through choreod's request processing, in process, with the invariants checked
/// after every step; a failing case is shrunk and printed as a journey file.
@main
struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "choreo-soak",
        abstract: "Run random journeys against the apps and check the invariants after every step.",
        discussion: """
            Each case is named by its seed: `--seed S --cases 1` reruns case S alone (the first case's seed is S; \
            later ones are derived from it). A failing case is shrunk by delta debugging to a minimal list of \
            steps and written as a journey file to --out. Exit code 1 when any case failed.
            """
    )

    @Option(help: "How many cases per app.") var cases = 100
    @Option(help: "Steps per case.") var steps = 200
    @Option(help: "The run's seed.") var seed: UInt64 = 1
    @Option(help: "One app (\(AppCatalog.names.joined(separator: ", "))), or all.") var app = "all"
    @Option(help: "Where shrunk journeys are written.") var out = ".build/soak"
    @Option(help: "Check determinism (each case run twice) on every Nth case; 0 never.") var determinismEvery = 1
    @Option(help: "Stop after this many seconds (0: no limit).") var seconds = 0.0
    @Option(help: "Shrink at most this many failures.") var maxShrinks = 5
    @Flag(help: "Print how often each trace event kind was recorded (what the random steps reached).") var stats = false
    @Option(
        help: """
            Instead of cases: one session of this many steps per app, every invariant checked after each step, no \
            fork or export steps, and an export that must import to the same state and trace every --checkpoint \
            steps (progress, steps per minute and RSS printed there). --cases, --steps and --determinism-every \
            are ignored.
            """) var long: Int?
    @Option(help: "With --long: steps between export/import checks and progress lines.") var checkpoint = 100_000

    func run() throws {
        let registry = AppCatalog.registry
        let apps = app == "all" || app == "both" ? registry.names : [app]
        guard apps.allSatisfy({ registry.app(named: $0) != nil }) else {
            throw ValidationError(
                "--app \(app): not an app of choreod (\(registry.names.joined(separator: ", ")), all)")
        }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        if let long {
            guard long >= 1, checkpoint >= 1 else { throw ValidationError("--long and --checkpoint must be ≥ 1") }
            try runLong(apps: apps, steps: long, registry: registry)
            return
        }
        let started = Date()
        var totals: [String: (cases: Int, steps: Int, failures: Int)] = [:]
        var failuresByInvariant: [String: Int] = [:]
        var shrinks = 0
        var kinds: [String: [String: Int]] = [:]
        var hits: [String: [String: Int]] = [:]
        var anyFailed = false
        outer: for index in 0..<cases {
            for app in apps {
                if seconds > 0, Date().timeIntervalSince(started) > seconds { break outer }
                let caseSeed = index == 0 ? seed : SoakRandom.caseSeed(seed, index)
                let determinism = determinismEvery > 0 && index % determinismEvery == 0
                let outcome = Soak.check(
                    app: app, apps: registry, seed: caseSeed, length: steps, determinism: determinism)
                var total = totals[app] ?? (0, 0, 0)
                total.cases += 1
                total.steps += outcome.soakCase.steps.count
                for (kind, count) in outcome.traceKinds { kinds[app, default: [:]][kind, default: 0] += count }
                for (promise, count) in outcome.hits { hits[app, default: [:]][promise, default: 0] += count }
                if let failure = outcome.failure {
                    anyFailed = true
                    total.failures += 1
                    let key = "\(app): \(failure.invariant)"
                    failuresByInvariant[key, default: 0] += 1
                    say("FAIL \(app) seed \(caseSeed) step \(failure.step): \(failure.invariant): \(failure.detail)")
                    if failuresByInvariant[key] == 1, shrinks < maxShrinks, failure.invariant != "nondeterministic" {
                        shrinks += 1
                        try shrinkAndWrite(outcome.soakCase, failure: failure, registry: registry)
                    }
                }
                totals[app] = total
            }
            if (index + 1) % 25 == 0 {
                let minutes = Date().timeIntervalSince(started) / 60
                let line = totals.sorted { $0.key < $1.key }.map {
                    "\($0.key) \($0.value.cases) cases \($0.value.steps) steps"
                }
                say(String(format: "[%.1f min] ", minutes) + line.joined(separator: ", "))
            }
        }
        let minutes = Date().timeIntervalSince(started) / 60
        for (app, total) in totals.sorted(by: { $0.key < $1.key }) {
            say("\(app): \(total.cases) cases, \(total.steps) steps, \(total.failures) failed")
            // Issue 44's promise invariants: how often the journeys met each one's case.
            let met = (hits[app] ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            say("  promise hits: " + (met.isEmpty ? "none" : met.joined(separator: ", ")))
        }
        if stats {
            for (app, counts) in kinds.sorted(by: { $0.key < $1.key }) {
                say("\(app) trace events:")
                for (kind, count) in counts.sorted(by: { $0.key < $1.key }) { say("  \(kind): \(count)") }
            }
        }
        for (key, count) in failuresByInvariant.sorted(by: { $0.key < $1.key }) { say("  \(key): \(count)") }
        say(String(format: "%.2f minutes, seed %llu", minutes, seed))
        if anyFailed { throw ExitCode(1) }
    }
}

extension SoakCommand {
    /// `--long`: one session per app, run and checked step by step, with progress at each checkpoint.
    func runLong(apps: [String], steps: Int, registry: AppRegistry) throws {
        var failed = false
        for app in apps {
            let started = Date()
            let outcome = Soak.long(app: app, apps: registry, seed: seed, length: steps, checkpoint: checkpoint) {
                done in
                let minutes = Date().timeIntervalSince(started) / 60
                say(
                    String(
                        format: "[%.1f min] %@: %d steps, %.0f steps/min, RSS %d MiB, export/import equal", minutes,
                        app, done, Double(done) / max(minutes, 1e-9), residentMiB()))
            }
            let minutes = Date().timeIntervalSince(started) / 60
            if let failure = outcome.failure {
                failed = true
                say("FAIL \(app) seed \(seed) step \(failure.step): \(failure.invariant): \(failure.detail)")
                try shrinkAndWrite(outcome.soakCase, failure: failure, registry: registry)
            } else {
                say(String(format: "%@: one session of %d steps, every invariant held (%.1f min)", app, steps, minutes))
            }
        }
        if failed { throw ExitCode(1) }
    }

    /// Shrinks a failing case by delta debugging and writes it to --out as a journey file.
    func shrinkAndWrite(_ soakCase: SoakCase, failure: SoakFailure, registry: AppRegistry) throws {
        let (small, smallFailure) = Soak.shrink(soakCase, failure: failure, apps: registry)
        let text = Soak.journey(small, failure: smallFailure, apps: registry)
        let path = "\(out)/soak-\(soakCase.app)-\(soakCase.seed).yaml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        say("shrunk to \(small.steps.count) steps: \(path)\n\(text)")
    }

    /// This process's resident set, in MiB (Linux's /proc/self/status; 0 where there is none).
    func residentMiB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kib = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kib / 1024
    }
}

/// Prints a line at once (a soak's progress shows while it runs, even into a file).
func say(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}
