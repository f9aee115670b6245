import ChoreoEngine
import ChoreoJSON

/// The parameter constructors: each declares a name, its description and schema for the document, and how it is
/// validated, with the -32602 message a wrong value gets (``RPCError/invalidParams(_:expected:got:)``).
///
/// A constructor makes a required parameter; ``Parameter/optional`` and ``Parameter/defaulting(to:)`` make it
/// optional. A `null` value counts as absent.
public enum Param {
    private static func spec(
        _ name: String, _ description: String, _ kind: ParamSpec.Kind, _ schema: JSONSchema, expected: String
    ) -> ParamSpec {
        ParamSpec(
            name: name, description: description, kind: kind, required: true, schema: schema, expected: expected)
    }

    /// A string.
    public static func string(_ name: String, _ description: String) -> Parameter<String> {
        Parameter(spec(name, description, .string, .string(), expected: "a string")) { (p: Params) throws(RPCError) in
            try p.string(name)
        }
    }

    /// `true` or `false`.
    public static func boolean(_ name: String, _ description: String) -> Parameter<Bool> {
        Parameter(spec(name, description, .boolean, .boolean(), expected: "true or false")) {
            (p: Params) throws(RPCError) in
            try p.bool(name)
        }
    }

    /// A finite number within `range`; anything else is told `expected`.
    public static func number(
        _ name: String, _ description: String, in range: ClosedRange<Double> = -1e15...1e15,
        expected: String = "a number"
    ) -> Parameter<Double> {
        let schema = JSONSchema.number().minimum(.number(range.lowerBound)).maximum(.number(range.upperBound))
        let expected = naming(range, in: expected)
        return Parameter(spec(name, description, .number(range), schema, expected: expected)) {
            (p: Params) throws(RPCError) in
            try p.number(name, in: range, expected: expected)
        }
    }

    /// A whole number within `range`; anything else is told `expected`. (An upper bound of `Int64.max` is not
    /// listed in the schema.)
    public static func integer(
        _ name: String, _ description: String, in range: ClosedRange<Int64>, expected: String
    ) -> Parameter<Int64> {
        var schema = JSONSchema.integer().minimum(.int(range.lowerBound))
        if range.upperBound < Int64.max { schema = schema.maximum(.int(range.upperBound)) }
        let expected =
            range.upperBound < Int64.max
            ? naming(Double(range.lowerBound)...Double(range.upperBound), in: expected) : expected
        return Parameter(spec(name, description, .integer(range), schema, expected: expected)) {
            (p: Params) throws(RPCError) in
            try p.integer(name, in: range, expected: expected)
        }
    }

    /// What a number outside `range` is told: `expected` with the range (`the finger's pull distance in points, from 0
    /// to 10000`), unless `expected` names values already (it holds a digit: `0 to 1`, `60 or 120`) or the range is
    /// the default one, which only keeps numbers sane (a plain `a number` is then told that range's bounds).
    package static func naming(_ range: ClosedRange<Double>, in expected: String) -> String {
        if range == -1e15...1e15, expected == "a number" {
            // As Params.number tells a number out of the default range when it was given no words of its own.
            return "a number from -1e15 to 1e15"
        }
        guard range != -1e15...1e15, !expected.contains(where: \.isNumber) else { return expected }
        let low = JSONValue.number(range.lowerBound).serialized()
        let high = JSONValue.number(range.upperBound).serialized()
        return "\(expected), from \(low) to \(high)"
    }

    /// A span of virtual time in milliseconds, 0 to 1e12 (`#/components/schemas/DurationMs`).
    public static func milliseconds(_ name: String, _ description: String) -> Parameter<VirtualTime> {
        Parameter(
            spec(name, description, .milliseconds, .ref("DurationMs"), expected: Params.millisecondsExpected)
        ) { (p: Params) throws(RPCError) in
            try p.milliseconds(name)
        }
    }

    /// One of the raw values of `T`, documented by the shared schema `component` (which lists them).
    public static func choice<T: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ description: String, _ type: T.Type, schema component: String
    ) -> Parameter<T> where T.RawValue == String {
        Parameter(
            spec(
                name, description, .choice(T.allCases.map(\.rawValue)), .ref(component),
                expected: Params.choiceExpected(T.self))
        ) { (p: Params) throws(RPCError) in
            try p.choice(name, as: T.self)
        }
    }

    /// An object, taken as it is.
    public static func object(_ name: String, _ description: String) -> Parameter<[String: JSONValue]> {
        Parameter(spec(name, description, .object, .object(), expected: "an object")) { (p: Params) throws(RPCError) in
            try p.objectParam(name)
        }
    }

    /// An object whose members are themselves declared parameters (`settings`, `budgets`): unknown members are
    /// rejected and errors name the full path (`settings.mode`). The schema is `schema`, or an object of the
    /// fields' schemas.
    public static func object<T>(
        _ name: String, _ description: String, fields: Parameter<T>, schema: JSONSchema? = nil
    ) -> Parameter<T> {
        var spec = spec(
            name, description, .object, schema ?? .object(fields: fields.specs, additionalProperties: false),
            expected: "an object")
        spec.fields = fields.specs
        return Parameter(spec) { (p: Params) throws(RPCError) in
            try fields.read(.object(try p.objectParam(name)), prefix: p.fullName(name))
        }
    }

    /// A parameter with its own reader, given the raw value (nil when absent; `null` is passed as is) and the
    /// parameter's full name for errors. `expected` is what its reader tells a value of the wrong JSON type.
    public static func custom<T>(
        _ name: String, _ description: String, schema: JSONSchema, expected: String,
        read: @escaping @Sendable (_ value: JSONValue?, _ name: String) throws(RPCError) -> T
    ) -> Parameter<T> {
        Parameter(spec(name, description, .custom, schema, expected: expected)) { (p: Params) throws(RPCError) in
            try read(p.object[name], p.fullName(name))
        }
    }

    /// Several parameters read as one value (the settings keys as a ``SettingsChange``), in order.
    public static func group<each Part: Sendable, T>(
        _ parts: repeat Parameter<each Part>,
        combine: @escaping @Sendable (repeat each Part) throws(RPCError) -> T
    ) -> Parameter<T> {
        var specs: [ParamSpec] = []
        for part in repeat each parts { specs += part.specs }
        let all = (repeat each parts)
        return Parameter(specs) { (p: Params) throws(RPCError) -> T in
            try combine(repeat try (each all).read(p))
        }
    }
}

extension Parameter {
    /// The same parameter documented with another schema (a shared component, an enum of allowed values).
    public func documented(as schema: JSONSchema) -> Parameter {
        var copy = self
        copy.specs[0].schema = schema
        return copy
    }

    /// The same parameter with a further check of the value it read; `check` throws the error.
    public func checked(
        _ check: @escaping @Sendable (_ value: Value, _ name: String) throws(RPCError) -> Void
    ) -> Parameter {
        let read = self.read
        let name = spec.name
        return Parameter(specs) { (p: Params) throws(RPCError) -> Value in
            let value = try read(p)
            try check(value, p.fullName(name))
            return value
        }
    }

    /// The same parameter, its value turned into another.
    public func map<T>(_ transform: @escaping @Sendable (Value) throws(RPCError) -> T) -> Parameter<T> {
        let read = self.read
        return Parameter<T>(specs) { (p: Params) throws(RPCError) -> T in try transform(try read(p)) }
    }
}
