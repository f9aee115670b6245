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
