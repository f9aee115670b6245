import ChoreoClient
import ChoreoJSON

/// `until: {hero.progress: {gte: 0.5}}` with `within: 500`: advances the virtual clock one frame at a time (the
/// session's fps; frame k at k·1000/fps ms after the step's start, so no rounding adds up) until every expectation
/// holds, and at most `within` virtual milliseconds. It holds at the first frame where they all do (checked before
/// the first advance too); otherwise it fails with the time it gave up and the values it saw last.
struct UntilStep: JourneyStepKind {
    static let keywords = ["until"]
    static let modifiers: Set<String> = ["within"]
    static let requiredModifiers: Set<String> = ["within"]
    static let examples = ["until: {hero.progress: {gte: 0.5}}\nwithin: 500"]

    /// What must hold, as `expect:` reads it.
    var expect: ExpectStep
    /// How long to advance at most, in virtual milliseconds.
    var withinMs: Double

    static func parse(_ source: StepSource) throws(JourneyError) -> UntilStep {
        // The expectations first: a misspelt path is named whether or not `within` is there yet.
        let expect = try ExpectStep.parse(source)
        guard let within = source["within"] else {
            throw JourneyError(
                message: "`until:` needs `within: MS`, how long to advance at most (e.g. within: 500)",
                line: source.value.line)
        }
        return UntilStep(expect: expect, withinMs: try DurationParser.milliseconds(within))
    }

    var label: String {
        "until " + expect.entries.map(\.path).joined(separator: ", ") + " within "
            + JSONValue.number(withinMs).serialized() + " ms"
    }

    func run(in context: inout StepContext) async throws(StepFailure) {
        let start = context.now
        let frameMs = 1000 / context.fps
        var frame = 0
        while true {
            var probe = context
            probe.checks = []
            do throws(StepFailure) {
                try await expect.run(in: &probe)
                context.checks = probe.checks
                return
            } catch {
                let elapsed = context.now - start
                guard elapsed < withinMs else {
                    context.checks = probe.checks
                    let seen = probe.checks.map { "\($0.path) = \($0.actual?.serialized() ?? "nothing")" }
                    throw StepFailure(
                        message: "until: gave up at \(JSONValue.number(context.now).serialized()) ms, "
                            + "\(JSONValue.number(withinMs).serialized()) ms after \(JSONValue.number(start).serialized()) ms, "
                            + "without the expectations holding; seen last: \(seen.joined(separator: ", ")) ("
                            + error.message + ")",
                        expected: error.expected, actual: error.actual, statePath: error.statePath)
                }
            }
            frame += 1
            let target = start + min(Double(frame) * frameMs, withinMs)
            let step = target - context.now
            let result = try await context.ask { session throws(ChoreoClientError) in
                try await session.advance(ms: step)
            }
            context.now = result["now"]?.doubleValue ?? target
        }
    }
}
