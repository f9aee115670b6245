import ChoreoJSON

/// The OpenRPC document of the protocol: `protocol/openrpc.json`, embedded in the binary at build time and
/// served by `rpc.discover` exactly as written.
public enum OpenRPCDocument {
    /// The document's bytes, as checked in.
    public static let bytes: [UInt8] = PackageResources.openrpc_json

    /// The document, parsed.
    public static let json: JSONValue = {
        do throws(JSONParseError) {
            return try JSONValue.parse(bytes)
        } catch {
            return ["error": .string("protocol/openrpc.json is not valid JSON: \(error.description)")]
        }
    }()

    /// The method names the document lists.
    public static var methodNames: [String] {
        (json["methods"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }.sorted()
    }
}
