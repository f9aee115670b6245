import ChoreoJSON

/// A JSON Schema (draft 07), as the OpenRPC document spells parameters, results and shared components.
///
/// Built with the type constructors (``string(_:)``, ``object(_:properties:required:additionalProperties:)``, …)
/// and refined with modifiers (``minimum(_:)``, ``pattern(_:)``, …); ``ref(_:_:)`` names a shared schema in
/// `#/components/schemas`. Only documentation: validation is the parameters' own (``Parameter``).
public struct JSONSchema: Sendable, Hashable {
    /// The schema object.
    public private(set) var members: [String: JSONValue]

    package init(_ members: [String: JSONValue]) {
        self.members = members
    }

    /// The schema as JSON.
    public var json: JSONValue { .object(members) }

    /// A copy with one member set.
    package func with(_ key: String, _ value: JSONValue) -> JSONSchema {
        var copy = self
        copy.members[key] = value
        return copy
    }

    /// The description, if any.
    public var description: String? { members["description"]?.stringValue }
}

// MARK: - Types

extension JSONSchema {
    private static func typed(_ type: String, _ description: String?) -> JSONSchema {
        var members: [String: JSONValue] = ["type": .string(type)]
        if let description { members["description"] = .string(description) }
        return JSONSchema(members)
    }

    /// A shared schema, `#/components/schemas/NAME`, with an optional description of this use of it.
    public static func ref(_ component: String, _ description: String? = nil) -> JSONSchema {
        var members: [String: JSONValue] = ["$ref": .string(OpenRPCRefs.schemaPrefix + component)]
        if let description { members["description"] = .string(description) }
        return JSONSchema(members)
    }

    /// A string.
    public static func string(_ description: String? = nil) -> JSONSchema { typed("string", description) }

    /// A number (integer or real).
    public static func number(_ description: String? = nil) -> JSONSchema { typed("number", description) }

    /// A whole number.
    public static func integer(_ description: String? = nil) -> JSONSchema { typed("integer", description) }

    /// `true` or `false`.
    public static func boolean(_ description: String? = nil) -> JSONSchema { typed("boolean", description) }

    /// `null`.
    public static func null(_ description: String? = nil) -> JSONSchema { typed("null", description) }

    /// An array; `items` is the schema of every element.
    public static func array(of items: JSONSchema? = nil, _ description: String? = nil) -> JSONSchema {
        let schema = typed("array", description)
        return items.map { schema.with("items", $0.json) } ?? schema
    }

    /// An object. `properties` in document order; `additionalProperties` as in JSON Schema (nil leaves it out).
    public static func object(
        _ description: String? = nil, properties: KeyValuePairs<String, JSONSchema>? = nil, required: [String]? = nil,
        additionalProperties: Bool? = nil
    ) -> JSONSchema {
        var schema = typed("object", description)
        if let properties {
            var members: [String: JSONValue] = [:]
            for (name, property) in properties { members[name] = property.json }
            schema = schema.with("properties", .object(members))
        }
        if let required { schema = schema.with("required", .array(required.map { .string($0) })) }
        if let additionalProperties { schema = schema.with("additionalProperties", .bool(additionalProperties)) }
        return schema
    }

    /// An object with properties built at run time (`(name, schema)` in order).
    package static func object(
        _ description: String? = nil, propertyList: [(String, JSONSchema)], required: [String]? = nil,
        additionalProperties: Bool? = nil
    ) -> JSONSchema {
        var schema = object(description, required: required, additionalProperties: additionalProperties)
        schema = schema.with(
            "properties", .object(Dictionary(uniqueKeysWithValues: propertyList.map { ($0, $1.json) })))
        return schema
    }

    /// An object whose properties are the given parameters' schemas (a nested parameter object).
    package static func object(
        _ description: String? = nil, fields: [ParamSpec], additionalProperties: Bool
    ) -> JSONSchema {
        let required = fields.filter(\.required).map(\.name)
        return object(
            description, propertyList: fields.map { ($0.name, $0.schema) }, required: required.isEmpty ? nil : required,
            additionalProperties: additionalProperties)
    }

    /// Exactly one of the alternatives.
    public static func either(_ alternatives: [JSONSchema], _ description: String? = nil) -> JSONSchema {
        var members: [String: JSONValue] = ["oneOf": .array(alternatives.map(\.json))]
        if let description { members["description"] = .string(description) }
        return JSONSchema(members)
    }

    /// Any value (no type); refine it with modifiers.
    public static func anything(_ description: String? = nil) -> JSONSchema {
        JSONSchema(description.map { ["description": .string($0)] } ?? [:])
    }
}

// MARK: - Modifiers

extension JSONSchema {
    /// The description of this use.
    public func described(_ description: String) -> JSONSchema { with("description", .string(description)) }

    /// The smallest value allowed.
    public func minimum(_ value: JSONValue) -> JSONSchema { with("minimum", value) }

    /// The largest value allowed.
    public func maximum(_ value: JSONValue) -> JSONSchema { with("maximum", value) }

    /// Values must be greater than this.
    public func exclusiveMinimum(_ value: JSONValue) -> JSONSchema { with("exclusiveMinimum", value) }

    /// The most elements an array may have.
    public func maxItems(_ count: Int) -> JSONSchema { with("maxItems", .int(Int64(count))) }

    /// The longest a string may be, in characters.
    public func maxLength(_ count: Int) -> JSONSchema { with("maxLength", .int(Int64(count))) }

    /// A regular expression strings must match.
    public func pattern(_ pattern: String) -> JSONSchema { with("pattern", .string(pattern)) }

    /// The only values allowed (`enum`).
    public func choices(_ values: JSONValue...) -> JSONSchema { with("enum", .array(values)) }

    /// The only values allowed (`enum`).
    public func choices(_ values: [JSONValue]) -> JSONSchema { with("enum", .array(values)) }

    /// The one value allowed (`const`).
    public func constant(_ value: JSONValue) -> JSONSchema { with("const", value) }

    /// The value assumed when the member is absent (`default`).
    public func defaultValue(_ value: JSONValue) -> JSONSchema { with("default", value) }

    /// Example values.
    public func examples(_ values: JSONValue...) -> JSONSchema { with("examples", .array(values)) }

    /// The type, or `null`.
    public func orNull() -> JSONSchema {
        guard let type = members["type"] else { return self }
        return with("type", [type, "null"])
    }

    /// Members that must be present.
    public func requiring(_ names: String...) -> JSONSchema { with("required", .array(names.map { .string($0) })) }

    /// Values must also match exactly one of these.
    public func oneOf(_ alternatives: [JSONSchema]) -> JSONSchema { with("oneOf", .array(alternatives.map(\.json))) }

    /// Values must also match all of these.
    public func allOf(_ schemas: [JSONSchema]) -> JSONSchema { with("allOf", .array(schemas.map(\.json))) }

    /// Values must not match this.
    public func not(_ schema: JSONSchema) -> JSONSchema { with("not", schema.json) }

    /// The schema of members not listed in `properties`.
    public func additionalProperties(_ schema: JSONSchema) -> JSONSchema {
        with("additionalProperties", schema.json)
    }
}
