import ChoreoJSON

/// Turns one step mapping into a ``StepKind``.
enum StepParser {
    static let modifiers: [String: Set<String>] = [
        "call": ["params", "as", "expectError"]
    ]

    static func parse(_ node: SourceNode) throws(JourneyError) -> StepKind {
        guard case .mapping = node else {
            throw JourneyError(
                message:
                    "a step is a mapping such as `advance: 400` or `tap: transactions/row/t1`; got a \(node.kindName)",
                line: node.line)
        }
        let known = Set(JourneyParser.stepKinds).union(JourneyParser.shorthands.keys)
        let kinds = node.keys.filter { known.contains($0) }
        guard kinds.count == 1, let kind = kinds.first else {
            if kinds.isEmpty {
                let first = node.keys.first ?? ""
                throw JourneyError(
                    message:
                        "unknown step '\(first)'; steps are \(JourneyParser.stepKinds.joined(separator: ", ")) and the "
                        + "shorthands \(JourneyParser.shorthands.keys.sorted().joined(separator: ", "))",
                    line: node.line)
            }
            throw JourneyError(
                message: "one step per list item: found \(kinds.joined(separator: " and "))", line: node.line)
        }
        let allowed = modifiers[kind] ?? (JourneyParser.shorthands[kind] != nil ? ["as"] : [])
        for key in node.keys where key != kind && !allowed.contains(key) {
            throw JourneyError(
                message: "'\(key)' does not go with `\(kind)`"
                    + (allowed.isEmpty ? "" : " (it takes \(allowed.sorted().joined(separator: ", ")))"),
                line: node[key]!.line)
        }
        let value = node[kind]!
        switch kind {
        case "call":
            guard case .scalar(.string(let method), _) = value else {
                throw JourneyError(message: "`call:` takes a method name such as clock.advance", line: value.line)
            }
            let params = node["params"]?.json ?? [:]
            guard params.objectValue != nil else {
                throw JourneyError(
                    message: "`params:` must be a mapping of named parameters", line: node["params"]!.line)
            }
            return .call(
                method: method, params: params, keepAs: try keepAs(node),
                expectError: try node["expectError"].map(errorExpectation))
        case "advance":
            return .advance(ms: try duration(value))
        case "settle":
            switch value {
            case .scalar(.bool(true), _), .scalar(.null, _): return .settle(timeoutMs: nil)
            case .mapping:
                for key in value.keys where key != "timeoutMs" {
                    throw JourneyError(message: "`settle:` takes only timeoutMs", line: value[key]!.line)
                }
                return .settle(timeoutMs: try value["timeoutMs"].map(duration))
            default:
                return .settle(timeoutMs: try duration(value))
            }
        case "expect":
            guard case .mapping(let pairs, _) = value, !pairs.isEmpty else {
                throw JourneyError(message: "`expect:` maps state paths to values or matchers", line: value.line)
            }
            var expectations: [PathExpectation] = []
            for (path, expected) in pairs {
                expectations.append(
                    PathExpectation(path: path, matcher: try MatcherParser.parse(expected), line: expected.line))
            }
            return .expect(expectations)
        case "expectHaptics":
            let (items, since) = try timedList(value, listKey: "haptics")
            return .expectHaptics(items, since: since)
        case "expectAnnouncements":
            let (items, since) = try timedList(value, listKey: "announcements")
            return .expectAnnouncements(items, since: since)
        case "expectTrace":
            if case .scalar(.string(let path), _) = value { return .expectTrace(golden: path, kinds: nil) }
            guard case .scalar(.string(let path), _)? = value["golden"] else {
                throw JourneyError(
                    message: "`expectTrace:` takes a golden file path or {golden, kinds}", line: value.line)
            }
            let kinds = value["kinds"]?.json.arrayValue?.compactMap(\.stringValue)
            return .expectTrace(golden: path, kinds: kinds)
        default:
            let (method, parameter) = JourneyParser.shorthands[kind]!
            let params: JSONValue
            switch value {
            case .mapping: params = value.json
            case .scalar(.bool(true), _), .scalar(.null, _): params = [:]
            case .scalar(let scalar, _):
                guard let parameter else {
                    throw JourneyError(message: "`\(kind):` takes true or a mapping of params", line: value.line)
                }
                params = [parameter: scalar]
            case .sequence:
                throw JourneyError(
                    message: "`\(kind):` takes a value or a mapping of params, not a list", line: value.line)
            }
            return .call(method: method, params: params, keepAs: try keepAs(node), expectError: nil)
        }
    }

    static func keepAs(_ node: SourceNode) throws(JourneyError) -> String? {
        guard let value = node["as"] else { return nil }
        guard case .scalar(.string(let name), _) = value, !name.isEmpty, !name.contains(".") else {
            throw JourneyError(message: "`as:` takes a variable name (letters, digits, _)", line: value.line)
        }
        return name
    }

