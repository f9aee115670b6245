import ChoreoClient
import ChoreoJSON

/// What `expectHaptics` and `expectAnnouncements` share: a list of expected events, checked in order and exactly
/// against the session's events since the previous step of the same kind (or since `since`, in virtual
/// milliseconds).
protocol TimedEventsStep: PlannedStep {
    /// The list's key in the long form, and the events' name in messages: `haptics`, `announcements`.
    static var listKey: String { get }
    /// The key holding each event's value: `style`, `text`.
    static var valueKey: String { get }
    /// The fields of an event that failures show besides its time and value (`source` for a haptic).
    static var detailKeys: [String] { get }
    /// The context's count of events earlier steps of this kind have checked.
    static var cursor: WritableKeyPath<StepContext, Int> { get }
    /// The request for the session's events since a virtual time in milliseconds (all of them when nil).
    static func request(since: Double?, in context: StepContext) -> PlannedRequest
    /// The events of a reply to ``request(since:in:)``, oldest first.
    static func events(_ reply: PlannedReply) throws(StepFailure) -> [JSONValue]

    /// How many of these events came before a mark.
    static var markCount: KeyPath<Mark, Int> { get }
    /// Checks an expected value against the contract (a haptic style); nothing by default.
    static func check(_ value: JSONValue, line: Int, source: StepSource)
    init(expected: [TimedExpectation], since: TimeReference?)
    /// The expected events, in order.
    var expected: [TimedExpectation] { get }
    /// Check every event since this virtual time, in milliseconds, or after a mark, instead of those since the
    /// previous step.
    var since: TimeReference? { get }
}

extension TimedEventsStep {
    static func check(_ value: JSONValue, line: Int, source: StepSource) {}

    static func parse(_ source: StepSource) throws(JourneyError) -> Self {
        let (expected, since) = try TimedExpectation.list(
            source.value, listKey: listKey, valueKey: valueKey, source: source
        ) { value, line in check(value, line: line, source: source) }
        return Self(expected: expected, since: since)
    }

    func plan(in context: StepContext) -> [PlannedRequest] {
        guard case .ms(let ms) = since else { return [Self.request(since: nil, in: context)] }
        // Every form moves the cursor: the events since the step's time, and all of them for the cursor.
        return [Self.request(since: ms, in: context), Self.request(since: nil, in: context)]
    }

    func judge(_ replies: [PlannedReply], in context: inout StepContext) throws(StepFailure) {
        let all = try Self.events(replies[0])
        let slice: [JSONValue]
        switch since {
        case nil:
            slice = Array(all.dropFirst(context[keyPath: Self.cursor]))
            context[keyPath: Self.cursor] = all.count
        case .ms:
            slice = all
            // Every form moves the cursor: the next short form sees only what comes after this step.
            context[keyPath: Self.cursor] = try Self.events(replies[1]).count
        case .mark(let name):
            slice = Array(all.dropFirst(try context.mark(name)[keyPath: Self.markCount]))
            context[keyPath: Self.cursor] = all.count
        }
        var resolved: [TimedExpectation] = []
        for item in expected { resolved.append(try item.resolved(in: context)) }
        try Self.compare(slice, expected: resolved)
    }

    /// Checks the events against the expected ones: as many, each value matching, each at its time.
    private static func compare(_ actual: [JSONValue], expected: [TimedExpectation]) throws(StepFailure) {
        let (valueKey, what) = (Self.valueKey, Self.listKey)
        let expectedJSON = JSONValue.array(
            expected.map { item in
                var o: [String: JSONValue] = [valueKey: item.value.expectedJSON]
                if let at = item.at { o["t"] = .number(at) }
                return .object(o)
            })
        let actualJSON = JSONValue.array(
            actual.map { event in
                var shown: [String: JSONValue] = ["t": event["t"] ?? .null, valueKey: event[valueKey] ?? .null]
                for key in detailKeys { if let value = event[key] { shown[key] = value } }
                return .object(shown)
            })
        guard expected.count == actual.count else {
            throw StepFailure(
                message: "expected \(expected.count) \(what), got \(actual.count): "
                    + actual.map { event in
                        "\(event[valueKey]?.stringValue ?? "?")@\(event["t"]?.serialized() ?? "?")"
                            + detailKeys.compactMap { event[$0]?.stringValue.map { " (\($0))" } }.joined()
                    }.joined(separator: ", "),
                expected: expectedJSON, actual: actualJSON)
        }
        for (index, (want, got)) in zip(expected, actual).enumerated() {
            let value = got[valueKey]
            guard want.value.matches(value) else {
                throw StepFailure(
                    message:
                        "\(what)[\(index)]: expected \(want.value.description), got \(value?.serialized() ?? "nothing")",
                    expected: expectedJSON, actual: actualJSON)
            }
            if let at = want.at, let t = got["t"]?.doubleValue, abs(t - at) > max(want.tolerance, 1e-6) {
                let source = detailKeys.compactMap { got[$0]?.stringValue }.map { ", \($0)" }.joined()
                throw StepFailure(
                    message:
                        "\(what)[\(index)] (\(value?.stringValue ?? "?")\(source)): expected at \(JSONValue.number(at).serialized()) ms"
                        + (want.tolerance > 0 ? " ± \(JSONValue.number(want.tolerance).serialized())" : "")
                        + ", played at \(JSONValue.number(t).serialized()) ms",
                    expected: expectedJSON, actual: actualJSON)
            }
        }
    }
}
