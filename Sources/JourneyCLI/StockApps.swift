import ChoreoJSON
import JourneyKit

/// What `journey` knows of the stock apps, read from the documents it embeds (``StockDocuments``, generated from
/// `protocol/`): their `app.describe` answers and the stock daemon's OpenRPC document. `journey` links no app.
enum StockApps {
    /// Every stock app's `app.describe` answer, in `daemon.info`'s order (the first is the default).
    static let descriptions: [JSONValue] = (try? JSONValue.parse(StockDocuments.apps))?.arrayValue ?? []

    /// The stock apps' names, in order.
    static let names: [String] = descriptions.compactMap { $0["app"]?.stringValue }

    /// The stock daemon's OpenRPC document (`rpc.discover`).
    static let openRPC: JSONValue = (try? JSONValue.parse(StockDocuments.openRPC)) ?? [:]

    /// The stock document's method entries, in order.
    static let methodEntries: [JSONValue] = openRPC["methods"]?.arrayValue ?? []

    /// The stock apps' own commands (the document's methods `journey` does not declare), each standalone: every
    /// contract knows them (``DaemonContract/contract(describedBy:unknownMethods:serves:)``).
    static let appMethods: [JSONValue] = DaemonContract.appMethods(in: openRPC)

    /// The stock document's entry of `method`, if it lists one.
    static func entry(_ method: String) -> JSONValue? {
        methodEntries.first { $0["name"]?.stringValue == method }
    }

    /// The parameters of `method` as the stock document declares them, in order: each one's name and whether a call
    /// must give it.
    static func parameters(of method: String) -> [(name: String, required: Bool)] {
        guard let entry = entry(method) else { return [] }
        return (JourneyContract.standalone(entry, in: openRPC)["params"]?.arrayValue ?? []).compactMap { param in
            param["name"]?.stringValue.map { ($0, param["required"] == .bool(true)) }
        }
    }

    /// The stock document as `rpc.discover` answers it, pretty-printed (the checked-in file without its last newline).
    static var openRPCText: String {
        StockDocuments.openRPC.hasSuffix("\n") ? String(StockDocuments.openRPC.dropLast()) : StockDocuments.openRPC
    }

    /// The stock apps' guides: each app with one, its title, summary and file.
    static var guides: [(app: String, title: String, summary: String, file: String)] { guides(of: descriptions) }

    /// The guides of the apps `descriptions` describe (`app.describe` answers): each app with one.
    static func guides(of descriptions: [JSONValue]) -> [(app: String, title: String, summary: String, file: String)] {
        descriptions.compactMap { description in
            guard let app = description["app"]?.stringValue, let guide = description["guide"],
                let title = guide["title"]?.stringValue, let summary = guide["summary"]?.stringValue,
                let file = guide["file"]?.stringValue
            else { return nil }
            return (app, title, summary, file)
        }
    }
}
