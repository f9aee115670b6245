import ChoreoJSON
import Foundation
import Testing

@testable import JourneyKit

/// The journey shorthands are checked against the protocol's one description, `protocol/openrpc.json` (generated
/// from the method declarations): each names a method the daemon serves, and the parameter a scalar fills is one of
/// that method's parameters.
@Suite struct ShorthandContractTests {
    /// The methods of `protocol/openrpc.json` with their parameter names (`$ref`s to shared descriptors resolved).
    static func documentedMethods() throws -> [String: Set<String>] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let bytes = try [UInt8](Data(contentsOf: root.appendingPathComponent("protocol/openrpc.json")))
        let document = try JSONValue.parse(bytes)
        let descriptors = document["components"]?["contentDescriptors"]?.objectValue ?? [:]
        var methods: [String: Set<String>] = [:]
        for method in document["methods"]?.arrayValue ?? [] {
            guard let name = method["name"]?.stringValue else { continue }
            let params = (method["params"]?.arrayValue ?? []).compactMap { param -> String? in
                if let ref = param["$ref"]?.stringValue, let key = ref.split(separator: "/").last {
                    return descriptors[String(key)]?["name"]?.stringValue
                }
                return param["name"]?.stringValue
            }
            methods[name] = Set(params)
        }
        return methods
    }

    @Test func everyShorthandCallsADocumentedMethodWithADocumentedParameter() throws {
        let methods = try Self.documentedMethods()
        #expect(methods.count > 30, "protocol/openrpc.json lists the daemon's methods")
        for shorthand in UIShorthandStep.shorthands {
            let params = try #require(methods[shorthand.method], "`\(shorthand.keyword):` calls \(shorthand.method)")
            if let parameter = shorthand.parameter {
                #expect(params.contains(parameter), "`\(shorthand.keyword):` fills \(shorthand.method)'s \(parameter)")
            }
        }
    }

    @Test func everyUIMethodHasAShorthand() throws {
        let ui = try Self.documentedMethods().keys.filter { $0.hasPrefix("ui.") }
        let covered = Set(UIShorthandStep.shorthands.map(\.method))
        #expect(Set(ui).subtracting(covered).sorted() == [], "a ui.* method without a journey shorthand")
    }
}
