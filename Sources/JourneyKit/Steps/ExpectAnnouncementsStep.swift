import ChoreoClient
import ChoreoJSON

/// `expectAnnouncements: ["Goal reached"]`: the VoiceOver announcements made since the previous
/// `expectAnnouncements` (or since `since`), in order, exactly.
struct ExpectAnnouncementsStep: TimedEventsStep {
    static let keywords = ["expectAnnouncements"]
    static let examples = [
        "expectAnnouncements: [Goal reached]",
        "expectAnnouncements: {announcements: [{text: {matches: reached}, at: 450}], since: 0}",
    ]
    static let listKey = "announcements"
    static let detailKeys: [String] = []
    static let valueKey = "text"
    static var markCount: KeyPath<Mark, Int> { \.announcements }
    static var cursor: WritableKeyPath<StepContext, Int> { \.announcementCursor }

    static func request(since: Double?, in context: StepContext) -> PlannedRequest {
        context.request("announcements.list", since.map { ["since": .number($0)] } ?? [:])
    }

    static func events(_ reply: PlannedReply) throws(StepFailure) -> [JSONValue] {
        try reply.stepValue()["announcements"]?.arrayValue ?? []
    }

    var assertedKinds: Set<String> { ["announcement"] }
    var expected: [TimedExpectation]
    var since: TimeReference?

    var label: String { "expectAnnouncements (\(expected.count))" }
}
