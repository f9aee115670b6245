import ChoreoJSON

extension Matcher {
    /// Whether an actual value (nil when the path does not exist) satisfies the matcher.
    public func matches(_ actual: JSONValue?) -> Bool {
        switch self {
        case .absent(let absent): return (actual == nil) == absent
        case .not(let inner): return !inner.matches(actual)
        case .all(let matchers): return matchers.allSatisfy { $0.matches(actual) }
        default: break
        }
        guard let actual else { return false }
        switch self {
        case .equals(let expected): return actual == expected
        case .approx(let expected, let tol):
            guard let value = actual.doubleValue else { return false }
            return abs(value - expected) <= tol
        case .greaterThan(let bound): return actual.doubleValue.map { $0 > bound } ?? false
        case .greaterThanOrEqual(let bound): return actual.doubleValue.map { $0 >= bound } ?? false
        case .lessThan(let bound): return actual.doubleValue.map { $0 < bound } ?? false
        case .lessThanOrEqual(let bound): return actual.doubleValue.map { $0 <= bound } ?? false
        case .oneOf(let values): return values.contains(actual)
        case .length(let n):
            switch actual {
            case .array(let items): return items.count == n
            case .string(let text): return text.count == n
            case .object(let object): return object.count == n
            default: return false
            }
        case .matches(let pattern):
            guard let text = actual.stringValue, let regex = RegexCache.regex(pattern) else { return false }
            return (try? regex.firstMatch(in: text)) != nil
        case .elements(let matchers):
            guard let items = actual.arrayValue, items.count == matchers.count else { return false }
            return zip(matchers, items).allSatisfy { $0.matches($1) }
        case .fields(let matchers):
            guard let object = actual.objectValue, Set(object.keys) == Set(matchers.keys) else { return false }
            return matchers.allSatisfy { $0.value.matches(object[$0.key]) }
        case .subset(let matchers):
            guard let object = actual.objectValue else { return false }
            return matchers.allSatisfy { $0.value.matches(object[$0.key]) }
        case .contains(let inner):
            return actual.arrayValue?.contains { inner.matches($0) } ?? false
        case .absent, .not, .all: return false
        }
    }

    /// Whether the matcher is about presence, so a missing path is an ordinary mismatch rather than a wrong path.
    var acceptsAbsence: Bool {
        switch self {
        case .absent: return true
        case .not(let inner): return inner.acceptsAbsence
        case .all(let matchers): return matchers.contains { $0.acceptsAbsence }
        default: return false
        }
    }

    /// The matcher in words, for failure messages.
    public var description: String {
        switch self {
        case .equals(let value): return value.serialized()
        case .approx(let value, let tol):
            return "≈ \(JSONValue.number(value).serialized()) ± \(JSONValue.number(tol).serialized())"
        case .greaterThan(let bound): return "> \(JSONValue.number(bound).serialized())"
        case .greaterThanOrEqual(let bound): return "≥ \(JSONValue.number(bound).serialized())"
        case .lessThan(let bound): return "< \(JSONValue.number(bound).serialized())"
        case .lessThanOrEqual(let bound): return "≤ \(JSONValue.number(bound).serialized())"
        case .oneOf(let values): return "one of \(JSONValue.array(values).serialized())"
        case .length(let n): return "length \(n)"
        case .matches(let pattern): return "matching /\(pattern)/"
        case .absent(let absent): return absent ? "absent" : "present"
        case .not(let inner): return "not \(inner.description)"
        case .all(let matchers): return matchers.map(\.description).joined(separator: " and ")
        case .elements, .fields, .subset: return expectedJSON.serialized()
        case .contains(let inner): return "containing \(inner.description)"
        }
    }

    /// The expected value as JSON for reports (the value itself for exact matches).
    public var expectedJSON: JSONValue {
        switch self {
        case .equals(let value): return value
        case .elements(let matchers): return .array(matchers.map(\.expectedJSON))
        case .fields(let matchers), .subset(let matchers): return .object(matchers.mapValues(\.expectedJSON))
        default: return .string(description)
        }
    }
}

/// A line diff of two JSON values, pretty-printed: `- ` lines only in the expected, `+ ` only in the actual.
public enum JSONDiff {
    public static func lines(expected: JSONValue, actual: JSONValue) -> [String] {
        let a = expected.prettyPrinted().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = actual.prettyPrinted().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard a.count + b.count > 2 else { return [] }
        // Longest common subsequence, fine for the small documents journeys compare.
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var out: [String] = []
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                out.append("  \(a[i])")
                i += 1
                j += 1
            } else if j < b.count, i == a.count || table[i][j + 1] >= table[i + 1][j] {
                out.append("+ \(b[j])")
                j += 1
            } else {
                out.append("- \(a[i])")
                i += 1
            }
        }
        return out
    }
}
