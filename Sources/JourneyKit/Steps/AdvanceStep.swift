import ChoreoClient
import ChoreoJSON

/// `advance: 400`: moves the session's virtual clock forward (`clock.advance`).
struct AdvanceStep: PlannedStep {
    static let keywords = ["advance"]
    static let examples = ["advance: 400", "advance: 400ms", "advance: 1.5s"]

    /// How far to move the clock, in virtual milliseconds.
    var ms: Double

    static func parse(_ source: StepSource) throws(JourneyError) -> AdvanceStep {
        AdvanceStep(ms: try DurationParser.milliseconds(source.value))
    }

    var label: String { "advance \(JSONValue.number(ms).serialized()) ms" }

    func plan(in context: StepContext) -> [PlannedRequest] {
        [context.request("clock.advance", ["ms": .double(ms)])]
    }

    func judge(_ replies: [PlannedReply], in context: inout StepContext) throws(StepFailure) {
        context.now = try replies[0].stepValue()["now"]?.doubleValue ?? context.now
    }
}
