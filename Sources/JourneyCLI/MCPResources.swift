import ChoreoEngine
import ChoreoJSON
import ChoreoProtocol
import Foundation
import JourneyKit
import MCP

/// What `journey mcp` serves as resources: the state reference of the stock apps as checked in
/// (`protocol/state.md`, what `choreod --print-state-reference` prints, carried in the binary: ``StockDocuments``),
/// or another daemon's apps' `app.describe` answers, and the app guides, read from the package's
/// `protocol/` folder (`--docs DIR`, else the folder of the sources this binary was built from, else
/// `./protocol`). A guide that is not found is not listed.
struct MCPResources: Sendable {
    struct Document: Sendable {
        var uri: String
        var name: String
        var title: String
        var description: String
        /// The file under the docs folder; nil for the generated state reference.
        var file: String?
        /// The MIME type of its text.
        var mimeType = "text/markdown"
    }

    /// The daemon's OpenRPC document, which the tools' input schemas refer to for their large shared schemas
    /// (``MCPSchemas``) and which holds every method's examples.
    static let openRPC = Document(
        uri: "choreo://openrpc", name: "openrpc", title: "OpenRPC document",
        description: "Every method with its params, result, errors and examples, and the shared schemas "
            + "(components.schemas) the tools refer to; the daemon's rpc.discover (protocol/openrpc.json).",
        file: nil, mimeType: "application/json")

    /// The documents served: by default the state reference, each stock app's guide (its `app.describe`) and the
    /// protocol basics; ``use(guides:)`` puts the daemon's apps' guides in place of the stock ones.
    var documents = Self.stock

    /// The stock apps' documents.
    static let stock =
        [
            Document(
                uri: "choreo://state-reference", name: "state-reference", title: "State reference",
                description: "Every state path state_get reads, every trace event kind and haptic source, per app "
                    + "(generated from the apps' declarations; protocol/state.md).", file: nil)
        ]
        + StockApps.guides.map {
            Document(
                uri: "choreo://guides/\($0.app)", name: "\($0.app)-guide", title: $0.title, description: $0.summary,
                file: $0.file)
        } + [
            Document(
                uri: "choreo://protocol", name: "protocol", title: "Protocol basics",
                description: "How the daemon's protocol works: sessions, the virtual clock, errors, limits "
                    + "(protocol/README.md).", file: "README.md"),
            openRPC,
        ]

    /// The state reference to serve instead of the stock apps' (a daemon with other apps: their `app.describe`).
    var stateReference: String?

    /// Serves the guides of the daemon's apps (`app.describe`) instead of the stock apps'.
    mutating func use(guides: [(app: String, title: String, summary: String, file: String)]) {
        let own = guides.map {
            Document(
                uri: "choreo://guides/\($0.app)", name: "\($0.app)-guide", title: $0.title, description: $0.summary,
                file: $0.file)
        }
        documents = documents.filter { !$0.uri.hasPrefix("choreo://guides/") }
        documents.insert(contentsOf: own, at: min(1, documents.count))
    }

    /// The folder holding the guides, if one was found.
    let docsFolder: String?

    init(docs: String?) {
        let candidates =
            docs.map { [$0] } ?? [
                URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                    .deletingLastPathComponent().appendingPathComponent("protocol").path,
                FileManager.default.currentDirectoryPath + "/protocol",
            ]
        docsFolder =
            candidates.first { FileManager.default.fileExists(atPath: $0 + "/state.md") }
            ?? docs
    }

    /// The OpenRPC document to serve instead of this binary's (a daemon with other apps: its `rpc.discover`).
    var openRPCText: String?

    /// The resources made on demand: a subscription's events, and one shared schema of the OpenRPC document.
    static let templates = [
        Resource.Template(
            uriTemplate: "choreo://events/{subscription}", name: "events",
            description: "The events of a subscription (events_subscribe) since this resource was last read.",
            mimeType: "application/json"),
        Resource.Template(
            uriTemplate: "choreo://schemas/{name}", name: "schema",
            description: "One shared schema (components.schemas.NAME of choreo://openrpc) with its references "
                + "written out: what a tool's input schema gives by reference.", mimeType: "application/json"),
    ]

    /// The OpenRPC document as JSON.
    private var openRPCDocument: JSONValue {
        openRPCText.flatMap { try? JSONValue.parse($0) } ?? StockApps.openRPC
    }

    /// `choreo://schemas/NAME`: the shared schema, standalone; nil for another URI or an unknown name.
    private func schema(_ uri: String) -> ReadResource.Result? {
        guard uri.hasPrefix("choreo://schemas/") else { return nil }
        let name = String(uri.dropFirst("choreo://schemas/".count))
        let document = openRPCDocument
        guard let schema = document["components"]?["schemas"]?[name] else { return nil }
        let text = JourneyContract.standalone(schema, in: document).prettyPrinted()
        return ReadResource.Result(contents: [.text(text, uri: uri, mimeType: "application/json")])
    }

    private func text(of document: Document) -> String? {
        if document.uri == Self.openRPC.uri {
            return openRPCText ?? StockApps.openRPCText
        }
        guard let file = document.file else {
            return stateReference ?? StockDocuments.stateReference
        }
        guard let docsFolder else { return nil }
        return try? String(contentsOfFile: docsFolder + "/" + file, encoding: .utf8)
    }

    var list: [Resource] {
        documents.filter { text(of: $0) != nil }.map {
            Resource(
                name: $0.name, uri: $0.uri, title: $0.title, description: $0.description, mimeType: $0.mimeType)
        }
    }

    func read(_ uri: String) throws -> ReadResource.Result {
        if let schema = schema(uri) { return schema }
        guard let document = documents.first(where: { $0.uri == uri }), let text = text(of: document) else {
            throw MCPError.invalidParams(
                "no resource \(uri); resources/list names them: "
                    + list.map(\.uri).joined(separator: ", "))
        }
        return ReadResource.Result(contents: [.text(text, uri: uri, mimeType: document.mimeType)])
    }
}
