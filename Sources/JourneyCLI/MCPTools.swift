import ChoreoClient
import ChoreoJSON
import ChoreoProtocol
import Foundation
import JourneyKit
import MCP

/// The tools of `journey mcp`: one per daemon method (dots replaced by underscores, input schema and description
/// from the method's entry in the stock daemon's `protocol/openrpc.json`, which the binary carries, or in another
/// daemon's `rpc.discover`), plus `journey_run` and `journey_record`.
struct MCPTools: Sendable {
    /// The daemon, reconnected to when it restarts.
    let connection: MCPConnection
    /// The connection in use.
    var client: ChoreoClient { connection.client }
    /// What the daemon serves beyond, or short of, this binary's methods.
    var daemon = MCPDaemonTools()
    /// The agent's `state_get` reads, which `journey_record` turns into expectations.
    var reads: MCPReadLog { connection.reads }
    /// Whether `daemon_shutdown` is offered (`journey mcp --allow-shutdown`): by default an agent cannot stop a
    /// daemon others may share.
    var allowShutdown = false

    /// The tool that stops the daemon, offered only with ``allowShutdown``.
    static let shutdownTool = "daemon_shutdown"

    /// Methods whose effect an agent could not see through this server: not offered as tools (none now: a
    /// subscription's events reach the agent through a resource, ``MCPEvents``).
    static let notForwarded: Set<String> = []

    /// The tools for this daemon: the built-in ones it serves, then those of its own methods.
    var tools: [Tool] {
        Self.list.filter {
            !daemon.hidden.contains($0.name) && (allowShutdown || $0.name != Self.shutdownTool)
                && !Self.notForwarded.contains($0.name)
        }
        .map(describedByDaemon)
            + daemon.extra.values.map(\.tool).sorted { $0.name < $1.name }
    }

    /// A built-in tool with the daemon's own text, when its apps are not the stock ones: the method's summary and
    /// description from its `rpc.discover` (its apps' paragraphs, not the stock apps'), and the group's hint naming
    /// its guides; the stock examples are left out.
    private func describedByDaemon(_ tool: Tool) -> Tool {
        guard let method = Self.methods[tool.name], let text = daemon.texts[method] else { return tool }
        var description = text
        let group = String(method.prefix { $0 != "." })
        if group == "ui" {
            let guides = daemon.guides.map { "choreo://guides/\($0.app)" }
            description += "\n\n" + Self.uiHint(guides: guides)
        } else if let hint = Self.groupHints[group] {
            description += "\n\n" + hint
        }
        return Tool(
            name: tool.name, title: tool.title, description: description, inputSchema: tool.inputSchema,
            annotations: tool.annotations)
    }

    /// The `ui` group's hint, naming the guide resources.
    static func uiHint(guides: [String]) -> String {
        "A user action at the current virtual time: it starts animations and plays haptics but moves no "
            + "time. Next: clock_advance {ms} (or clock_settle), then state_get, haptics_list or "
            + "animations_list."
            + (guides.isEmpty
                ? "" : " Screens and targets per app: the resources " + guides.joined(separator: " and ") + ".")
    }

    /// The tool name of a daemon method: `ui.tap` → `ui_tap`.
    static func toolName(_ method: String) -> String { method.replacingOccurrences(of: ".", with: "_") }

    /// The daemon method of each built-in tool: every method of the stock daemon's document (the engine's and the
    /// stock apps' own commands), by tool name.
    static let methods: [String: String] = Dictionary(
        uniqueKeysWithValues: StockApps.methodEntries.compactMap { $0["name"]?.stringValue }.map { (toolName($0), $0) })

    /// The engine's methods, as this binary declares them, by name.
    static let engineMethods: [String: ChoreoProtocol.Method] = Dictionary(
        uniqueKeysWithValues: MethodTable.declared.map { ($0.name, $0) })

