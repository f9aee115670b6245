import ChoreoEngine
import ChoreoJSON

extension MethodTable {
    static let clockMethods: [Method] = [
        Method("clock.now") { state, params, _ throws(RPCError) in
            let p = try Params(params, allowed: ["session"])
            let sim = try state.session(try p.session())
            return [
                "now": .number(sim.now.milliseconds), "wallClock": .string(sim.world.wallClock.iso8601(at: sim.now)),
            ]
        },
        Method("clock.advance") { state, params, _ throws(RPCError) in
            let p = try Params(params, allowed: ["session", "ms"])
            let span = try p.milliseconds("ms")
            let limit = state.limits.maxEventsPerAdvance
            return try state.withSession(try p.session()) { (sim: inout Simulation) throws(SimulationError) in
                sim.recordAction("clock.advance", params: p.object)
                let fired = try sim.advance(to: sim.now + span, maxEvents: limit)
                return ["now": .number(sim.now.milliseconds), "fired": .int(Int64(fired))]
            }
        },
        Method("clock.settle") { state, params, _ throws(RPCError) in
            let p = try Params(params, allowed: ["session", "timeoutMs"])
            let timeout =
                try p.optionalMilliseconds("timeoutMs")
                ?? VirtualTime(milliseconds: state.limits.defaultSettleTimeoutMs)!
            let limit = state.limits.maxEventsPerAdvance
            return try state.withSession(try p.session()) { (sim: inout Simulation) throws(SimulationError) in
                sim.recordAction("clock.settle", params: p.object)
                let outcome = try sim.settle(timeout: timeout, maxEvents: limit)
                return [
                    "now": .number(sim.now.milliseconds), "settled": .bool(outcome.settled),
                    "running": .array(outcome.running), "fired": .int(Int64(outcome.fired)),
                ]
            }
        },
    ]
}