    static func errorExpectation(_ node: SourceNode) throws(JourneyError) -> ErrorExpectation {
        switch node {
        case .scalar(.int(let code), _): return ErrorExpectation(code: Int(code), message: nil)
        case .mapping:
            for key in node.keys where key != "code" && key != "message" {
                throw JourneyError(message: "`expectError:` takes code and message", line: node[key]!.line)
            }
            return ErrorExpectation(
                code: node["code"]?.json.intValue.map(Int.init), message: try node["message"].map(MatcherParser.parse))
        default:
            throw JourneyError(message: "`expectError:` takes an error code or {code, message}", line: node.line)
        }
    }

    /// Milliseconds from `400`, `"400ms"`, `"1.5s"`.
    static func duration(_ node: SourceNode) throws(JourneyError) -> Double {
        switch node {
        case .scalar(let value, _):
            if let number = value.doubleValue, number >= 0, number.isFinite { return number }
            if let text = value.stringValue?.trimmingCharacters(in: .whitespaces) {
                if text.hasSuffix("ms"), let n = Double(text.dropLast(2).trimmingCharacters(in: .whitespaces)), n >= 0 {
                    return n
                }
                if text.hasSuffix("s"), let n = Double(text.dropLast(1).trimmingCharacters(in: .whitespaces)), n >= 0 {
                    return n * 1000
                }
            }
        default: break
        }
        throw JourneyError(message: "expected a duration such as 400, \"400ms\" or \"1.5s\"", line: node.line)
    }

    static func timedList(_ node: SourceNode, listKey: String) throws(JourneyError) -> ([TimedExpectation], Double?) {
        var listNode = node
        var since: Double? = nil
        if case .mapping = node {
            for key in node.keys where key != listKey && key != "since" {
                throw JourneyError(message: "takes \(listKey) and since, not '\(key)'", line: node[key]!.line)
            }
            guard let inner = node[listKey] else {
                throw JourneyError(message: "the long form needs `\(listKey):`", line: node.line)
            }
            listNode = inner
            since = try node["since"].map(duration)
        }
        guard case .sequence(let items, _) = listNode else {
            throw JourneyError(message: "expected a list (e.g. [light, light, medium])", line: listNode.line)
        }
        var result: [TimedExpectation] = []
        let valueKey = listKey == "haptics" ? "style" : "text"
        for item in items {
            switch item {
            case .scalar(let value, _):
                result.append(TimedExpectation(value: .equals(value), at: nil, tolerance: 0))
            case .mapping:
                for key in item.keys where ![valueKey, "at", "tol"].contains(key) {
                    throw JourneyError(
                        message: "an entry takes \(valueKey), at and tol, not '\(key)'", line: item[key]!.line)
                }
                guard let value = item[valueKey] else {
                    throw JourneyError(message: "an entry needs `\(valueKey):`", line: item.line)
                }
                result.append(
                    TimedExpectation(
                        value: try MatcherParser.parse(value), at: try item["at"].map(duration),
                        tolerance: try item["tol"].map(duration) ?? 0))
            case .sequence:
                throw JourneyError(message: "an entry is a value or a mapping", line: item.line)
            }
        }
        return (result, since)
    }
}

/// Reads matchers: a mapping made only of matcher keys is a matcher; anything else is compared exactly.
enum MatcherParser {
    static let keys: Set<String> = [
        "approx", "tol", "gt", "gte", "lt", "lte", "in", "len", "matches", "absent", "not", "eq", "contains",
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

    static func parse(_ node: SourceNode) throws(JourneyError) -> Matcher {
        guard case .mapping(let pairs, _) = node, !pairs.isEmpty, pairs.allSatisfy({ keys.contains($0.key) }) else {
            // Structures holding matchers match element by element; anything else is compared exactly.
            switch node {
            case .sequence(let items, _) where containsMatcher(node):
                var matchers: [Matcher] = []
                for item in items { matchers.append(try parse(item)) }
                return .elements(matchers)
            case .mapping(let pairs, _) where containsMatcher(node):
                var fields: [String: Matcher] = [:]
                for (key, value) in pairs { fields[key] = try parse(value) }
                return .fields(fields)
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
            case "contains":
                // A mapping here matches elements that have at least its keys (the rest are ignored).
                if case .mapping(let fields, _) = value, !fields.allSatisfy({ keys.contains($0.key) }) {
                    var subset: [String: Matcher] = [:]
                    for (key, field) in fields { subset[key] = try parse(field) }
                    matchers.append(.contains(.subset(subset)))
                } else {
                    matchers.append(.contains(try parse(value)))
                }
            default: break
            }
        }
        return matchers.count == 1 ? matchers[0] : .all(matchers)
    }
}
