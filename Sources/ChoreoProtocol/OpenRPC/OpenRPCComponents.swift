import ChoreoAppKit
import ChoreoJSON

/// What the OpenRPC document shares between methods: schemas, content descriptors and the notifications the
/// daemon sends.
enum OpenRPCComponents {
    static let schemaPrefix = OpenRPCRefs.schemaPrefix
    static let contentDescriptorPrefix = OpenRPCRefs.contentDescriptorPrefix
    static let errorPrefix = OpenRPCRefs.errorPrefix

    /// The shared schemas, by name, but the apps' (``addRefusal(to:reasons:)``).
    static let schemas: [String: JSONSchema] = {
        var schemas: [String: JSONSchema] = [:]
        addBasics(to: &schemas)
        addCurves(to: &schemas)
        addRecords(to: &schemas)
        addErrorData(to: &schemas)
        return schemas
    }()

    /// The shared content descriptors (parameters many methods take).
    static let contentDescriptors: [ParamSpec] = [Param.session.spec, Param.since.spec]

    /// The raw values of an enumeration, for a schema's `enum`.
    static func values<T: RawRepresentable & CaseIterable>(of type: T.Type) -> [JSONValue] where T.RawValue == String {
        T.allCases.map { .string($0.rawValue) }
    }
}

/// A notification the daemon sends (listed under `x-notifications`): documentation only.
struct NotificationDeclaration: Sendable {
    var name: String
    var summary: String
    var description: String
    var params: [ParamSpec]

    var json: JSONValue {
        [
            "name": .string(name), "summary": .string(summary), "description": .string(description),
            "paramStructure": "by-name", "params": .array(params.map(\.descriptor)),
        ]
    }
}
