import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON
import ChoreoLocks
import ChoreoMotion

extension MethodTable {
    static let sessionMethods = [sessionCreate, sessionClose, sessionList, sessionFork]

    static let sessionCreate = Method(
        "session.create",
        summary: "Opens a session: an app at virtual time 0.",
        description: """
            Creates a session hosting `app` at virtual time 0 with its own clock, settings, seeded random \
            numbers, wall clock, lab and trace (first event: `session.created`). Ids are `s1`, `s2`, … in \
            creation order.
            """,
        params: SessionOptions.parameter,
        result: MethodResult(
            "created",
            .object(
                properties: ["session": .ref("SessionId"), "app": .string(), "now": .number().constant(0)],
                required: ["session", "app", "now"], additionalProperties: true)),
        errors: [.unknownApp, .limitExceeded, .shuttingDown],
        examples: [
            Example("defaults", result: ["app": Example.defaultApp, "now": 0, "session": "s1"]),
            Example(
                "with options",
                params: [
                    "app": Example.defaultApp, "seed": 42, "fps": 120, "settings": ["reduceMotion": true],
                    "wallClock": "2026-03-01T08:30:00-03:00",
                ], result: ["app": Example.defaultApp, "now": 0, "session": "s1"]),
        ]
    ) { (state: inout DaemonState, _, options) throws(RPCError) in
        let simulation = try state.prototypes.simulation(for: options, apps: state.apps)
        let id = try state.add(simulation, createParams: options.params)
        return ["session": .string(id), "app": .string(simulation.appName), "now": 0]
    }

    static let sessionClose = Method(
        "session.close",
        summary: "Closes a session and drops its subscriptions.",
        description: "The id is never reused. Subscriptions to the session end silently.",
        params: Param.session,
        result: MethodResult(
            "closed",
            .object(properties: ["closed": .boolean().constant(true)], required: ["closed"], additionalProperties: true)
        ),
        examples: [
            Example(
                "close", description: "After: session.create {}.", params: ["session": "s1"], result: ["closed": true])
        ]
    ) { (state: inout DaemonState, _, session) throws(RPCError) in
        try state.remove(session)
        return ["closed": true]
    }

    static let sessionList = Method(
        outsideLock: "session.list",
        summary: "The open sessions, in creation order.",
        description: """
            Takes no params. Each session's `now` is as of its last request that finished: a request still running \
            on a session (a long clock.advance) is not waited for.
            """,
        result: MethodResult(
            "sessions",
            .object(
                properties: ["sessions": .array(of: .ref("SessionSummary"))], required: ["sessions"],
                additionalProperties: true)),
        examples: [
            Example(
                "two sessions",
                description: """
                    After: session.create {}; session.create {}; clock.advance {"session": "s2", "ms": 250}.
                    """,
                result: [
                    "sessions": [
                        ["app": Example.defaultApp, "now": 0, "physics": "swiftui", "session": "s1"],
                        ["app": Example.defaultApp, "now": 250, "physics": "swiftui", "session": "s2"],
                    ]
                ])
        ]
    ) { state, _ throws(RPCError) in
        let open = state.sessionOrder.map { ($0, state.sessions[$0]!) }
        // Each session as of its last finished change (its bulletin): never waits for a request running on it.
        return Method.Later { _ throws(RPCError) in
            [
                "sessions": .array(
                    open.map { id, slot in
                        slot.bulletin.withLock { b in
                            [
                                "session": .string(id), "app": .string(slot.appName), "now": .number(b.nowMs),
                                "physics": .string(b.physics.rawValue),
                            ]
                        }
                    })
            ]
        }
    }

    static let sessionFork = Method(
        outsideLock: "session.fork",
        summary: "Copies a session, pending timers and animations included.",
        description: """
            The copy gets a new id and the same virtual time, state, trace (same seq numbers) and \
            random-number state; from then on the two evolve independently. Subscriptions are not copied.
            """,
        params: Param.session,
        result: MethodResult(
            "fork",
            .object(
                properties: [
                    "session": .ref("SessionId", "The new session's id."),
                    "now": .ref("Milliseconds", "The copy's (and the original's) virtual time."),
                ], required: ["session", "now"], additionalProperties: true)),
        errors: [.limitExceeded, .shuttingDown],
        examples: [
            Example(
                "fork at 100 ms",
                description: "After: session.create {}; clock.advance {\"session\": \"s1\", \"ms\": 100}.",
                params: ["session": "s1"], result: ["now": 100, "session": "s2"])
        ]
    ) { (state: inout DaemonState, _, originalID) throws(RPCError) in
        let slot = try state.slot(originalID)
        let createParams = state.records[originalID]?.createParams ?? [:]
        return Method.Later { (daemon: Locked<DaemonState>) throws(RPCError) in
            // Copied under the original's lock alone, added under the daemon's alone.
            let original = slot.current
            let id = try daemon.withLock { (state: inout DaemonState) throws(RPCError) in
                try state.add(original, createParams: createParams)
            }
            return ["session": .string(id), "now": .number(original.now.milliseconds)]
        }
    }
}
