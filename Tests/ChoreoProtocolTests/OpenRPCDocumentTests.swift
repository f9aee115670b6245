import ChoreoApps
import ChoreoJSON
import ChoreoProtocol
import Foundation
import Testing

/// `protocol/openrpc.json` is generated from the declarations; these tests fail when it is stale.
struct OpenRPCDocumentTests {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("protocol/openrpc.json").path

    static func checkedIn() throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test func theCheckedInDocumentIsWhatTheDeclarationsGenerate() throws {
        let file = try Self.checkedIn().split(separator: "\n", omittingEmptySubsequences: false)
        let generated = OpenRPCDocument.text(apps: AppCatalog.registry).split(
            separator: "\n", omittingEmptySubsequences: false)
        guard file != generated else { return }
        let line =
            zip(file, generated).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(file.count, generated.count)
        let checkedIn = line < file.count ? String(file[line]) : "(end of file)"
        let wanted = line < generated.count ? String(generated[line]) : "(end of document)"
        Issue.record(
            """
            protocol/openrpc.json differs from what the method declarations generate, first at line \(line + 1):
              checked in: \(checkedIn)
              generated:  \(wanted)
            Regenerate it with `\(OpenRPCDocument.regenerateCommand)` (choreod --print-openrpc > \
            protocol/openrpc.json) and commit it.
            """)
    }

    @Test func rpcDiscoverServesTheCheckedInDocument() throws {
        var harness = Harness()
        let served = harness.call("rpc.discover")
        let file = try JSONValue.parse(try Self.checkedIn())
        #expect(served == OpenRPCDocument.json(apps: AppCatalog.registry))
        // Compared as booleans: on a mismatch the documents themselves are too long to print.
        let same = served == file
        #expect(same, "rpc.discover does not serve protocol/openrpc.json: regenerate it (make openrpc)")
        let sameBytes = served.serialized() == file.serialized()
        #expect(sameBytes, "the same bytes on the wire")
    }

    @Test func theDocumentListsExactlyTheMethodsTheDaemonServes() {
        #expect(
            OpenRPCDocument.methodNames(apps: AppCatalog.registry)
                == MethodTable.table(for: AppCatalog.registry).keys.sorted())
        var harness = Harness()
        let error = harness.call("no.such")
        #expect(
            error["data"]?["methods"]
                == .array(OpenRPCDocument.methodNames(apps: AppCatalog.registry).map { .string($0) }))
    }

    @Test func everyParameterInTheDocumentIsOneTheMethodDeclares() throws {
        let methods = try #require(OpenRPCDocument.json(apps: AppCatalog.registry)["methods"]?.arrayValue)
        let descriptors = try #require(
            OpenRPCDocument.json(apps: AppCatalog.registry)["components"]?["contentDescriptors"])
        for entry in methods {
            let name = try #require(entry["name"]?.stringValue)
            let declared = try #require(MethodTable.table(for: AppCatalog.registry)[name]).params
            let listed = (entry["params"]?.arrayValue ?? []).compactMap { param -> String? in
                if let ref = param["$ref"]?.stringValue {
                    return descriptors[String(ref.split(separator: "/").last!)]?["name"]?.stringValue
                }
                return param["name"]?.stringValue
            }
            #expect(listed == declared.map(\.name), "\(name)")
            let required = (entry["params"]?.arrayValue ?? []).map { param -> Bool in
                if let ref = param["$ref"]?.stringValue {
                    return descriptors[String(ref.split(separator: "/").last!)]?["required"] == true
                }
                return param["required"] == true
            }
            #expect(required == declared.map(\.required), "\(name)")
        }
    }

    @Test func everySchemaReferenceResolves() {
        func references(_ value: JSONValue) -> [String] {
            switch value {
            case .object(let members):
                return members.flatMap { key, member in
                    key == "$ref" ? [member.stringValue ?? ""] : references(member)
                }
            case .array(let items): return items.flatMap(references)
            default: return []
            }
        }
        let document = OpenRPCDocument.json(apps: AppCatalog.registry)
        for reference in references(document) {
            let parts = reference.split(separator: "/").dropFirst().map(String.init)
            var node: JSONValue? = document
            for part in parts { node = node?[part] }
            #expect(node != nil, "\(reference) does not resolve")
        }
    }
}
