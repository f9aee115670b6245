import ChoreoAppKit
import ChoreoJSON

extension OpenRPCDocument {
    /// A method's params as one self-contained JSON Schema of an object, for tools that take a call's params as an
    /// object (`journey mcp` gives it to each tool as its input schema).
    ///
    /// Made from the same declarations as the method's entry in the document: one property per parameter, its
    /// schema as the document lists it (described with the parameter's description when the schema has none),
    /// `required` as declared, no other members. The shared schemas it refers to
    /// (`#/components/schemas/NAME`) are copied under `$defs` (with what they refer to, transitively), and the
    /// references point there.
    public static func paramsSchema(of method: Method) -> JSONValue {
        paramsSchema(method.params.map { ($0.name, $0.required, $0.descriptor) }) {
            OpenRPCComponents.schemas[$0]?.json
        }
    }

    /// ``paramsSchema(of:)`` of a method's entry in an OpenRPC document (`document`, for the content descriptors
    /// the entry refers to): the same schema, for a method known only by its entry (an app's own command).
    public static func paramsSchema(ofEntry entry: JSONValue, in document: JSONValue) -> JSONValue {
        let shared = document["components"]?["contentDescriptors"]
        let params: [(String, Bool, JSONValue)] = (entry["params"]?.arrayValue ?? []).compactMap { param in
            var descriptor = param
            if let reference = param["$ref"]?.stringValue,
                reference.hasPrefix(OpenRPCComponents.contentDescriptorPrefix)
            {
                guard let target = shared?[String(reference.dropFirst(OpenRPCComponents.contentDescriptorPrefix.count))]
                else { return nil }
                descriptor = target
            }
            guard let name = descriptor["name"]?.stringValue else { return nil }
            return (name, descriptor["required"] == .bool(true), descriptor)
        }
        return paramsSchema(params) { document["components"]?["schemas"]?[$0] }
    }

    /// The object schema of parameters given as content descriptors: each one's schema, described with its
    /// description when the schema has none.
    /// `schema` looks a shared schema up by name (the binary's, or the document's).
    private static func paramsSchema(
        _ params: [(name: String, required: Bool, descriptor: JSONValue)], schema shared: (String) -> JSONValue?
    ) -> JSONValue {
        var properties: [String: JSONValue] = [:]
        var required: [JSONValue] = []
        for param in params {
            var schema = param.descriptor["schema"] ?? [:]
            if case .object(var members) = schema, members["description"] == nil,
                let description = param.descriptor["description"]
            {
                members["description"] = description
                schema = .object(members)
            }
            properties[param.name] = schema
            if param.required { required.append(.string(param.name)) }
        }
        var object: [String: JSONValue] = [
            "type": "object", "properties": .object(properties), "additionalProperties": false,
        ]
        if !required.isEmpty { object["required"] = .array(required) }
        var definitions: [String: JSONValue] = [:]
        var pending = Array(references(in: .object(object)))
        while let name = pending.popLast() {
            guard definitions[name] == nil, let schema = shared(name) else { continue }
            definitions[name] = rewritingReferences(schema)
            pending += references(in: schema)
        }
        object = rewritingReferences(.object(object)).objectValue ?? [:]
        if !definitions.isEmpty { object["$defs"] = .object(definitions) }
        return .object(object)
    }

    /// The names of the shared schemas a schema refers to.
    private static func references(in value: JSONValue) -> Set<String> {
        switch value {
        case .object(let members):
            var names = Set<String>()
            for (key, member) in members {
                if key == "$ref", let target = member.stringValue, target.hasPrefix(OpenRPCComponents.schemaPrefix) {
                    names.insert(String(target.dropFirst(OpenRPCComponents.schemaPrefix.count)))
                } else {
                    names.formUnion(references(in: member))
                }
            }
            return names
        case .array(let items): return items.reduce(into: Set<String>()) { $0.formUnion(references(in: $1)) }
        default: return []
        }
    }

    /// The schema with its references to shared schemas pointing under `$defs`.
    private static func rewritingReferences(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            var rewritten: [String: JSONValue] = [:]
            for (key, member) in members {
                if key == "$ref", let target = member.stringValue, target.hasPrefix(OpenRPCComponents.schemaPrefix) {
                    rewritten[key] = .string("#/$defs/" + target.dropFirst(OpenRPCComponents.schemaPrefix.count))
                } else {
                    rewritten[key] = rewritingReferences(member)
                }
            }
            return .object(rewritten)
        case .array(let items): return .array(items.map(rewritingReferences))
        default: return value
        }
    }
}
