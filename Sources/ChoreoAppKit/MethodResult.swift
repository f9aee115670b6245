import ChoreoJSON

/// A method's result, for the document: its name and schema.
public struct MethodResult: Sendable {
    /// The result's name (the content descriptor's).
    public var name: String
    /// Its schema.
    public var schema: JSONSchema
    /// Whether the schema is built from the hosting apps' result types (``answeredByApps``).
    public let answeredByApps: Bool

    public init(_ name: String, _ schema: JSONSchema) {
        self.init(name, schema, answeredByApps: false)
    }

    package init(_ name: String, _ schema: JSONSchema, answeredByApps: Bool) {
        self.name = name
        self.schema = schema
        self.answeredByApps = answeredByApps
    }
}

extension MethodResult {
    /// An action's result: what it did (`schema`), or the one shape of a refusal when the app declines it now
    /// (`#/components/schemas/Refusal`, ``Refusal``).
    public static func orRefusal(_ name: String, _ schema: JSONSchema) -> MethodResult {
        MethodResult(name, JSONSchema(["anyOf": .array([schema.json, JSONSchema.ref("Refusal").json])]))
    }
}