    /// What an agent needs to know about a group of methods beyond each declaration: the typical next step.
    static let groupHints: [String: String] = [
        "session": "Start here: session_create returns the id (e.g. s1) every other tool takes as `session`. "
            + "Virtual time starts at 0 ms and moves only when you call clock_advance or clock_settle. "
            + "When done, journey_record turns the session into a journey file that replays it as a test.",
        "ui": uiHint(guides: StockApps.guides.map { "choreo://guides/\($0.app)" }),
        "app": "An app-level event at the current virtual time (no time passes). Next: clock_advance, then "
            + "state_get or haptics_list.",
        "clock": "Times are virtual milliseconds; nothing moves between calls, so results are exact and "
            + "repeatable. Next: state_get, haptics_list, announcements_list, animations_list or trace_get.",
        "settings": "Accessibility and animation settings of a session (mode full/reduced/minimal, VoiceOver, "
            + "…); settings_set takes effect at the current virtual time.",
        "state": "Read-only. Paths are dotted (hero.progress, navigation.screen); an empty path returns the "
            + "whole tree. Every path per app: the resource choreo://state-reference.",
        "haptics": "Read-only: each haptic with its style and virtual time `t` in ms.",
        "announcements": "Read-only: VoiceOver announcements (posted only when settings have VoiceOver on).",
        "animations": "Read-only: the animations of the session with their curves and timing in ms.",
        "trace": "Read-only: the session's event log (actions, navigation, haptics, animation milestones) with "
            + "virtual times in ms.",
        "motion": "Pure calculations on curves; needs no app action.",
        "lab": "The lab: drive arbitrary animated values, timers, haptics and announcements in a session, "
            + "outside the apps. Next: clock_advance, then state_get {path: lab.values.NAME}.",
        "events": "Through this server the events arrive in the resource choreo://events/ID that events_subscribe "
            + "answers: each read of it answers the events since the last; subscribe to it (resources/subscribe) "
            + "to be told when there are new ones. Next: ui_* or clock_advance, then read the resource.",
        "daemon": "About the daemon this server talks to.",
        "rpc": "The daemon's OpenRPC document (every method, schema and error).",
    ]

    /// Daemon methods that change nothing: the engine's that change no session and manage none (an app's own
    /// command changes its session).
    static func readOnly(_ method: String) -> Bool {
        guard let declared = engineMethods[method] else { return false }
        return declared.mutatedSession == nil
            && ![
                "session.create", "session.close", "session.fork", "session.import", "daemon.shutdown",
                "events.subscribe", "events.unsubscribe",
            ].contains(method)
    }

    static let journeyRunSchema: JSONValue = [
        "type": "object",
        "properties": [
            "paths": [
                "type": "array", "items": ["type": "string"],
                "description": .string(
                    "Journey files or folders (searched for *.yaml, *.yml, *.journey.json), relative to the "
                        + "directory `journey mcp` runs in."),
            ],
            "yaml": [
                "type": "string",
                "description": "A journey written inline, as YAML (the format of `journey run` files).",
            ],
            "filter": [
                "type": "array", "items": ["type": "string"],
                "description": .string(
                    "Run only journeys (or matrix variants) whose name, path or variant name contains one of these, "
                        + "ignoring case (or matches it as a glob), or FILE:LINE, as `journey run --filter` does."),
            ],
        ],
        "additionalProperties": false,
    ]

    static let journeyRecordSchema: JSONValue = [
        "type": "object",
        "properties": [
            "session": ["type": "string", "description": "The live session to record, e.g. s1."],
            "name": ["type": "string", "description": "The journey's name (default: Recorded from session ID)."],
            "path": [
                "type": "string",
                "description": "Also write the journey to this file (relative to the directory `journey mcp` runs in).",
            ],
        ],
        "required": ["session"], "additionalProperties": false,
    ]

