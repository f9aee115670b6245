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
        case .every(let inner):
            return actual.arrayValue?.allSatisfy { inner.matches($0) } ?? false
        case .absent, .not, .all: return false
        }
    }

    /// How far a number is from what a numeric matcher accepts (0 when it matches), for a sweep's worst offset; nil
    /// for other matchers or a value that is no number.
    func miss(_ actual: JSONValue?) -> Double? {
        guard let a = actual?.doubleValue else { return nil }
        switch self {
        case .equals(let value): return value.doubleValue.map { abs(a - $0) }
        case .approx(let value, let tol): return max(0, abs(a - value) - tol)
        case .greaterThan(let bound), .greaterThanOrEqual(let bound): return max(0, bound - a)
        case .lessThan(let bound), .lessThanOrEqual(let bound): return max(0, a - bound)
        case .all(let matchers): return matchers.compactMap { $0.miss(actual) }.max()
        default: return nil
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
        case .every(let inner): return "every element \(inner.description)"
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

/// A diff of two JSON values by key: one line per leaf (`path: value`, compact JSON), in key order — `  ` when both
/// have it equal, `- ` only in the expected or with the expected value, `+ ` only in the actual or with the actual
/// value. Objects are compared key by key and arrays index by index, so a key never shows as removed and added
/// because of a comma; an empty object or array is a leaf.
public enum JSONDiff {
    public static func lines(expected: JSONValue, actual: JSONValue) -> [String] {
        var out: [String] = []
        diff(expected, actual, path: "", into: &out)
        return out.count > 1 || out.contains(where: { !$0.hasPrefix("  ") }) ? out : []
    }

    private static func diff(_ a: JSONValue?, _ b: JSONValue?, path: String, into out: inout [String]) {
        switch (a, b) {
        case (.object(let x)?, .object(let y)?) where !x.isEmpty || !y.isEmpty:
            for key in Set(x.keys).union(y.keys).sorted() {
                diff(x[key], y[key], path: join(path, key), into: &out)
            }
        case (.array(let x)?, .array(let y)?) where !x.isEmpty || !y.isEmpty:
            for index in 0..<max(x.count, y.count) {
                let a: JSONValue? = index < x.count ? .some(x[index]) : .none
                let b: JSONValue? = index < y.count ? .some(y[index]) : .none
                diff(a, b, path: join(path, "\(index)"), into: &out)
            }
        default:
            let label = path.isEmpty ? "" : "\(path): "
            if let a, let b, a == b || (a.doubleValue != nil && a.doubleValue == b.doubleValue) {
                out.append("  \(label)\(a.serialized())")
            } else {
                if let a { out.append("- \(label)\(a.serialized())") }
                if let b { out.append("+ \(label)\(b.serialized())") }
            }
        }
    }

    private static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// When an exact mapping is compared with a mapping that has more keys: `extra keys: a, b; compare dotted paths
    /// to ignore them (`path.a: …`)`; nil otherwise.
    public static func extraKeysAdvice(expected: JSONValue, actual: JSONValue?, path: String) -> String? {
        guard let want = expected.objectValue, let got = actual?.objectValue else { return nil }
        let extra = Set(got.keys).subtracting(want.keys).sorted()
        guard !extra.isEmpty else { return nil }
        let example = want.keys.sorted().first.map { "`\(path).\($0): …`" } ?? "`\(path).KEY: …`"
        return "extra keys: \(extra.joined(separator: ", ")); compare dotted paths to ignore them (\(example))"
    }
}
