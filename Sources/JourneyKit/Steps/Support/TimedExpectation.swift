import ChoreoJSON

/// One expected haptic or announcement: its value (a style or a text) and optionally its virtual time.
public struct TimedExpectation: Sendable, Hashable {
    /// What the event's value (`style`, `text`) must match.
    public var value: Matcher
    /// When the event must have happened, in virtual milliseconds (after ``atMark`` when set); nil for any time.
    public var at: Double?
    /// `at: MARK + MS`: the mark ``at`` counts from; nil: from 0.
    public var atMark: String? = nil
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
            result.append(try entry(item, valueKey: valueKey, source: source))
            if case .scalar(let value, let line) = item[valueKey] ?? item { check(value, line) }
        }
        return (result, since)
    }

    /// `at: MARK + MS` (or `MARK - MS`, or `MARK`): the mark and the offset in virtual milliseconds; nil for a
    /// plain duration.
    static func markOffset(_ node: SourceNode) throws(JourneyError) -> (mark: String, offset: Double)? {
        guard case .scalar(.string(let text), let line) = node, (try? DurationParser.milliseconds(node)) == nil else {
            return nil
        }
        let parts = text.split(whereSeparator: { $0 == " " })
        let mark = parts.first.map(String.init) ?? ""
        guard !mark.isEmpty, !mark.contains("+") else {
            throw JourneyError(
                message: "`at:` takes a time (200, \"200ms\") or MARK + MS (e.g. \"tapped + 200\"), not '\(text)'",
                line: line)
        }
        if parts.count == 1 { return (mark, 0) }
        let offsetText = parts.dropFirst(2).joined()
        guard parts.count >= 3, parts[1] == "+" || parts[1] == "-",
            let offset = try? DurationParser.milliseconds(.scalar(JourneyParser.scalar(offsetText), line: line))
        else {
            throw JourneyError(
                message: "`at:` takes MARK + MS with spaces around + (e.g. \"tapped + 200\" or \"tapped + 0.2s\"), "
                    + "not '\(text)'",
                line: line)
        }
        return (mark, parts[1] == "+" ? offset : -offset)
    }

    /// The expectation with its time counted from 0 (a mark's time added), in virtual milliseconds.
    func resolved(in context: StepContext) throws(StepFailure) -> TimedExpectation {
        guard let mark = atMark, let at else { return self }
        var resolved = self
        resolved.at = try context.mark(mark).ms + at
        resolved.atMark = nil
        return resolved
    }

    /// Reads one entry: a value, or `{<valueKey>: value, at: ms, tol: ms}`.
    private static func entry(
        _ item: SourceNode, valueKey: String, source: StepSource
    ) throws(JourneyError) -> TimedExpectation {
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
            var expectation = TimedExpectation(
                value: try MatcherParser.parse(value), at: nil,
                tolerance: try item["tol"].map(DurationParser.milliseconds) ?? 0)
            if let at = item["at"] {
                if let (mark, offset) = try markOffset(at) {
                    source.checkMark(mark, line: at.line)
                    expectation.atMark = mark
                    expectation.at = offset
                } else {
                    expectation.at = try DurationParser.milliseconds(at)
                }
            }
            return expectation
        case .sequence:
            throw JourneyError(message: "an entry is a value or a mapping", line: item.line)
        }
    }
}
