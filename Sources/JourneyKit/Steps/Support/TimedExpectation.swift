import ChoreoJSON

/// One expected haptic or announcement: its value (a style or a text) and optionally its virtual time.
public struct TimedExpectation: Sendable, Hashable {
    /// What the event's value (`style`, `text`) must match.
    public var value: Matcher
    /// When the event must have happened, in virtual milliseconds; nil for any time.
    public var at: Double?
    /// How far from `at` the event may be, in virtual milliseconds.
    public var tolerance: Double
}

extension TimedExpectation {
    /// Reads `[light, medium]` or the long form `{<listKey>: [{<valueKey>: light, at: 200, tol: 0}], since: 0}`;
    /// the expected events and `since`, in virtual milliseconds.
    static func list(
        _ node: SourceNode, listKey: String, valueKey: String, source: StepSource,
        check: (JSONValue, Int) -> Void = { _, _ in }
    ) throws(JourneyError) -> (expected: [TimedExpectation], since: TimeReference?) {
        var listNode = node
        var since: TimeReference? = nil
        if case .mapping = node {
            for key in node.keys where key != listKey && key != "since" {
                throw JourneyError(message: "takes \(listKey) and since, not '\(key)'", line: node[key]!.line)
            }
            guard let inner = node[listKey] else {
                throw JourneyError(message: "the long form needs `\(listKey):`", line: node.line)
            }
            listNode = inner
            if let node = node["since"] { since = try TimeReference.parse(node, source: source) }
        }
        guard case .sequence(let items, _) = listNode else {
            throw JourneyError(message: "expected a list (e.g. [light, light, medium])", line: listNode.line)
        }
        var result: [TimedExpectation] = []
        for item in items {
            result.append(try entry(item, valueKey: valueKey))
            if case .scalar(let value, let line) = item[valueKey] ?? item { check(value, line) }
        }
        return (result, since)
    }

    /// Reads one entry: a value, or `{<valueKey>: value, at: ms, tol: ms}`.
    private static func entry(_ item: SourceNode, valueKey: String) throws(JourneyError) -> TimedExpectation {
        switch item {
        case .scalar(let value, _):
            return TimedExpectation(value: .equals(value), at: nil, tolerance: 0)
        case .mapping:
            for key in item.keys where ![valueKey, "at", "tol"].contains(key) {
                throw JourneyError(
                    message: "an entry takes \(valueKey), at and tol, not '\(key)'", line: item[key]!.line)
            }
            guard let value = item[valueKey] else {
                throw JourneyError(message: "an entry needs `\(valueKey):`", line: item.line)
            }
            return TimedExpectation(
                value: try MatcherParser.parse(value), at: try item["at"].map(DurationParser.milliseconds),
                tolerance: try item["tol"].map(DurationParser.milliseconds) ?? 0)
        case .sequence:
            throw JourneyError(message: "an entry is a value or a mapping", line: item.line)
        }
    }
}
