import ChoreoClient
import ChoreoJSON

/// `mark: tapped`: records the current virtual time (and what the trace holds so far) under a name, for
/// `since: tapped` in `expectHaptics`, `expectAnnouncements`, `expectEvents` and `expectTrace`.
struct MarkStep: PlannedStep {
    static let keywords = ["mark"]
    static let examples = ["mark: tapped"]

    /// The mark's name (the step's kind, ``name``, stays `mark`).
    var mark: String

    static func parse(_ source: StepSource) throws(JourneyError) -> MarkStep {
        guard case .scalar(.string(let name), let line) = source.value, !name.isEmpty,
            name.unicodeScalars.allSatisfy({
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-".unicodeScalars.contains($0)
            }),
            (try? DurationParser.milliseconds(source.value)) == nil
        else {
            throw JourneyError(
                message: "`mark:` takes a name (letters, digits, _ or -, not a duration), e.g. `mark: tapped`",
                line: source.value.line)
        }
        if source.state.marks.contains(name) {
            source.problem(
                "the mark '\(name)' is already set by an earlier step; give this one another name", line: line)
        }
        source.state.marks.append(name)
        return MarkStep(mark: name)
    }

    var label: String { "mark \(mark)" }

    /// Later steps plan with the mark.
    var endsBatch: Bool { true }

    func plan(in context: StepContext) -> [PlannedRequest] {
        ["clock.now", "trace.get", "haptics.list", "announcements.list"].map { context.request($0) }
    }

    func judge(_ replies: [PlannedReply], in context: inout StepContext) throws(StepFailure) {
        let now = try replies[0].stepValue()
        let trace = try replies[1].list("events", of: "trace.get")
        let haptics = try replies[2].list("haptics", of: "haptics.list")
        let announcements = try replies[3].stepValue()
        context.now = now["now"]?.doubleValue ?? context.now
        context.marks[mark] = Mark(
            ms: context.now, seq: Int(trace.last?["seq"]?.intValue ?? 0), haptics: haptics.count,
            announcements: announcements["announcements"]?.arrayValue?.count ?? 0)
    }
}