    static let list: [Tool] = {
        let entries = StockApps.methodEntries.compactMap { entry in entry["name"]?.stringValue.map { ($0, entry) } }
        var tools = entries.sorted { $0.0 < $1.0 }.map { name, entry in
            let group = String(name.prefix { $0 != "." })
            var description = [entry["summary"]?.stringValue ?? "", entry["description"]?.stringValue ?? ""]
                .joined(separator: "\n\n")
            if let hint = groupHints[group] { description += "\n\n" + hint }
            if !(entry["examples"]?.arrayValue ?? []).isEmpty {
                description += "\n\nExamples: choreo://openrpc."
            }
            var schema = MCPSchemas.compact(OpenRPCDocument.paramsSchema(ofEntry: entry, in: StockApps.openRPC))
            if name == "screen.render" { schema = MCPScreen.withPNG(schema) }
            return Tool(
                name: toolName(name), title: name, description: description,
                inputSchema: MCPValue.value(schema),
                annotations: .init(readOnlyHint: readOnly(name), openWorldHint: false))
        }
        tools.append(
            Tool(
                name: "journey_run", title: "journey run",
                description: """
                    Runs journeys (YAML files of steps and expectations, as `journey run` does) against this \
                    daemon, each in its own new session, and returns the result: passed/failed counts and, for \
                    each failure, its file:line, the virtual time in ms, the expected and the actual value. Give \
                    `paths` (files or folders) or `yaml` (one journey inline; its includes are read relative to \
                    the directory `journey mcp` runs in). Journeys are checked first as `journey validate` does: a \
                    mistake is returned as a tool error naming its line. Typical use: after journey_record, run \
                    the recorded journey to see it pass; after changing a setting or an expected value, see what \
                    fails.
                    """,
                inputSchema: MCPValue.value(journeyRunSchema),
                annotations: .init(readOnlyHint: false, destructiveHint: false, openWorldHint: false)))
        tools.append(
            Tool(
                name: "journey_record", title: "journey record",
                description: """
                    Turns a live session into a journey (YAML) that replays it as a regression test: the \
                    session's session_create params as the header, its requests as steps (tap, navigate, \
                    advance, settle, …), the haptics and announcements each step caused with their virtual \
                    times in ms, and the final values of the state paths the session changed. The session \
                    itself is not changed (the requests are replayed in a scratch session). Next: save it with \
                    `path`, and run it with journey_run.
                    """,
                inputSchema: MCPValue.value(journeyRecordSchema),
                annotations: .init(readOnlyHint: false, destructiveHint: false, openWorldHint: false)))
        return tools
    }()

    func call(_ name: String, arguments: [String: Value]?) async -> CallTool.Result {
        var arguments = (arguments ?? [:]).mapValues(MCPValue.json)
        if name == Self.shutdownTool, !allowShutdown {
            return Self.failure(
                "daemon_shutdown is not offered: the daemon may be shared, and this server would have nothing to "
                    + "talk to. Close your sessions with session_close instead; to allow it, start the server "
                    + "with `journey mcp --allow-shutdown`.")
        }
        switch name {
        case "journey_run": return await MCPJourneyTools(client: client, contract: daemon.contract).run(arguments)
        case "journey_record":
            return await MCPJourneyTools(client: client, contract: daemon.contract).record(arguments, reads: reads)
        default: break
        }
        if let extra = daemon.extra[name] {
            do {
                let result = try await connection.call { client throws(ChoreoClientError) in
                    try await client.call(extra.method, .object(arguments))
                }
                return Self.success(result, note: connection.takeNote())
            } catch {
                return Self.failure(
                    "\(name) failed: \(error.description). Its parameters: tools/list."
                        + Self.noted(connection.takeNote()))
            }
        }
        if daemon.hidden.contains(name) {
            return Self.failure(
                "\(name) is a command of an app this daemon does not host (it hosts "
                    + daemon.apps.joined(separator: ", ") + "); tools/list names the tools it serves.")
        }
        guard let method = Self.methods[name] else {
            return Self.failure(
                "There is no tool \(name). tools/list names every tool: one per daemon method with dots as "
                    + "underscores (session_create, ui_tap, clock_advance, state_get, …), journey_run and "
                    + "journey_record.")
        }
        let png = method == "screen.render" && arguments.removeValue(forKey: MCPScreen.pngArgument) == .bool(true)
        do {
            let forwarded = arguments
            let result = try await connection.call { client throws(ChoreoClientError) in
                try await client.call(method, .object(forwarded))
            }
            let note = connection.takeNote()
            if method == "screen.render" {
                return MCPScreen.answer(
                    result, session: arguments["session"]?.stringValue ?? "", png: png, note: note)
            }
            if method == "events.subscribe", let id = result["subscription"]?.intValue {
                connection.events.opened(id, session: arguments["session"]?.stringValue ?? "")
                var answer = result.objectValue ?? [:]
                answer["resource"] = .string(MCPEvents.uri(id))
                return Self.success(
                    .object(answer),
                    note: (note.map { $0 + " " } ?? "")
                        + "The events arrive in the resource \(MCPEvents.uri(id)): read it for those since the "
                        + "last read, or subscribe to it (resources/subscribe) to be told when new ones arrive.")
            }
            if method == "events.unsubscribe", let id = arguments["subscription"]?.intValue {
                connection.events.closed(id)
            }
            if method == "session.close", let session = arguments["session"]?.stringValue {
                connection.events.closed(session: session)
            }
            if method == "state.get", let session = arguments["session"]?.stringValue,
                let value = result["value"]
            {
                await reads.note(
                    session: session, path: arguments["path"]?.stringValue ?? "", value: value, client: client)
            }
            return Self.success(result, note: note)
        } catch {
            return Self.failure(Self.explain(error, tool: name, method: method) + Self.noted(connection.takeNote()))
        }
    }

