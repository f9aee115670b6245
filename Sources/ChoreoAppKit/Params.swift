import ChoreoEngine
import ChoreoJSON

/// A params object read with validation: unknown names are rejected (a typo never passes silently) and every failure
/// names the parameter and what was expected.
///
/// The declared parameters (``Param``) read a request with it, and the readers of nested shapes (curves, snapshots)
/// use it directly; handlers never see it, only the values their parameters read.
package struct Params: Sendable {
    /// The parameters object.
    package let object: [String: JSONValue]
    /// The dotted path of this object inside the request's params (empty at the top), used in error names.
    package let prefix: String

    /// Reads `params` (absent, an object, or an empty array) and rejects names outside `allowed`. `prefix` is the
    /// path of a nested object (`curve.spring`), so errors name the full parameter.
    package init(_ params: JSONValue?, allowed: Set<String>, prefix: String = "") throws(RPCError) {
        self.prefix = prefix
        switch params {
        case nil:
            object = [:]
        case .object(let o):
            object = o
        case .array(let a) where a.isEmpty:
            object = [:]
        case .some(let other):
            throw .invalidParams(
                prefix.isEmpty ? "params" : prefix, expected: "an object of named parameters", got: other)
        }
        // Checked before sorting: the names are sorted only to name the first unknown one.
        guard object.keys.contains(where: { !allowed.contains($0) }) else { return }
        for key in object.keys.sorted() where !allowed.contains(key) {
            throw .invalidParams(
                prefix.isEmpty ? key : "\(prefix).\(key)",
                expected: "one of the known parameters (\(allowed.sorted().joined(separator: ", "))); "
                    + "remove '\(key)'")
        }
    }

    /// The full name of a parameter for error messages.
    package func fullName(_ name: String) -> String { prefix.isEmpty ? name : "\(prefix).\(name)" }

    /// Whether a parameter is present (and not null).
    package func has(_ name: String) -> Bool {
        if let value = object[name], !value.isNull { return true }
        return false
    }

    private func value(_ name: String) throws(RPCError) -> JSONValue {
        guard let value = object[name], !value.isNull else {
            throw .invalidParams(fullName(name), expected: "present (it is required)")
        }
        return value
    }

    /// A required string.
    package func string(_ name: String) throws(RPCError) -> String {
        let v = try value(name)
        guard let s = v.stringValue else { throw .invalidParams(fullName(name), expected: "a string", got: v) }
        return s
    }

    /// An optional string.
    package func optionalString(_ name: String) throws(RPCError) -> String? {
        has(name) ? try string(name) : nil
    }

    /// A required boolean.
    package func bool(_ name: String) throws(RPCError) -> Bool {
        let v = try value(name)
        guard let b = v.boolValue else { throw .invalidParams(fullName(name), expected: "true or false", got: v) }
        return b
    }

    /// An optional boolean.
    package func optionalBool(_ name: String) throws(RPCError) -> Bool? {
        has(name) ? try bool(name) : nil
    }

    /// A required finite number within a range.
    package func number(
        _ name: String, in range: ClosedRange<Double> = -1e15...1e15, expected: String = "a number"
    ) throws(RPCError) -> Double {
        let v = try value(name)
        guard let d = v.doubleValue, d.isFinite, range.contains(d) else {
            // A number out of the default range is told the range, not "must be a number".
            let told =
                expected == "a number" && v.doubleValue != nil
                ? "a number from \(Params.bound(range.lowerBound)) to \(Params.bound(range.upperBound))" : expected
            throw .invalidParams(fullName(name), expected: told, got: v)
        }
        return d
    }

    /// A range's bound as messages write it: `1e15`, `-1e15`, `0.5`, `360`.
    package static func bound(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e6 { return String(Int64(value)) }
        let exponent = abs(value).exponentOfTen
        if let exponent, abs(value) == pow10(exponent) { return (value < 0 ? "-" : "") + "1e\(exponent)" }
        return String(value)
    }

    private static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<exponent { result *= 10 }
        return result
    }

    /// An optional finite number within a range.
    package func optionalNumber(
        _ name: String, in range: ClosedRange<Double> = -1e15...1e15, expected: String = "a number"
    ) throws(RPCError) -> Double? {
        has(name) ? try number(name, in: range, expected: expected) : nil
    }

    /// A required whole number within a range.
    package func integer(_ name: String, in range: ClosedRange<Int64>, expected: String) throws(RPCError) -> Int64 {
        let v = try value(name)
        guard let i = v.intValue, range.contains(i) else {
            throw .invalidParams(fullName(name), expected: expected, got: v)
        }
        return i
    }

    /// What a wrong duration is told.
    package static let millisecondsExpected = "a number of milliseconds from 0 to 1e12"

    /// A duration in virtual milliseconds (non-negative, at most 10¹² ms).
    package func milliseconds(_ name: String) throws(RPCError) -> VirtualTime {
        let ms = try number(name, in: 0...1e12, expected: Params.millisecondsExpected)
        return VirtualTime(milliseconds: ms)!
    }

    /// A required object.
    package func objectParam(_ name: String) throws(RPCError) -> [String: JSONValue] {
        let v = try value(name)
        guard let o = v.objectValue else { throw .invalidParams(fullName(name), expected: "an object", got: v) }
        return o
    }

    /// A value from a fixed set of names.
    package func choice<T: RawRepresentable & CaseIterable>(_ name: String, as type: T.Type) throws(RPCError) -> T
    where T.RawValue == String {
        let v = try value(name)
        guard let s = v.stringValue, let choice = T(rawValue: s) else {
            throw .invalidParams(fullName(name), expected: Params.choiceExpected(T.self), got: v)
        }
        return choice
    }

    /// What a wrong choice is told: the values allowed.
    package static func choiceExpected<T: RawRepresentable & CaseIterable>(_ type: T.Type) -> String
    where T.RawValue == String {
        "one of " + T.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
    }

    /// A time given in seconds under `name` or in milliseconds under `msName`, returned in seconds; nil when
    /// neither is present.
    package func seconds(_ name: String, msName: String, range: ClosedRange<Double>) throws(RPCError) -> Double? {
        if has(name) && has(msName) {
            throw .invalidParams(fullName(msName), expected: "absent when '\(name)' is given (one unit only)")
        }
        if let s = try optionalNumber(
            name, in: range, expected: "a time in seconds from \(range.lowerBound) to \(range.upperBound)")
        {
            return s
        }
        let msRange = (range.lowerBound * 1000)...(range.upperBound * 1000)
        return try optionalNumber(
            msName, in: msRange, expected: "a time in milliseconds from \(msRange.lowerBound) to \(msRange.upperBound)"
        ).map { $0 / 1000 }
    }
}

extension Double {
    /// n when the value is exactly 10ⁿ for a whole n from 0 to 300, else nil.
    fileprivate var exponentOfTen: Int? {
        var power = 1.0
        for exponent in 0...300 {
            if power == self { return exponent }
            if power > self { return nil }
            power *= 10
        }
        return nil
    }
}
