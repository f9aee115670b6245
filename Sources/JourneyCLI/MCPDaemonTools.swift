import ChoreoClient
import ChoreoJSON
import JourneyKit
import MCP

/// What `journey mcp` learns from the daemon it serves, so that a daemon built with other apps
/// (`Choreod.main(apps:)`) gets tools and guides of its own: the methods it serves that this binary does not
/// declare (an app's own commands, from `rpc.discover`) become tools, the methods this binary declares that it does
/// not serve (another app's commands) are hidden, and its apps' guides (`app.describe`) become resources.
struct MCPDaemonTools: Sendable {
    /// Tools for the daemon's methods this binary does not declare, by tool name, with their method.
    var extra: [String: (method: String, tool: Tool)] = [:]
    /// Tool names of methods this binary declares that the daemon does not serve.
    var hidden: Set<String> = []
    /// The daemon's apps, in `daemon.info`'s order, and their guides (title, summary, file), if any.
    var apps: [String] = []
    var guides: [(app: String, title: String, summary: String, file: String)] = []
    /// Each app's `app.describe` answer, in order.
    var descriptions: [JSONValue] = []
    /// For a daemon whose apps are not the stock ones: the summary and description `rpc.discover` gives each method
    /// this binary declares (the shared texts with that daemon's apps' paragraphs), by method name.
    var texts: [String: String] = [:]
    /// What `journey_run` checks journeys against: this daemon's apps and methods (nil: the built-in contract).
    var contract: JourneyContract?
    /// The daemon's OpenRPC document (`rpc.discover`), pretty-printed; nil when it could not say.
    var openRPC: String?

    /// The state reference of apps other than the stock ones: each app's `app.describe` answer.
    var stateReference: String {
        "# State reference\n\nEach app's contract as `app.describe` answers it: `state` (the tree `state_get` reads), "
            + "`traceEvents`, `hapticSources`, `refusalReasons`.\n"
            + descriptions.map { "\n## `\($0["app"]?.stringValue ?? "?")`\n\n```json\n\($0.prettyPrinted())\n```\n" }
            .joined()
    }

    /// Asks the daemon; nothing (the built-in tools and guides) when it cannot say.
    static func read(from client: ChoreoClient, known: Set<String>) async -> MCPDaemonTools {
        var found = MCPDaemonTools()
        guard let document = try? await client.call("rpc.discover"),
            let entries = document["methods"]?.arrayValue,
            let descriptions = try? await DaemonContract.descriptions(from: client)
        else { return found }
        found.openRPC = document.prettyPrinted()
        let served = entries.compactMap { $0["name"]?.stringValue }
        found.hidden = Set(known.filter { !served.contains($0) }.map(MCPTools.toolName))
        for entry in entries {
            guard let name = entry["name"]?.stringValue, !known.contains(name) else { continue }
            let standalone = JourneyContract.standalone(entry, in: document)
            found.extra[MCPTools.toolName(name)] = (name, tool(standalone, name: name))
        }
        // The contract knows the engine's methods; every app's own (the stock ones too) comes from the document.
        found.contract = try? DaemonContract.contract(
            describedBy: descriptions, unknownMethods: DaemonContract.appMethods(in: document), serves: served)
        found.descriptions = descriptions
        if descriptions.compactMap({ $0["app"]?.stringValue }) != StockApps.names {
            for entry in entries {
                guard let name = entry["name"]?.stringValue, known.contains(name) else { continue }
                found.texts[name] = [entry["summary"]?.stringValue, entry["description"]?.stringValue]
                    .compactMap { $0 }.joined(separator: "\n\n")
            }
        }
        found.apps = descriptions.compactMap { $0["app"]?.stringValue }
        found.guides = StockApps.guides(of: descriptions)
        return found
    }

    /// A tool for a standalone OpenRPC method entry (``JourneyContract/standalone(_:in:)``): its summary and
    /// description, its params as an object schema.
    static func tool(_ entry: JSONValue, name: String) -> Tool {
        var properties: [String: JSONValue] = [:]
        var required: [JSONValue] = []
        for param in entry["params"]?.arrayValue ?? [] {
            guard let parameter = param["name"]?.stringValue else { continue }
            properties[parameter] = param["schema"] ?? [:]
            if param["required"] == .bool(true) { required.append(.string(parameter)) }
        }
        let schema: JSONValue = [
            "type": "object", "properties": .object(properties), "required": .array(required),
            "additionalProperties": false,
        ]
        let description = [entry["summary"]?.stringValue, entry["description"]?.stringValue].compactMap { $0 }
            .joined(separator: "\n\n")
        return Tool(
            name: MCPTools.toolName(name), title: name, description: description,
            inputSchema: MCPValue.value(schema), annotations: .init(readOnlyHint: false, openWorldHint: false))
    }
}
