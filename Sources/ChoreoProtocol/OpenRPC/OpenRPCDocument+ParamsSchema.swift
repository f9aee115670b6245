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
        var properties: [String: JSONValue] = [:]
        var required: [JSONValue] = []
        for spec in method.params {
            var schema = spec.schema
            if schema.description == nil { schema = schema.described(spec.description) }
            properties[spec.name] = schema.json
            if spec.required { required.append(.string(spec.name)) }
        }
        var object: [String: JSONValue] = [
            "type": "object", "properties": .object(properties), "additionalProperties": false,
        ]
        if !required.isEmpty { object["required"] = .array(required) }
        var definitions: [String: JSONValue] = [:]
        var pending = Array(references(in: .object(object)))
        while let name = pending.popLast() {
            guard definitions[name] == nil, let schema = OpenRPCComponents.schemas[name] else { continue }
            definitions[name] = rewritingReferences(schema.json)
            pending += references(in: schema.json)
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
