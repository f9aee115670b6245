import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON

/// The OpenRPC document of the protocol, generated from the declarations: every ``Method`` of ``MethodTable``, the
/// shared components (``OpenRPCComponents``), the errors (``ErrorComponent``) and the `event` notification.
///
/// `rpc.discover` serves it; `protocol/openrpc.json` is ``text``, checked in for clients and written by
/// `make openrpc` (`choreod --print-openrpc > protocol/openrpc.json`). A test fails when the file differs.
public enum OpenRPCDocument {
    /// The OpenRPC version the document follows.
    public static let openRPCVersion = "1.3.2"

    /// The entries of the methods of a daemon hosting `apps`, by name.
    private static func methods(apps: AppRegistry) -> JSONValue {
        .array(MethodTable.methods(for: apps).sorted { $0.name < $1.name }.map { document($0, apps: apps) })
    }

    /// A method's description on a daemon hosting `apps`: the method's own, then how each app answers it
    /// (``AppModel/actionNotes``).
    public static func description(of method: Method, apps: AppRegistry) -> String {
        apps.apps.reduce(method.description) { text, app in
            guard let note = app.actionNotes[method.name] else { return text }
            return text + "\n\n`\(app.appName)`: " + note
        }
    }

    /// The document of a daemon hosting `apps` (the refusal reasons are theirs).
    public static func json(apps: AppRegistry) -> JSONValue {
        var schemas = OpenRPCComponents.schemas
        OpenRPCComponents.addRefusal(to: &schemas, reasons: apps.refusalReasons)
        return [
            "openrpc": .string(openRPCVersion),
            "info": info,
            "methods": methods(apps: apps),
            "components": [
                "contentDescriptors": .object(
                    Dictionary(
                        uniqueKeysWithValues: OpenRPCComponents.contentDescriptors.map { ($0.name, $0.descriptor) })
                ),
                "schemas": .object(schemas.mapValues(\.json)),
                "errors": .object(
                    Dictionary(
                        uniqueKeysWithValues: ErrorComponent.all.map { ($0.name, naming(apps, in: $0.json)) })),
            ],
            "x-notifications": .array(OpenRPCComponents.notifications.map(\.json)),
            "x-error-data": .object(
                Dictionary(
                    uniqueKeysWithValues: ErrorComponent.all.map { error in
                        (
                            error.name,
                            ["code": .int(Int64(error.code.rawValue)), "schema": JSONSchema.ref(error.dataSchema).json]
                        )
                    })),
        ]
    }

    /// The document as `protocol/openrpc.json` holds it (for the stock apps): indented by 2, keys sorted, a final
    /// newline.
    public static func text(apps: AppRegistry) -> String { json(apps: apps).prettyPrinted() + "\n" }

    /// The method names the document of a daemon hosting `apps` lists.
    public static func methodNames(apps: AppRegistry) -> [String] {
        (methods(apps: apps).arrayValue ?? []).compactMap { $0["name"]?.stringValue }.sorted()
    }

    /// One method's entry. Every method lists -32602 and -32603; one that takes a session lists -32000 too.
    static func document(_ method: Method, apps: AppRegistry) -> JSONValue {
        var errors = [ErrorComponent.invalidParams]
        if method.params.contains(where: { $0.name == Param.session.spec.name }) { errors.append(.unknownSession) }
        errors += method.errors
        errors.append(.internalError)
        return [
            "name": .string(method.name), "summary": .string(method.summary),
            "description": .string(description(of: method, apps: apps)), "paramStructure": "by-name",
            "params": .array(method.params.map(\.json)),
            "result": ["name": .string(method.result.name), "schema": method.result.schema.json],
            "errors": .array(errors.map(\.reference)),
            "examples": .array(method.examples.map { naming(apps, in: example(of: method, $0)) }),
        ]
    }

    private static func example(of method: Method, _ example: Example) -> JSONValue {
        var pairing: [String: JSONValue] = [
            "name": .string(example.name),
            "params": .array(example.params.map { ["name": .string($0.name), "value": $0.value] }),
            "result": ["name": .string(method.result.name), "value": example.result],
        ]
        if let summary = example.summary { pairing["summary"] = .string(summary) }
        if let description = example.description { pairing["description"] = .string(description) }
        return .object(pairing)
    }

    /// `value` with every ``Example/defaultApp`` replaced by the name of the default app of a daemon hosting `apps`.
    static func naming(_ apps: AppRegistry, in value: JSONValue) -> JSONValue {
        switch value {
        case Example.defaultApp: return .string(apps.names.first ?? "")
        case .array(let items): return .array(items.map { naming(apps, in: $0) })
        case .object(let members): return .object(members.mapValues { naming(apps, in: $0) })
        default: return value
        }
    }
}
