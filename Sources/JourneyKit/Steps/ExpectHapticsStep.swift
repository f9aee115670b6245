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
    static var cursor: WritableKeyPath<StepContext, Int> { \.hapticCursor }

    static func events(since: Double?, in session: ChoreoSession) async throws(ChoreoClientError) -> [JSONValue] {
        try await session.haptics(since: since)
    }

    var expected: [TimedExpectation]
    var since: Double?

    var label: String { "expectHaptics [\(expected.map(\.value.description).joined(separator: ", "))]" }
}
