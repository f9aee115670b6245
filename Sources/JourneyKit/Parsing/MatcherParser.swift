import ChoreoJSON

/// Reads matchers: a mapping made only of matcher keys is a matcher; anything else is compared exactly.
enum MatcherParser {
    static let keys: Set<String> = [
        "approx", "tol", "gt", "gte", "lt", "lte", "in", "len", "matches", "absent", "not", "eq", "contains",
        "every",
    ]

    /// Whether a node is, or contains, a matcher mapping.
    static func containsMatcher(_ node: SourceNode) -> Bool {
        switch node {
        case .scalar: return false
        case .sequence(let items, _): return items.contains(where: containsMatcher)
        case .mapping(let pairs, _):
            return (!pairs.isEmpty && pairs.allSatisfy { keys.contains($0.key) })
                || pairs.contains { containsMatcher($0.value) }
        }
    }

    /// The matcher a key is a slip of (`aprox` → `approx`, `Approx` → `approx`), if any. Only the long names are
    /// guessed at by spelling (`now` in a literal mapping is not a slip of `not`); any name by case.
    static func misspelt(_ key: String) -> String? {
        guard !keys.contains(key) else { return nil }
        for name in keys.sorted() {
            if name.lowercased() == key.lowercased() { return name }
            if name.count >= 5, key.count >= 4, Suggestion.distance(key, name) <= 2 { return name }
        }
        return nil
    }

    /// A mapping that is not a matcher is compared as a literal value; refuses one whose keys show it was meant as a
    /// matcher: a misspelt matcher name, or (when `mixing`) matcher keys mixed with other keys.
    private static func checkNoMisspeltMatcher(
        _ pairs: [(key: String, value: SourceNode)], mixing: Bool = true
    ) throws(JourneyError) {
        for (key, value) in pairs {
            if let name = misspelt(key) {
                throw JourneyError(
                    message: "'\(key)' is not a matcher; did you mean `\(name)`? (a mapping with other keys is "
                        + "compared as a literal value; write {eq: {...}} to mean that)",
                    line: value.line)
            }
        }
        let matcherKeys = pairs.map(\.key).filter { keys.contains($0) }
        let others = pairs.filter { !keys.contains($0.key) }
        if mixing, !matcherKeys.isEmpty, let first = others.first {
            throw JourneyError(
                message: "'\(first.key)' is not a matcher, but \(matcherKeys.joined(separator: ", ")) "
                    + "\(matcherKeys.count == 1 ? "is" : "are"); a matcher mapping holds only "
                    + "\(keys.sorted().joined(separator: ", ")) (write {eq: {...}} to compare a mapping exactly)",
                line: first.value.line)
        }
    }

    /// Refuses bounds no number meets: the largest of `gt:`/`gte:` above the smallest of `lt:`/`lte:` (or equal to it
    /// with either strict), named with the lines of both.
    private static func checkBoundsMeet(
        _ node: SourceNode, _ pairs: [(key: String, value: SourceNode)]
    ) throws(JourneyError) {
        var lower: (value: Double, strict: Bool, key: String, line: Int)?
        var upper: (value: Double, strict: Bool, key: String, line: Int)?
        for (key, value) in pairs {
            guard let number = value.json.doubleValue else { continue }
            switch key {
            case "gt", "gte":
                let strict = key == "gt"
                if lower == nil || number > lower!.value || (number == lower!.value && strict) {
                    lower = (number, strict, key, value.line)
                }
            case "lt", "lte":
                let strict = key == "lt"
                if upper == nil || number < upper!.value || (number == upper!.value && strict) {
                    upper = (number, strict, key, value.line)
                }
            default: continue
            }
        }
        guard let lower, let upper else { return }
        guard lower.value > upper.value || (lower.value == upper.value && (lower.strict || upper.strict)) else {
            return
        }
        func text(_ bound: (value: Double, strict: Bool, key: String, line: Int)) -> String {
            "`\(bound.key): \(JSONValue.number(bound.value).serialized())`"
        }
        let firstLine = lower.line == upper.line ? "" : " (line \(min(lower.line, upper.line)))"
        throw JourneyError(
            message:
                "\(text(lower)) and \(text(upper))\(firstLine) leave no number to match: this expectation can never "
                + "pass (did you mean the bounds the other way round?)",
            line: max(lower.line, upper.line))
    }

