import ChoreoClient
import ChoreoJSON

/// `expect: {path: value or matcher}`: state paths (read with `state.get`) or kept results (`$name.path`) and what
/// each must match.
struct ExpectStep: PlannedStep {
    /// One path and what it must match.
    struct Entry: Sendable {
        /// A state path such as `hero.progress`, or `$name.path` for a result kept with `as:`.
        var path: String
        var matcher: Matcher
        /// The entry's line in its file.
        var line: Int
    }

    static let keywords = ["expect"]
    static let examples = ["expect: {hero.isTransitioning: true, hero.progress: {approx: 0.5, tol: 0.01}}"]

    /// The entries, in file order; the first that does not match fails the step.
    var entries: [Entry]

    static func parse(_ source: StepSource) throws(JourneyError) -> ExpectStep {
        guard case .mapping(let pairs, _) = source.value, !pairs.isEmpty else {
            throw JourneyError(
                message: "`\(source.keyword):` maps state paths to values or matchers", line: source.value.line)
        }
        var entries: [Entry] = []
        for (path, expected) in pairs {
            if path.hasPrefix("$") {
                let name = String(path.dropFirst().prefix { $0 != "." })
                if !name.contains("{") { source.checkKeptPath(String(path.dropFirst()), line: expected.line) }
            } else {
                source.checkStatePath(path, line: expected.line)
            }
            let matcher = try MatcherParser.parse(expected)
            if !path.hasPrefix("$") {
                source.checkLiteral(matcher, at: path, line: expected.line)
                source.checkChoice(matcher, at: path, line: expected.line)
            }
            entries.append(Entry(path: path, matcher: matcher, line: expected.line))
        }
        return ExpectStep(entries: entries)
    }

    var label: String { "expect " + entries.map(\.path).joined(separator: ", ") }

    /// The state paths the step reads, each once, in the order they are written.
    private var statePaths: [String] {
        var seen: Set<String> = []
        return entries.map(\.path).filter { !$0.hasPrefix("$") && seen.insert($0).inserted }
    }

    /// The entries whose check the HTML report marks on the curve of the property animating the path (the matcher
    /// read with the variables known when the step is planned, which are those it is judged with: a kept result ends
    /// its batch).
    private func timelineEntries(_ context: StepContext) -> [Entry] {
        guard context.options.collectTimeline else { return [] }
        return entries.filter { entry in
            !entry.path.hasPrefix("$")
                && TimelineCollector.range(Self.substitute(entry.matcher, context.variables)) != nil
        }
    }

    /// One `state.get` for each state path (a path the state lacks comes back as -32002 naming the keys that exist),
    /// then, for the HTML report, one `animations.list` for each entry with a range.
    func plan(in context: StepContext) -> [PlannedRequest] {
        statePaths.map { context.request("state.get", ["path": .string($0)]) }
            + timelineEntries(context).map { context.request("animations.list", ["path": .string($0.path)]) }
    }

    func judge(_ replies: [PlannedReply], in context: inout StepContext) throws(StepFailure) {
        let paths = statePaths
        var fetched: [String: PlannedReply] = [:]
        for (path, reply) in zip(paths, replies) { fetched[path] = Self.value(of: reply) }
        var animations: [String: PlannedReply] = [:]
        for (entry, reply) in zip(timelineEntries(context), replies.dropFirst(paths.count)) {
            animations[entry.path] = reply
        }
        for entry in entries {
            let matcher = Self.substitute(entry.matcher, context.variables)
            let (actual, explanation) = try Self.actual(entry.path, fetched: fetched, variables: context.variables)
            let passed = matcher.matches(actual)
            let animatedBy = animations[entry.path].flatMap { Self.animatedBy($0, now: context.now) }
            context.checks.append(
                .init(path: entry.path, matcher: matcher, actual: actual, passed: passed, animatedBy: animatedBy))
            guard passed else {
                if actual == nil, !matcher.acceptsAbsence {
                    throw StepFailure(
                        message: "\(entry.path) does not exist; \(explanation)", expected: matcher.expectedJSON,
                        actual: nil)
                }
                var message = "\(entry.path): expected \(matcher.description), got \(actual?.serialized() ?? "nothing")"
                if case .every(let inner) = matcher {
                    if let items = actual?.arrayValue, let index = items.firstIndex(where: { !inner.matches($0) }) {
                        message +=
                            "; \(entry.path)[\(index)] (of \(items.count), from 0) does not: "
                            + items[index].serialized()
                    } else if actual != nil, actual?.arrayValue == nil {
                        message += "; `every:` takes a list, and this is \(actual!.typeName)"
                    }
                }
                if case .equals(let expected) = matcher,
                    let advice = JSONDiff.extraKeysAdvice(expected: expected, actual: actual, path: entry.path)
                {
                    message += "; " + advice
                }
                throw StepFailure(
                    message: message,
                    expected: matcher.expectedJSON, actual: actual,
                    statePath: entry.path.hasPrefix("$") ? nil : entry.path)
            }
        }
    }

    /// A path's value (nil when it does not exist) and, for a missing one, what exists where it stops.
    private static func actual(
        _ path: String, fetched: [String: PlannedReply], variables: [String: JSONValue]
    ) throws(StepFailure) -> (value: JSONValue?, explanation: String) {
        if path.hasPrefix("$") {
            let root = JSONValue.object(variables)
            let kept = String(path.dropFirst())
            return (try? StatePathLookup.resolve(kept, in: root), StatePathLookup.explain(kept, in: root))
        }
        switch fetched[path]! {
        case .success(let value):
            return (value, "")
        case .failure(.rpc(-32002, _, let data)):
            let prefix = data["validPrefix"]?.stringValue ?? ""
            let keys = (data["keys"]?.arrayValue ?? []).compactMap(\.stringValue)
            return (
                nil,
                "keys at \(prefix.isEmpty ? "the root" : prefix): \(keys.isEmpty ? "none" : keys.joined(separator: ", "))"
            )
        case .failure(let error):
            throw StepFailure(message: "state.get \(path) failed: \(error)")
        }
    }

    /// The animated property driving a state path's value now (the last of its animations started by now, else the
    /// first), from the path's `animations.list` reply, for the HTML report, which marks the check on that
    /// property's curve; nil when none does. Asked at the check, because a path may be gone by the journey's end
    /// (`sheet.progress` after a dismissal).
    private static func animatedBy(_ reply: PlannedReply, now: Double) -> String? {
        guard case .success(let list) = reply, let records = list["animations"]?.arrayValue else { return nil }
        let chosen = records.last { ($0["start"]?.doubleValue ?? .infinity) <= now } ?? records.first
        return chosen?["path"]?.stringValue
    }

    /// The matcher with variables substituted in an exact value.
    private static func substitute(_ matcher: Matcher, _ variables: [String: JSONValue]) -> Matcher {
        if case .equals(let value) = matcher {
            return .equals(Variables.substitute(value, variables, leaveUnknown: true))
        }
        return matcher
    }

    /// A `state.get` reply as the path's value (its `value`).
    private static func value(of reply: PlannedReply) -> PlannedReply {
        reply.flatMap { result in Result { () throws(ChoreoClientError) in try ChoreoSession.stateValue(of: result) } }
    }
}
