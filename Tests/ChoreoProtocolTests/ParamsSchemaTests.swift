import ChoreoApps
import ChoreoJSON
import ChoreoProtocol
import Testing

/// ``OpenRPCDocument/paramsSchema(of:)``: each method's params as one self-contained schema (the input schemas of
/// `journey mcp`'s tools), made from the same declarations as the document.
struct ParamsSchemaTests {
    /// `journey mcp` builds the tools of a method it knows only from a document (the stock apps' commands, which
    /// `journey` does not link) from the method's entry: the same schema as the declaration's.
    @Test func aMethodsEntryGivesTheSameSchemaAsItsDeclaration() {
        let document = OpenRPCDocument.json(apps: AppCatalog.registry)
        let entries = document["methods"]?.arrayValue ?? []
        let methods = MethodTable.methods(for: AppCatalog.registry)
        #expect(entries.count == methods.count)
        for method in methods {
            let entry = entries.first { $0["name"]?.stringValue == method.name }
            #expect(entry != nil, "\(method.name)")
            guard let entry else { continue }
            #expect(
                OpenRPCDocument.paramsSchema(ofEntry: entry, in: document) == OpenRPCDocument.paramsSchema(of: method),
                "\(method.name)")
        }
    }

    @Test func everyMethodHasAnObjectOfItsDeclaredParamsWithEveryReferenceResolved() {
        for method in MethodTable.methods(for: AppCatalog.registry) {
            let schema = OpenRPCDocument.paramsSchema(of: method)
            #expect(schema["type"] == "object", "\(method.name)")
            #expect(schema["additionalProperties"] == false, "\(method.name)")
            let properties = schema["properties"]?.objectValue ?? [:]
            #expect(Set(properties.keys) == Set(method.params.map(\.name)), "\(method.name)")
            let required = Set((schema["required"]?.arrayValue ?? []).compactMap(\.stringValue))
            #expect(required == Set(method.params.filter(\.required).map(\.name)), "\(method.name)")
            for (name, property) in properties {
                #expect(property["description"]?.stringValue?.isEmpty == false, "\(method.name).\(name)")
            }
            let text = schema.serialized()
            #expect(!text.contains("#/components/"), "\(method.name)")
            let definitions = schema["$defs"]?.objectValue ?? [:]
            var rest = Substring(text)
            while let range = rest.range(of: "\"#/$defs/") {
                let name = rest[range.upperBound...].prefix { $0 != "\"" }
                #expect(definitions[String(name)] != nil, "\(method.name) refers to \(name)")
                rest = rest[range.upperBound...]
            }
        }
    }

    @Test func aMillisecondsParameterRefersToTheSharedDurationSchema() {
        let schema = OpenRPCDocument.paramsSchema(of: MethodTable.table(for: AppCatalog.registry)["clock.advance"]!)
        #expect(schema["required"] == ["session", "ms"])
        #expect(schema["properties"]?["ms"]?["$ref"] == "#/$defs/DurationMs")
        #expect(schema["$defs"]?["DurationMs"]?["type"] == "number")
    }
}
