import ChoreoClient
import ChoreoJSON

/// `expectHaptics: [light, medium]`: the haptics played since the previous `expectHaptics` (or since `since`), in
/// order, exactly.
struct ExpectHapticsStep: TimedEventsStep {
    static let keywords = ["expectHaptics"]
    static let examples = [
        "expectHaptics: [light, medium]", "expectHaptics: {haptics: [{style: light, at: 200, tol: 1}], since: 0}",
    ]
    static let listKey = "haptics"
    static let valueKey = "style"
    static let detailKeys = ["source"]
    static var markCount: KeyPath<Mark, Int> { \.haptics }
    static func check(_ value: JSONValue, line: Int, source: StepSource) {
        source.checkHapticStyle(value, line: line)
    }
    static var cursor: WritableKeyPath<StepContext, Int> { \.hapticCursor }

    static func request(since: Double?, in context: StepContext) -> PlannedRequest {
        context.request("haptics.list", since.map { ["since": .double($0)] } ?? [:])
    }

    static func events(_ reply: PlannedReply) throws(StepFailure) -> [JSONValue] {
        try reply.list("haptics", of: "haptics.list")
    }

    var assertedKinds: Set<String> { ["haptic"] }
    var expected: [TimedExpectation]
    var since: TimeReference?

    var label: String { "expectHaptics [\(expected.map(\.value.description).joined(separator: ", "))]" }
}