    static func parse(_ node: SourceNode) throws(JourneyError) -> Matcher {
        guard case .mapping(let pairs, _) = node, !pairs.isEmpty, pairs.allSatisfy({ keys.contains($0.key) }) else {
            // Structures holding matchers match element by element; anything else is compared exactly.
            switch node {
            case .sequence(let items, _) where containsMatcher(node):
                var matchers: [Matcher] = []
                for item in items { matchers.append(try parse(item)) }
                return .elements(matchers)
            case .mapping(let pairs, _) where containsMatcher(node):
                try checkNoMisspeltMatcher(pairs)
                var fields: [String: Matcher] = [:]
                for (key, value) in pairs { fields[key] = try parse(value) }
                return .fields(fields)
            case .mapping(let pairs, _):
                try checkNoMisspeltMatcher(pairs)
                return .equals(node.json)
            default:
                return .equals(node.json)
            }
        }
        var matchers: [Matcher] = []
        func number(_ key: String) throws(JourneyError) -> Double {
            guard let value = node[key]?.json.doubleValue else {
                throw JourneyError(message: "`\(key):` takes a number", line: node[key]!.line)
            }
            return value
        }
        if node["tol"] != nil, node["approx"] == nil {
            throw JourneyError(message: "`tol:` goes with `approx:`", line: node["tol"]!.line)
        }
        if let tol = node["tol"], let value = tol.json.doubleValue, !(value >= 0) {
            throw JourneyError(
                message: "`tol:` is a distance and takes a number ≥ 0, not \(tol.json.serialized()) (`approx: x, "
                    + "tol: t` matches x − t … x + t)",
                line: tol.line)
        }
        try checkBoundsMeet(node, pairs)
        for (key, value) in pairs {
            switch key {
            case "approx":
                matchers.append(.approx(try number("approx"), tol: node["tol"] != nil ? try number("tol") : 1e-9))
            case "tol": continue
            case "gt": matchers.append(.greaterThan(try number(key)))
            case "gte": matchers.append(.greaterThanOrEqual(try number(key)))
            case "lt": matchers.append(.lessThan(try number(key)))
            case "lte": matchers.append(.lessThanOrEqual(try number(key)))
            case "eq": matchers.append(.equals(value.json))
            case "in":
                guard let items = value.json.arrayValue else {
                    throw JourneyError(message: "`in:` takes a list of values", line: value.line)
                }
                matchers.append(.oneOf(items))
            case "len":
                guard let n = value.json.intValue, n >= 0 else {
                    throw JourneyError(message: "`len:` takes a whole number ≥ 0", line: value.line)
                }
                matchers.append(.length(Int(n)))
            case "matches":
                guard let pattern = value.json.stringValue else {
                    throw JourneyError(message: "`matches:` takes a regular expression", line: value.line)
                }
                guard RegexCache.regex(pattern) != nil else {
                    throw JourneyError(
                        message: "`matches:` is not a valid regular expression: \(pattern)", line: value.line)
                }
                matchers.append(.matches(pattern))
            case "absent":
                guard let flag = value.json.boolValue else {
                    throw JourneyError(message: "`absent:` takes true or false", line: value.line)
                }
                matchers.append(.absent(flag))
            case "not":
                matchers.append(.not(try parse(value)))
            case "contains", "every":
                // A mapping here matches elements that have at least its keys (the rest are ignored).
                let element: Matcher
                if case .mapping(let fields, _) = value, !fields.allSatisfy({ keys.contains($0.key) }) {
                    try checkNoMisspeltMatcher(fields, mixing: false)
                    var subset: [String: Matcher] = [:]
                    for (key, field) in fields { subset[key] = try parse(field) }
                    element = .subset(subset)
                } else {
                    element = try parse(value)
                }
                matchers.append(key == "contains" ? .contains(element) : .every(element))
            default: break
            }
        }
        return matchers.count == 1 ? matchers[0] : .all(matchers)
    }
}
