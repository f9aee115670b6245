import ChoreoClient
import ChoreoJSON

/// `advance: 400`: moves the session's virtual clock forward (`clock.advance`).
struct AdvanceStep: JourneyStepKind {
    static let keywords = ["advance"]
    static let examples = ["advance: 400", "advance: 400ms", "advance: 1.5s"]

    /// How far to move the clock, in virtual milliseconds.
    var ms: Double

    static func parse(_ source: StepSource) throws(JourneyError) -> AdvanceStep {
        AdvanceStep(ms: try DurationParser.milliseconds(source.value))
    }

    var label: String { "advance \(JSONValue.number(ms).serialized()) ms" }

    func run(in context: inout StepContext) async throws(StepFailure) {
        let result = try await context.ask { session throws(ChoreoClientError) in
            try await session.advance(ms: ms)
        }
        context.now = result["now"]?.doubleValue ?? context.now
    }
}
