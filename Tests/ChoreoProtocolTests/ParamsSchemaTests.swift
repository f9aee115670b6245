import ChoreoApps
import ChoreoJSON
import ChoreoProtocol
import Testing

/// ``OpenRPCDocument/paramsSchema(of:)``: each method's params as one self-contained schema (the input schemas of
/// `journey mcp`'s tools), made from the same declarations as the document.
struct ParamsSchemaTests {
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
