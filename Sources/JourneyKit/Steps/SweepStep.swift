import ChoreoClient
import ChoreoJSON

/// `sweep: {from, to, every, steps}`: runs its steps on a fork of the session at every offset from `from` to `to`
/// (virtual ms after the sweep starts, every `every` ms): the fork advances by the offset, then the steps run. Each
/// failing offset is reported with its failure, consecutive ones grouped into ranges. The
/// journey's session is left as it was before the sweep (the forks are closed).
struct SweepStep: JourneyStepKind {
    static let keywords = ["sweep"]
    static let examples = [
        "sweep: {from: 0, to: 400, every: 50, steps: [{back: true}, {settle: true}, {expect: {navigation.screen: goals}}]}"
    ]
    /// The most forks one sweep may run, so a typo (`every: 0.001`) does not run for hours.
    static let maxOffsets = 100_000

    /// The offsets, in virtual ms after the sweep's start.
    var from: Double
    var to: Double
    var every: Double
    /// The steps run at each offset (no includes).
    var steps: [Step]

    static func parse(_ source: StepSource) throws(JourneyError) -> SweepStep {
        let value = source.value
        guard case .mapping = value else {
            throw JourneyError(message: "`sweep:` takes {from, to, every, steps}", line: value.line)
        }
        for key in value.keys where !["from", "to", "every", "steps"].contains(key) {
            throw JourneyError(message: "`sweep:` takes from, to, every and steps, not '\(key)'", line: value.line)
        }
        func duration(_ key: String) throws(JourneyError) -> Double {
            guard let node = value[key] else {
                throw JourneyError(message: "`sweep:` needs `\(key):` (virtual ms)", line: value.line)
            }
            return try DurationParser.milliseconds(node)
        }
        let from = try duration("from")
        let to = try duration("to")
        let every = try duration("every")
        guard to >= from else { throw JourneyError(message: "`sweep:` needs from ≤ to", line: value.line) }
        guard every > 0, (to - from) / every < Double(maxOffsets) else {
            throw JourneyError(
                message: "`sweep:` needs every > 0 and at most \(maxOffsets) offsets from `from` to `to`",
                line: value.line)
        }
        guard let stepsNode = value["steps"], case .sequence(let items, _) = stepsNode, !items.isEmpty else {
            throw JourneyError(message: "`sweep:` needs `steps:`, a non-empty list of steps", line: value.line)
        }
        var steps: [Step] = []
        for item in items {
            if item[StepKinds.include] != nil {
                throw JourneyError(message: "a sweep's steps cannot include files; write them out", line: item.line)
            }
            let kind = try StepKinds.parse(item, file: source.file, chain: source.chain, state: source.state)
            steps.append(Step(kind: kind, location: SourceLocation(file: source.file, line: item.line)))
        }
        return SweepStep(from: from, to: to, every: every, steps: steps)
    }

    /// The offsets swept, in virtual ms.
    var offsets: [Double] {
        let count = Int(((to - from) / every + 1e-9).rounded(.down))
        return (0...count).map { from + Double($0) * every }
    }

    var label: String {
        let number = { (ms: Double) in JSONValue.number(ms).serialized() }
        return "sweep \(number(from))…\(number(to)) ms every \(number(every)) ms (\(offsets.count) forks)"
    }

    func run(in context: inout StepContext) async throws(StepFailure) {
        // The failing numeric comparison farthest from what it accepts: (offset, path, value, matcher, miss).
        var worst: (offset: Double, check: StepResult.Check, miss: Double)? = nil
        for offset in offsets {
            let fork = try await context.ask { session throws(ChoreoClientError) in
                try await session.call("session.fork")
            }
            guard let id = fork["session"]?.stringValue else {
                throw StepFailure(message: "session.fork gave no session")
            }
            var forked = context.on(ChoreoSession(client: context.session.client, id: id))
            var line = 0
            do throws(StepFailure) {
                if offset > 0 { try await AdvanceStep(ms: offset).run(in: &forked) }
                for step in steps {
                    line = step.location.line
                    try await step.kind.run(in: &forked)
                }
                context.sweep.append(StepResult.SweepOffset(offsetMs: offset, failure: nil))
                context.sweep[context.sweep.count - 1].note(swept: forked.checks)
            } catch {
                context.sweep.append(
                    StepResult.SweepOffset(offsetMs: offset, failure: "line \(line): \(error.message)"))
                context.sweep[context.sweep.count - 1].note(swept: forked.checks)
                if let check = forked.checks.last(where: { !$0.passed }), let miss = check.matcher.miss(check.actual),
                    miss > (worst?.miss ?? -1)
                {
                    worst = (offset, check, miss)
                }
            }
            try? await forked.session.close()
        }
        let failures = context.sweep.compactMap { offset in offset.failure.map { (offset.offsetMs, $0) } }
        guard failures.isEmpty else {
            var message = Self.describe(failures, of: offsets)
            if let worst {
                let number = { (value: Double) in JSONValue.number(value).serialized() }
                message +=
                    "; worst at \(number(worst.offset)) ms: \(worst.check.path) = "
                    + "\(worst.check.actual?.serialized() ?? "nothing"), \(number(worst.miss)) away from "
                    + worst.check.matcher.description
            }
            throw StepFailure(message: message)
        }
    }

    /// The failing offsets as ranges of consecutive offsets, each with its first failure:
    /// `failed at 3 of 9 offsets: 100–150 ms: …; 400 ms: …`.
    static func describe(_ failures: [(offset: Double, message: String)], of offsets: [Double]) -> String {
        let index = Dictionary(uniqueKeysWithValues: offsets.enumerated().map { ($0.element, $0.offset) })
        var ranges: [(first: Double, last: Double, message: String)] = []
        var previous: Int?
        for failure in failures {
            let position = index[failure.offset] ?? -1
            if let previous, position == previous + 1, var last = ranges.popLast() {
                last.last = failure.offset
                ranges.append(last)
            } else {
                ranges.append((failure.offset, failure.offset, failure.message))
            }
            previous = position
        }
        let number = { (ms: Double) in JSONValue.number(ms).serialized() }
        let parts = ranges.map { range in
            (range.first == range.last ? number(range.first) : "\(number(range.first))–\(number(range.last))")
                + " ms: " + range.message
        }
        return "failed at \(failures.count) of \(offsets.count) offsets: " + parts.joined(separator: "; ")
    }
}

extension StepResult.SweepOffset {
    /// Keeps the first number the steps checked here, the value the report draws the sweep's curve with.
    mutating func note(swept checks: [StepResult.Check]) {
        guard let check = checks.first(where: { $0.actual?.doubleValue != nil && $0.actual?.boolValue == nil })
        else { return }
        value = check.actual?.doubleValue
        path = check.path
    }
}

extension StepContext {
    /// The same context on another session (a fork): variables, cursors and marks carry over, as the fork has the
    /// same trace, haptics and announcements.
    func on(_ session: ChoreoSession) -> StepContext {
        var copy = self
        copy.session = session
        copy.checks = []
        copy.sweep = []
        copy.gestures = []
        return copy
    }
}
