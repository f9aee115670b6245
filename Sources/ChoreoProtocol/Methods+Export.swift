import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON
import ChoreoLocks
import ChoreoMotion

extension MethodTable {
    static let exportMethods = [sessionExport, sessionImport]

    static let sessionExport = Method(
        outsideLock: "session.export",
        summary: "Saves a session as JSON (to restore with session.import, here or in another daemon).",
        description: """
            Returns the session's snapshot: its session.create params and the requests that changed it. \
            Sessions are deterministic, so replaying them rebuilds the session exactly: a daemon restart \
            loses nothing a client chose to keep. Forks export their original's history too. Nothing is \
            written to disk; the client keeps the snapshot.
            """,
        params: Param.session,
        result: MethodResult("snapshot", .ref("SessionSnapshot")),
        examples: [
            Example(
                "a timer that fired",
                description: """
                    After: session.create {"seed": 7}; lab.timer {"session": "s1", "name": "ding", "afterMs": \
                    150, "haptic": "success"}; clock.advance {"session": "s1", "ms": 200}. The digest depends \
                    on the app's version.
                    """, params: ["session": "s1"],
                result: [
                    "actions": [
                        ["method": "lab.timer", "params": ["afterMs": 150, "haptic": "success", "name": "ding"]],
                        ["method": "clock.advance", "params": ["ms": 200]],
                    ], "app": Example.defaultApp, "config": ["seed": 7], "format": "choreo-session", "now": 200,
                    "traceDigest": "fnv1a64:97e517b0b77a09f8", "traceEvents": 13, "version": 1,
                    "actionsDigest": "fnv1a64:b8f5b1e0a0552e4c",
                ])
        ]
    ) { state, _, id throws(RPCError) in
        let slot = try state.slot(id)
        let createParams = state.records[id]?.createParams ?? [:]
        let maxLineBytes = state.limits.maxLineBytes
        return Method.Later { _ throws(RPCError) in
            let snapshot = SessionSnapshot.make(slot.current, createParams: createParams)
            try SessionSnapshot.checkImportable(snapshot, maxLineBytes: maxLineBytes)
            return snapshot
        }
    }

    static let sessionImport = Method(
        outsideLock: "session.import",
        summary: "Restores a session from session.export's snapshot, as a new session.",
        description: """
            Checks `actionsDigest` first (a snapshot edited by mistake is refused before any of it runs; \
            the digest is an integrity check, not a signature: a forged snapshot replays under the same \
            limits as the requests it lists, on a worker thread, costing what sending them would), then \
            creates a session from `snapshot.config`, replays `snapshot.actions` in order through the same \
            methods, and checks that each action lands as recorded and that the whole trace matches \
            `traceEvents` and `traceDigest`. The new session gets the next id; state.get and trace.get then \
            answer byte for byte as they did for the exported session. A snapshot that does not replay \
            exactly (edited, or from a choreod whose apps behave differently) is refused with -32602 naming \
            the part at fault (`snapshot.actions.N`, `snapshot.traceDigest` with both digests, …) and creates \
            nothing. Counts against the sessions limit.
            """,
        params: Param.object("snapshot", "What session.export returned, unchanged.").documented(
            as: .ref("SessionSnapshot")),
        result: MethodResult(
            "imported",
            .object(
                properties: [
                    "session": .ref("SessionId", "The new session's id."), "app": .string(),
                    "now": .ref("Milliseconds"), "actions": .integer("How many actions were replayed.").minimum(0),
                ], required: ["session", "app", "now", "actions"], additionalProperties: true)),
        errors: [.unknownApp, .limitExceeded, .shuttingDown],
        examples: [
            Example(
                "restore", description: "The snapshot of session.export's example, in a daemon that has s1 open.",
                params: [
                    "snapshot": [
                        "actions": [
                            ["method": "lab.timer", "params": ["afterMs": 150, "haptic": "success", "name": "ding"]],
                            ["method": "clock.advance", "params": ["ms": 200]],
                        ], "app": Example.defaultApp, "config": ["seed": 7], "format": "choreo-session", "now": 200,
                        "traceDigest": "fnv1a64:97e517b0b77a09f8", "traceEvents": 13, "version": 1,
                        "actionsDigest": "fnv1a64:b8f5b1e0a0552e4c",
                    ]
                ], result: ["actions": 2, "app": Example.defaultApp, "now": 200, "session": "s2"])
        ]
    ) { (state: inout DaemonState, context, snapshot) throws(RPCError) in
        try state.checkCanAdd()
        let (apps, methods, limits) = (state.apps, state.methods, state.limits)
        // Parsed and replayed outside the daemon's lock (a long session takes a while), then added under it.
        return Method.Later { (daemon: Locked<DaemonState>) throws(RPCError) in
            let parsed = try SessionSnapshot.parse(snapshot, apps: apps, methods: methods)
            let simulation = try SessionSnapshot.replay(parsed, limits: limits, apps: apps, context: context)
            let id = try daemon.withLock { (state: inout DaemonState) throws(RPCError) in
                try state.add(simulation, createParams: parsed.config)
            }
            return [
                "session": .string(id), "app": .string(simulation.appName),
                "now": .number(simulation.now.milliseconds), "actions": .int(Int64(parsed.actions.count)),
            ]
        }
    }
}
