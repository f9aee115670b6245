import ChoreoClient
import ChoreoJSON

/// `expectEvents: [navigation, haptic]`: the kinds of the trace events recorded since the previous
/// `expectEvents` (or after a mark, with `since:`), in order, exactly; `action` events (the journey's own
/// requests) are left out. An entry may be a mapping, `{kind: haptic, style: light}`, whose other keys are fields
/// the event must have (values or matchers). The long form `{events: [...], since: MARK, kinds: [...]}` looks at
/// the events of those kinds only.
struct ExpectEventsStep: PlannedStep {
    /// One expected event: its kind and the fields it must have.
    struct Entry: Sendable {
        var kind: String
        var fields: [String: Matcher]
    }

    static let keywords = ["expectEvents"]
    static let examples = [
        "expectEvents: [navigation, haptic]",
        "expectEvents: {events: [{kind: haptic, style: light}], since: 0, kinds: [haptic]}",
    ]
    /// The kinds left out unless `kinds:` names them.
    static let ignored: Set<String> = ["action"]

    var expected: [Entry]
    var since: TimeReference?
    /// The kinds looked at; nil for every kind but `action`.
    var kinds: Set<String>?

    static func parse(_ source: StepSource) throws(JourneyError) -> ExpectEventsStep {
        var listNode = source.value
        var since: TimeReference? = nil
        var kinds: Set<String>? = nil
        if case .mapping = source.value {
            let value = source.value
            for key in value.keys where !["events", "since", "kinds"].contains(key) {
                throw JourneyError(
                    message: "`expectEvents:` takes events, since and kinds, not '\(key)'"
                        + Suggestion.didYouMean(key, in: ["events", "since", "kinds"]),
                    line: value[key]!.line)
            }
            guard let events = value["events"] else {
                throw JourneyError(message: "the long form of `expectEvents:` needs `events:`", line: value.line)
            }
            listNode = events
            if let node = value["since"] { since = try TimeReference.parse(node, source: source) }
            if let node = value["kinds"] {
                guard case .sequence(let items, _) = node else {
                    throw JourneyError(message: "`kinds:` takes a list of event kinds", line: node.line)
                }
                var names: Set<String> = []
                for item in items {
                    guard case .scalar(.string(let kind), let line) = item else {
                        throw JourneyError(message: "`kinds:` takes a list of event kinds", line: item.line)
                    }
                    source.checkEventKind(kind, line: line)
                    names.insert(kind)
                }
                kinds = names
            }
        }
        guard case .sequence(let items, _) = listNode else {
            throw JourneyError(
                message: "`expectEvents:` takes a list of event kinds, e.g. [navigation, haptic]", line: listNode.line)
        }
        var expected: [Entry] = []
        for item in items {
            switch item {
            case .scalar(.string(let kind), let line):
                source.checkEventKind(kind, line: line)
                expected.append(Entry(kind: kind, fields: [:]))
            case .mapping(let pairs, _):
                guard case .scalar(.string(let kind), let line)? = item["kind"] else {
                    throw JourneyError(
                        message: "an event entry needs `kind:`, e.g. {kind: haptic, style: light}", line: item.line)
                }
                let others = pairs.filter { $0.key != "kind" }
                source.checkEventKind(kind, fields: others, line: line)
                var fields: [String: Matcher] = [:]
                for (key, value) in others { fields[key] = try MatcherParser.parse(value) }
                if kind == "haptic", let style = item["style"], case .scalar(let value, let line) = style {
                    source.checkHapticStyle(value, line: line)
                }
                expected.append(Entry(kind: kind, fields: fields))
            default:
                throw JourneyError(
                    message: "an event entry is a kind or a mapping such as {kind: haptic, style: light}",
                    line: item.line)
            }
        }
        return ExpectEventsStep(expected: expected, since: since, kinds: kinds)
    }

    var assertedKinds: Set<String> { kinds ?? Set(expected.map(\.kind)) }

    var label: String { "expectEvents [\(expected.map(\.kind).joined(separator: ", "))]" }

    /// Without `since`, the step moves the cursor later ones plan with.
    var endsBatch: Bool { since == nil }

    func plan(in context: StepContext) throws(StepFailure) -> [PlannedRequest] {
        var afterSeq = context.eventCursor
        var time: Double? = nil
        switch since {
        case nil: break
        case .ms(let ms): time = ms
        case .mark(let name): afterSeq = try context.mark(name).seq
        }
        var params: [String: JSONValue] = [:]
        if let time { params["since"] = .number(time) } else { params["afterSeq"] = .int(Int64(afterSeq)) }
        return [context.request("trace.get", params)]
    }

    func judge(_ replies: [PlannedReply], in context: inout StepContext) throws(StepFailure) {
        let result = try replies[0].stepValue()
        let all = result["events"]?.arrayValue ?? []
        if since == nil, let last = all.last?["seq"]?.intValue { context.eventCursor = Int(last) }
        try compare(considered(all))
    }

    /// The events the step looks at: those of `kinds`, or every one but `action`.
    func considered(_ events: [JSONValue]) -> [JSONValue] {
        events.filter { event in
            let kind = event["kind"]?.stringValue ?? ""
            return kinds.map { $0.contains(kind) } ?? !Self.ignored.contains(kind)
        }
    }

    /// Checks the events against the expected ones: as many, each of its kind with its fields.
    func compare(_ actual: [JSONValue]) throws(StepFailure) {
        let expectedJSON = JSONValue.array(
            expected.map { entry in
                var object: [String: JSONValue] = ["kind": .string(entry.kind)]
                for (key, matcher) in entry.fields { object[key] = matcher.expectedJSON }
                return .object(object)
            })
        let actualJSON = JSONValue.array(actual)
        let seen = actual.map { "\($0["kind"]?.stringValue ?? "?")@\($0["t"]?.serialized() ?? "?")" }
        guard expected.count == actual.count else {
            // Each event with its fields (`t=200 haptic style=light source=…`), one per line.
            throw StepFailure(
                message: "expected \(ReportText.plural(expected.count, "event")) "
                    + "[\(expected.map(\.kind).joined(separator: ", "))], "
                    + "got \(actual.count)" + (actual.isEmpty ? "" : ":")
                    + actual.map { "\n  " + ReportText.traceLine($0) }.joined(),
                expected: expectedJSON, actual: actualJSON)
        }
        for (index, (want, got)) in zip(expected, actual).enumerated() {
            guard got["kind"]?.stringValue == want.kind else {
                throw StepFailure(
                    message: "events[\(index)]: expected \(want.kind), got \(seen[index]) (events: "
                        + seen.joined(separator: ", ") + ")",
                    expected: expectedJSON, actual: actualJSON)
            }
            for (key, matcher) in want.fields.sorted(by: { $0.key < $1.key }) where !matcher.matches(got[key]) {
                throw StepFailure(
                    message: "events[\(index)] (\(want.kind)@\(got["t"]?.serialized() ?? "?")): \(key) expected "
                        + "\(matcher.description), got \(got[key]?.serialized() ?? "nothing")",
                    expected: expectedJSON, actual: actualJSON)
            }
        }
    }
}