    /// A note after an error's text (a reconnection: the error may be about a session of the old daemon).
    static func noted(_ note: String?) -> String { note.map { "\n\n" + $0 } ?? "" }

    /// A successful result: the JSON as structured content (an object; any other value as `{"result": value}`)
    /// and as text, and a `note` for the agent (a reconnection) as a second text block.
    static func success(_ result: JSONValue, text: String? = nil, note: String? = nil) -> CallTool.Result {
        let structured: JSONValue = result.objectValue != nil ? result : ["result": result]
        return CallTool.Result(
            content: [.text(text: text ?? result.prettyPrinted(), annotations: nil, _meta: nil)]
                + (note.map { [.text(text: $0, annotations: nil, _meta: nil)] } ?? []),
            structuredContent: Value?.some(MCPValue.value(structured)), isError: false)
    }

    /// A tool error: its text says what went wrong and how to fix the call.
    static func failure(_ text: String, structured: JSONValue? = nil) -> CallTool.Result {
        CallTool.Result(
            content: [.text(text: text, annotations: nil, _meta: nil)],
            structuredContent: structured.map(MCPValue.value), isError: true)
    }

    /// A daemon error, with what to do about it.
    static func explain(_ error: ChoreoClientError, tool: String, method: String) -> String {
        if case .connectionFailed(let path, let reason) = error {
            return "\(tool): choreod at \(path) does not answer: \(reason)"
        }
        guard case .rpc(let code, let message, let data) = error else {
            return "\(tool) could not reach choreod: \(error.description)"
        }
        var lines = ["\(tool) failed: error \(code): \(message)"]
        if data != [:], data != .null { lines.append("data: " + data.serialized()) }
        func list(_ key: String) -> String {
            (data[key]?.arrayValue ?? []).map { $0.stringValue ?? $0.serialized() }.joined(separator: ", ")
        }
        let fix: String
        switch RPCError.Code(rawValue: code) {
        case .invalidParams:
            let parameter = data["parameter"]?.stringValue ?? "the arguments"
            let expected = data["expected"]?.stringValue.map { " must be \($0)" } ?? " are not as declared"
            let names = StockApps.parameters(of: method).map { $0.name + ($0.required ? "" : "?") }
                .joined(separator: ", ")
            fix =
                "Fix `\(parameter)`: it\(expected). \(tool) takes: \(names.isEmpty ? "no arguments" : names) "
                + "(? = optional); its input schema says more."
        case .unknownSession:
            let open = list("sessions")
            fix =
                "Create a session with session_create and pass its id as `session`"
                + (open.isEmpty ? " (no session is open)." : ", or use an open one: \(open).")
        case .unknownApp: fix = "Use one of the apps: \(list("apps"))."
        case .unknownStatePath:
            let prefix = data["validPrefix"]?.stringValue ?? ""
            fix =
                "At \(prefix.isEmpty ? "the root" : "`\(prefix)`") the keys are: \(list("keys")). Every path: the "
                + "resource choreo://state-reference."
        case .unknownTarget:
            fix =
                "On screen \(data["screen"]?.stringValue ?? "?") the targets are: \(list("targets")). Navigate "
                + "first (ui_navigate) if the target is on another screen; the app guides "
                + "(choreo://guides/…) list them."
        case .unknownScreen: fix = "Use one of the screens: \(list("screens"))."
        case .unsupportedAction:
            fix = "This app has no such action; the app guides (choreo://guides/…) list what each app supports."
        case .limitExceeded:
            fix =
                data["detail"]?.stringValue
                ?? "Close sessions you no longer need (session_close) or make smaller requests."
        default:
            fix = "See the tool's description and input schema."
        }
        lines.append("How to fix: " + fix)
        return lines.joined(separator: "\n")
    }
}
