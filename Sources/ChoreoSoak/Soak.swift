import ChoreoEngine
import ChoreoJSON

/// One random journey: the session it creates and the steps it ran.
public struct SoakCase: Sendable, Hashable {
    public var app: String
    public var seed: UInt64
    public var createParams: [String: JSONValue]
    public var steps: [SoakStep]

    public init(app: String, seed: UInt64, createParams: [String: JSONValue], steps: [SoakStep]) {
        self.app = app
        self.seed = seed
        self.createParams = createParams
        self.steps = steps
    }
}

/// What running a case found.
public struct SoakOutcome: Sendable {
    public var soakCase: SoakCase
    public var failure: SoakFailure?
    /// The trace at the end (`trace.get`'s events, serialized), for the determinism check.
    public var trace: [UInt8]
    /// How many trace events of each kind the case recorded (what the random steps reached).
    public var traceKinds: [String: Int] = [:]
    /// How often each promise invariant met its case (``SoakRunner/hits``).
    public var hits: [String: Int] = [:]
}

/// Random journeys: generate, run, check, shrink and print.
public enum Soak {
    /// Generates case `seed` for `app` (one of `apps`) step by step from the states it reaches, running each step
    /// as it goes.
    public static func generate(app: String, apps: AppRegistry, seed: UInt64, length: Int) -> SoakOutcome {
        guard let model = apps.app(named: app) else {
            let soakCase = SoakCase(app: app, seed: seed, createParams: [:], steps: [])
            let failure = SoakFailure(invariant: "unknown app", step: 0, detail: "\(app) (apps: \(apps.names))")
            return SoakOutcome(soakCase: soakCase, failure: failure, trace: [])
        }
        var generator = SoakGenerator(app: model, seed: seed)
        let createParams = generator.createParams()
        var soakCase = SoakCase(app: app, seed: seed, createParams: createParams, steps: [])
        var runner: SoakRunner
        do throws(SoakFailure) {
            runner = try SoakRunner(createParams: createParams, apps: apps)
        } catch {
            return SoakOutcome(soakCase: soakCase, failure: error, trace: [])
        }
        do throws(SoakFailure) {
            for _ in 0..<length {
                let step = generator.next(state: runner.state)
                soakCase.steps.append(step)
                try runner.run(step)
            }
            try runner.finish()
        } catch {
            return SoakOutcome(soakCase: soakCase, failure: error, trace: [])
        }
        var outcome = SoakOutcome(soakCase: soakCase, failure: nil, trace: runner.traceBytes(runner.session))
        outcome.traceKinds = runner.traceKindCounts()
        outcome.hits = runner.hits.merging(runner.profile.hits, uniquingKeysWith: +)
        return outcome
    }

    /// One session of `length` generated steps with every invariant checked after each (issue 30's single-session
    /// soak): no step forks or exports; every `checkpoint` steps, and at the end, an export must import to the same
    /// state and trace. Returns the case (its steps, to shrink a failure) and the failure, if any. `progress` is
    /// called at each checkpoint with the steps run so far.
    public static func long(
        app: String, apps: AppRegistry, seed: UInt64, length: Int, checkpoint: Int, progress: (Int) -> Void
    ) -> (soakCase: SoakCase, failure: SoakFailure?) {
        guard let model = apps.app(named: app) else {
            let soakCase = SoakCase(app: app, seed: seed, createParams: [:], steps: [])
            return (soakCase, SoakFailure(invariant: "unknown app", step: 0, detail: "\(app) (apps: \(apps.names))"))
        }
        var generator = SoakGenerator(app: model, seed: seed)
        generator.forksAndExports = false
        var soakCase = SoakCase(app: app, seed: seed, createParams: generator.createParams(), steps: [])
        soakCase.steps.reserveCapacity(length)
        do throws(SoakFailure) {
            var runner = try SoakRunner(createParams: soakCase.createParams, apps: apps)
            for index in 1...max(1, length) {
                let step = generator.next(state: runner.state)
                soakCase.steps.append(step)
                try runner.run(step)
                if index % checkpoint == 0 || index == length {
                    try runner.exportImport(step: index)
                    progress(index)
                }
            }
            try runner.finish()
            return (soakCase, nil)
        } catch {
            return (soakCase, error)
        }
    }

    /// Runs a case's steps as they are (no generation), then the checks at the end.
    public static func replay(_ soakCase: SoakCase, apps: AppRegistry) -> SoakFailure? {
        var codes: [Int?] = []
        return replay(soakCase, apps: apps, errorCodes: &codes)
    }

