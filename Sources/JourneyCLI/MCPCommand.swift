import ArgumentParser
import ChoreoProtocol
import Foundation
import JourneyKit
import MCP

struct MCPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the daemon to an agent: a Model Context Protocol server over stdio.",
        discussion: """
            Tools: one per daemon method, named with dots as underscores (session_create, ui_tap, clock_advance, \
            state_get, haptics_list, …), each with its input schema from the method's declaration (the source of \
            protocol/openrpc.json); plus journey_run (files or inline YAML → the result with failures) and \
            journey_record (a live session → a journey). Not offered: daemon_shutdown (unless --allow-shutdown). \
            A subscription's events arrive in the resource choreo://events/ID (subscribe to it to be told of \
            new ones). If the daemon restarts, the next call reconnects and says so. Large shared schemas are \
            given by reference to the resource choreo://openrpc, where the examples are too, so the tool list \
            stays under 60 KB. Resources: the state reference (protocol/state.md, carried in the binary), the OpenRPC \
            document and the app guides (protocol/*.md, read from --docs or the package the binary was built from).

            Connects to choreod as `journey run` does: --socket, $CHOREO_SOCKET, the default socket, or a \
            private choreod it starts and stops with the server. stdout carries only MCP messages.
            """
    )

    @Option(help: "The daemon's socket (default: $CHOREO_SOCKET, the default socket, or a private daemon).")
    var socket: String?

    @Option(help: "The folder of the app guides (default: the package's protocol/ folder, else ./protocol).")
    var docs: String?

    @Flag(help: "Offer daemon_shutdown (off by default: an agent could stop a daemon others share).")
    var allowShutdown = false

    /// What the server tells the agent first, for a daemon hosting `apps`.
    static func instructions(apps: [String]) -> String {
        """
        Choreo simulates iOS apps (this daemon hosts \(apps.joined(separator: ", "))) on a virtual clock: their \
        animations and haptics \
        exactly, in milliseconds of virtual time that pass only when you say. A typical loop: session_create \
        {app} → ui_navigate / ui_tap → clock_advance {ms} → state_get {path}, haptics_list → journey_record to \
        keep what you did as a regression test → journey_run to replay it. Read the resources for every state \
        path (choreo://state-reference) and each app's screens and targets (choreo://guides/…).
        """
    }

    /// SIGTERM or SIGINT (how agents' hosts often stop a server) stops the private daemon, if one was started,
    /// before exiting, so that none is left behind. (Closing stdin ends the server the ordinary way.)
    private static func stopOnSignals(_ daemon: DaemonProcess?) -> [any DispatchSourceSignal] {
        [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                daemon?.stop()
                Foundation.exit(0)
            }
            source.resume()
            return source
        }
    }

    func run() async throws {
        let connection = try await DaemonConnection.openForCommand(socket: socket, allowSpawn: true)
        let signals = Self.stopOnSignals(connection.spawned)
        defer { for source in signals { source.cancel() } }
        let daemon = await MCPDaemonTools.read(from: connection.client, known: Set(MCPTools.methods.values))
        let link = MCPConnection(client: connection.client, socketPath: connection.socketPath)
        let tools = MCPTools(connection: link, daemon: daemon, allowShutdown: allowShutdown)
        var documents = MCPResources(docs: docs)
        if !daemon.apps.isEmpty, daemon.apps != StockApps.names {
            documents.use(guides: daemon.guides)
            documents.stateReference = daemon.stateReference
            documents.openRPCText = daemon.openRPC
        }
        let resources = documents
        let apps = daemon.apps.isEmpty ? StockApps.names : daemon.apps
        let server = Server(
            name: "choreo", version: DaemonIdentity.version, title: "Choreo",
            instructions: Self.instructions(apps: apps),
            capabilities: .init(
                resources: .init(subscribe: true, listChanged: true), tools: .init(listChanged: false))
        )
        let events = link.events
        events.use(server)
        await server.withMethodHandler(ListTools.self) { _ in ListTools.Result(tools: tools.tools) }
        await server.withMethodHandler(CallTool.self) { params in
            await tools.call(params.name, arguments: params.arguments)
        }
        await server.withMethodHandler(ListResources.self) { _ in
            ListResources.Result(resources: resources.list + events.list)
        }
        await server.withMethodHandler(ReadResource.self) { params in
            try events.read(params.uri) ?? resources.read(params.uri)
        }
        await server.withMethodHandler(ResourceSubscribe.self) { params in
            guard events.isOpen(params.uri) || resources.list.contains(where: { $0.uri == params.uri }) else {
                throw MCPError.invalidParams(
                    "no resource \(params.uri): resources/list names them (an events resource exists from "
                        + "events_subscribe to events_unsubscribe)")
            }
            events.watch(params.uri)
            return Empty()
        }
        await server.withMethodHandler(ListResourceTemplates.self) { _ in
            ListResourceTemplates.Result(templates: MCPResources.templates)
        }
        await server.withMethodHandler(ResourceUnsubscribe.self) { params in
            events.unwatch(params.uri)
            return Empty()
        }
        do {
            try await server.start(transport: StdioTransport())
            await server.waitUntilCompleted()
        } catch {
            printError("journey: the MCP server stopped: \(error)")
        }
        await server.stop()
        await connection.close()
    }
}
