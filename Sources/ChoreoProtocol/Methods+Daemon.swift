import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON

extension MethodTable {
    static let daemonMethods = [daemonInfo, daemonShutdown, rpcDiscover]

    static let daemonInfo = Method(
        "daemon.info",
        summary: "The daemon's name, versions, apps, open sessions, uptime and limits.",
        description: """
            Takes no params. `uptimeMs` is wall-clock time since the daemon started (the only wall-clock \
            figure in the protocol), rounded to a whole millisecond.
            """,
        result: MethodResult(
            "info",
            .object(
                properties: [
                    "name": .string().constant(.string(DaemonIdentity.name)),
                    "version": .string("The daemon's version, e.g. `0.1.0`."),
                    "protocolVersion": .string("The protocol version; equals this document's info.version."),
                    "apps": .array(of: .string(), "Apps session.create accepts."),
                    "sessions": .integer("Sessions open now.").minimum(0),
                    "uptimeMs": .number("Wall-clock milliseconds since the daemon started, rounded.").minimum(0),
                    "limits": Limits.schema,
                    "physics": .object(
                        "The physics session.create accepts and the one a session gets without asking.",
                        properties: [
                            "default": .ref("Physics"), "choices": .array(of: .ref("Physics"), "Every physics."),
                            "swiftuiRuntime": .string(
                                "The SwiftUI release whose runtime the `swiftui` physics models, and how."),
                        ], required: ["default", "choices", "swiftuiRuntime"], additionalProperties: false),
                ],
                required: ["name", "version", "protocolVersion", "apps", "sessions", "uptimeMs", "limits", "physics"],
                additionalProperties: true)),
        examples: [
            Example(
                "one session open",
                description: "uptimeMs is wall-clock and differs from run to run. After: session.create {}.",
                result: [
                    "apps": [Example.defaultApp], "limits": Limits().json, "name": "choreod", "protocolVersion": "1.3",
                    "sessions": 1, "uptimeMs": 6, "version": "0.4.0",
                    "physics": [
                        "default": "swiftui", "choices": ["swiftui", "ideal"],
                        "swiftuiRuntime": .string(Physics.swiftUIRuntime),
                    ],
                ])
        ]
    ) { state, context throws(RPCError) in
        [
            "name": .string(DaemonIdentity.name), "version": .string(DaemonIdentity.version),
            "protocolVersion": .string(DaemonIdentity.protocolVersion),
            "apps": .array(state.apps.names.map { .string($0) }),
            "sessions": .int(Int64(state.sessions.count)), "uptimeMs": .number(context.uptimeMs.rounded()),
            "limits": state.limits.json,
            "physics": [
                "default": .string(Physics.default.rawValue),
                "choices": .array(Physics.allCases.map { .string($0.rawValue) }),
                "swiftuiRuntime": .string(Physics.swiftUIRuntime),
            ],
        ]
    }

    static let daemonShutdown = Method(
        "daemon.shutdown",
        summary: "Stops the daemon gracefully.",
        description: """
            Takes no params. Answers, then stops as on SIGTERM: new sessions are refused (-32020), the socket \
            stops accepting, every connection is closed after what was already read is answered, the socket \
            file is removed and the process exits with status 0.
            """,
        result: MethodResult(
            "shutdown",
            .object(
                properties: ["shuttingDown": .boolean().constant(true)], required: ["shuttingDown"],
                additionalProperties: true)),
        examples: [
            Example("shut down", result: ["shuttingDown": true])
        ]
    ) { (state: inout DaemonState, _) throws(RPCError) in
        state.isShuttingDown = true
        return ["shuttingDown": true]
    }

    static let rpcDiscover = Method(
        "rpc.discover",
        summary: "This OpenRPC document.",
        description: """
            Takes no params. Returns this document as a JSON value, re-serialized compactly with sorted keys: it \
            is generated from the method declarations, and protocol/openrpc.json holds the same document.
            """,
        result: MethodResult(
            "openrpcDocument",
            .object(
                "An OpenRPC 1.3.2 document.",
                properties: ["openrpc": .string(), "info": .object(), "methods": .array(), "components": .object()],
                required: ["openrpc", "info", "methods"], additionalProperties: true)),
        examples: [
            Example(
                "discover (abridged)", description: "Abridged: the real result is this whole document.",
                result: [
                    "openrpc": "1.3.2", "info": ["title": "choreod", "version": "1.3"],
                    "methods": [["name": "daemon.info"]],
                ])
        ]
    ) { state, _ throws(RPCError) in OpenRPCDocument.json(apps: state.apps) }
}