    /// Replays a case and reports each step's error code (nil for a result).
    public static func replay(_ soakCase: SoakCase, apps: AppRegistry, errorCodes: inout [Int?]) -> SoakFailure? {
        var runner: SoakRunner
        do throws(SoakFailure) {
            runner = try SoakRunner(createParams: soakCase.createParams, apps: apps)
        } catch {
            return error
        }
        do throws(SoakFailure) {
            for step in soakCase.steps { try runner.run(step) }
            try runner.finish()
            errorCodes = runner.errorCodes
            return nil
        } catch {
            errorCodes = runner.errorCodes
            return error
        }
    }

    /// Generates and runs a case, and runs it again from the same seed: the traces must be byte-identical.
    public static func check(
        app: String, apps: AppRegistry, seed: UInt64, length: Int, determinism: Bool = true
    ) -> SoakOutcome {
        var first = generate(app: app, apps: apps, seed: seed, length: length)
        guard first.failure == nil, determinism else { return first }
        let second = generate(app: app, apps: apps, seed: seed, length: length)
        if second.failure != nil || second.trace != first.trace || second.soakCase != first.soakCase {
            first.failure = SoakFailure(
                invariant: "nondeterministic", step: length,
                detail: "the same seed gave a different trace (\(first.trace.count) vs \(second.trace.count) bytes)")
        }
        return first
    }

    /// Delta debugging over the steps: the smallest list found that still fails the same invariant.
    public static func shrink(_ soakCase: SoakCase, failure: SoakFailure, apps: AppRegistry, maxRuns: Int = 3000)
        -> (SoakCase, SoakFailure)
    {
        var best = soakCase
        var bestFailure = failure
        // Steps after the failing one do not matter.
        if failure.step >= 1, failure.step < best.steps.count {
            var cut = best
            cut.steps = Array(best.steps.prefix(failure.step))
            if let found = replay(cut, apps: apps), found.invariant == failure.invariant {
                best = cut
                bestFailure = found
            }
        }
        var runs = 0
        var granularity = 2
        while best.steps.count >= 1, runs < maxRuns {
            let count = best.steps.count
            let chunk = max(1, (count + granularity - 1) / granularity)
            var reduced = false
            var start = 0
            while start < best.steps.count, runs < maxRuns {
                var candidate = best
                candidate.steps.removeSubrange(start..<min(start + chunk, candidate.steps.count))
                runs += 1
                if let found = replay(candidate, apps: apps), found.invariant == failure.invariant {
                    best = candidate
                    bestFailure = found
                    reduced = true
                } else {
                    start += chunk
                }
            }
            if reduced {
                granularity = max(granularity - 1, 2)
            } else {
                if chunk == 1 { break }
                granularity = min(granularity * 2, best.steps.count)
            }
        }
        return (best, bestFailure)
    }

    /// The case as a journey file for `journeys/`: the session's params, then each step as a `call`.
    public static func journey(_ soakCase: SoakCase, failure: SoakFailure, apps: AppRegistry) -> String {
        var codes: [Int?] = []
        _ = replay(soakCase, apps: apps, errorCodes: &codes)
        func oneLine(_ text: String) -> String {
            String(text.map { $0 == "\n" ? " " : $0 })
        }
        var lines = [
            "journey: \"choreo-soak \(soakCase.app) seed \(soakCase.seed): \(failure.invariant)\"",
            "# Found by choreo-soak (Sources/ChoreoSoak) and shrunk to \(soakCase.steps.count) steps.",
            "# Invariant: \(failure.invariant), at step \(failure.step).",
            "# Seen: \(oneLine(String(failure.detail.prefix(600))))",
            "# Replace this comment with the expectation that fails, then fix.",
        ]
        for key in ["app", "seed", "fps", "physics", "settings", "data", "wallClock"] {
            if let value = soakCase.createParams[key] { lines.append("\(key): \(value.serialized())") }
        }
        lines.append("steps:")
        for (index, step) in soakCase.steps.enumerated() {
            lines.append("  - call: \(step.method)")
            if !step.params.isEmpty { lines.append("    params: \(JSONValue.object(step.params).serialized())") }
            if index < codes.count, let code = codes[index], index + 1 != failure.step {
                lines.append("    expectError: {code: \(code)}")
            }
            if index + 1 == failure.step { lines.append("    # <- the invariant fails here") }
        }
        if failure.step > soakCase.steps.count {
            lines.append("  - settle: true")
            lines.append("    # <- the invariant fails at the end (export/import, fork, or the long settle)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
