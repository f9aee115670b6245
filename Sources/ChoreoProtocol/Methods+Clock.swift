import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON

extension MethodTable {
    static let clockMethods = [clockNow, clockAdvance, clockSettle]

    static let clockNow = Method(
        reading: "clock.now",
        summary: "A session's virtual time and wall-clock time.",
        description: """
            Reading never changes the session. `wallClock` is the session's virtual wall clock: \
            session.create's wallClock (default 2026-01-05T09:00:00Z) plus the virtual time elapsed; the \
            host's clock is never read.
            """,
        result: MethodResult(
            "now",
            .object(
                properties: [
                    "now": .ref("Milliseconds", "The session's virtual time after the call, in milliseconds."),
                    "wallClock": .string(
                        """
                        The session's wall clock at `now`: ISO 8601 with milliseconds and the session's UTC \
                        offset (`Z` for UTC).
                        """),
                ], required: ["now", "wallClock"], additionalProperties: true)),
        examples: [
            Example(
                "after 1.5 s",
                description: "After: session.create {}; clock.advance {\"session\": \"s1\", \"ms\": 1500}.",
                params: ["session": "s1"], result: ["now": 1500, "wallClock": "2026-01-05T09:00:01.500Z"])
        ]
    ) { sim throws(RPCError) in
        return ["now": .number(sim.now.milliseconds), "wallClock": .string(sim.world.wallClock.iso8601(at: sim.now))]
    }

    static let clockAdvance = Method(
        action: "clock.advance",
        summary: "Moves virtual time forward, firing every deadline on the way.",
        description: """
            Moves the clock forward by `ms`, firing every timer and animation milestone (logical completion, \
            settle) due up to and including the new time in deadline order, each at its own time (events at \
            the same time in the order they were scheduled); what a firing schedules is fired too if it falls \
            within the span. Records an `action` event first. `ms` 0 fires what is due now. When more than \
            maxEventsPerAdvance (1000000) would fire, the call fails with -32010 and the clock stands at the \
            deadline where it stopped.
            """,
        params: Param.milliseconds(
            "ms", "How far to move, in virtual milliseconds (0 to 1e12, fractions allowed, exact to the nanosecond)."),
        result: MethodResult(
            "advanced",
            .object(
                properties: [
                    "now": .ref("Milliseconds", "The session's virtual time after the call, in milliseconds."),
                    "fired": .integer("How many timers and animation milestones fired.").minimum(0),
                ], required: ["now", "fired"], additionalProperties: true)),
        errors: [.limitExceeded],
        examples: [
            Example(
                "advance 200 ms past a timer",
                description: """
                    The timer fires at 150 ms; the spring's milestones (400 ms, settle) are still ahead. \
                    After: session.create {}; lab.animate {"session": "s1", "name": "x", "from": 0, "to": \
                    100, "curve": {"spring": {"response": 0.4, "dampingFraction": 0.8}}}; lab.timer \
                    {"session": "s1", "name": "tick", "afterMs": 150}.
                    """, params: ["session": "s1", "ms": 200], result: ["fired": 1, "now": 200])
        ]
    ) { span in
        Mutation { (sim: inout Simulation, limits: Limits) throws(SimulationError) in
            let fired = try sim.advance(to: sim.now + span, maxEvents: limits.maxEventsPerAdvance)
            return ["now": .number(sim.now.milliseconds), "fired": .int(Int64(fired))]
        }
    }

    static let clockSettle = Method(
        action: "clock.settle",
        summary: "Advances until nothing finite is pending, or until a timeout.",
        description: """
            Advances virtual time deadline by deadline until no finite animation and no timer that blocks \
            settling is pending. Endless loops (repeatForever) never block and are always reported in \
            `running`. If the next blocking deadline lies beyond now + timeoutMs, the clock advances exactly \
            to now + timeoutMs and the call returns settled=false with `running` listing every animation \
            still moving and every pending timer. Records an `action` event first. A settled session returns \
            at once with now unchanged.
            """,
        params: Param.milliseconds(
            "timeoutMs", "The most virtual time to advance, in milliseconds (0 to 1e12). Default 30000."
        ).optional,
        result: MethodResult(
            "settle",
            .object(
                properties: [
                    "now": .ref("Milliseconds", "The session's virtual time after the call, in milliseconds."),
                    "settled": .boolean("True when nothing finite is pending; false on timeout."),
                    "running": .array(
                        of: .ref("RunningItem"),
                        "Endless loops (always) and, on timeout, every finite animation and pending timer."),
                    "fired": .integer("Timers and milestones fired.").minimum(0),
                ], required: ["now", "settled", "running", "fired"], additionalProperties: true)),
        errors: [.limitExceeded],
        examples: [
            Example(
                "a spring and an endless loop",
                description: """
                    The spring settles; the loop keeps running and is reported. After: session.create {}; \
                    lab.animate {"session": "s1", "name": "x", "from": 0, "to": 100, "curve": {"spring": \
                    {"response": 0.4, "dampingFraction": 0.8}}}; lab.animate {"session": "s1", "name": \
                    "pulse", "from": 0, "to": 1, "curve": {"linear": {"duration": 1}, "repeatForever": \
                    {"autoreverses": true}}}.
                    """, params: ["session": "s1"],
                result: [
                    "fired": 2, "now": 571.013738,
                    "running": [
                        [
                            "animation": 2, "infinite": true, "path": "lab.values.pulse", "source": "lab",
                            "state": "repeating", "to": 1, "value": 0.571013738,
                        ]
                    ], "settled": true,
                ]),
            Example(
                "timeout",
                description: """
                    The spring is still moving at 100 ms. After: session.create {}; lab.animate {"session": \
                    "s1", "name": "x", "from": 0, "to": 100, "curve": {"spring": {"response": 0.4, \
                    "dampingFraction": 0.8}}}.
                    """, params: ["session": "s1", "timeoutMs": 100],
                result: [
                    "fired": 0, "now": 100,
                    "running": [
                        [
                            "animation": 1, "infinite": false, "path": "lab.values.x", "settlesAt": 571.013738,
                            "source": "lab", "state": "running", "to": 100, "value": 52.5705431339,
                        ]
                    ], "settled": false,
                ]),
        ]
    ) { timeoutMs in
        Mutation { (sim: inout Simulation, limits: Limits) throws(SimulationError) in
            let timeout = timeoutMs ?? VirtualTime(milliseconds: limits.defaultSettleTimeoutMs)!
            let outcome = try sim.settle(timeout: timeout, maxEvents: limits.maxEventsPerAdvance)
            return [
                "now": .number(sim.now.milliseconds), "settled": .bool(outcome.settled),
                "running": .array(outcome.running), "fired": .int(Int64(outcome.fired)),
            ]
        }
    }
}
