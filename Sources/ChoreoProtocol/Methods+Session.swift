import ChoreoApps
import ChoreoEngine
import ChoreoJSON

extension MethodTable {
    static let sessionMethods: [Method] =
        [
            Method("session.create") { state, params, _ throws(RPCError) in
                let p = try Params(params, allowed: ["app", "seed", "fps", "settings", "data", "wallClock"])
                let simulation = try makeSimulation(p)
                let id = try state.add(simulation, createParams: p.object)
                return ["session": .string(id), "app": .string(simulation.appName), "now": 0]
            },
            Method("session.close") { state, params, _ throws(RPCError) in
                let p = try Params(params, allowed: ["session"])
                try state.remove(try p.session())
                return ["closed": true]
            },
            Method("session.list") { state, params, _ throws(RPCError) in
                _ = try Params(params, allowed: [])
                return [
                    "sessions": .array(
                        state.sessionOrder.map { id in
                            let s = state.sessions[id]!
                            return [
                                "session": .string(id), "app": .string(s.appName), "now": .number(s.now.milliseconds),
                            ]
                        })
                ]
            },
            Method("session.fork") { state, params, _ throws(RPCError) in
                let p = try Params(params, allowed: ["session"])
                let originalID = try p.session()
                let original = try state.session(originalID)
                let id = try state.add(original, createParams: state.records[originalID]?.createParams ?? [:])
                return ["session": .string(id), "now": .number(original.now.milliseconds)]
            },
            Method("settings.get") { state, params, _ throws(RPCError) in
                let p = try Params(params, allowed: ["session"])
                return try state.session(try p.session()).settings.json
            },
            Method("settings.set") { state, params, _ throws(RPCError) in
                let p = try Params(params, allowed: SettingsParser.keys.union(["session"]))
                var settings = try state.session(try p.session()).settings
                try SettingsParser.apply(p, to: &settings)
                return try state.withSession(try p.session()) { (sim: inout Simulation) throws(SimulationError) in
                    sim.recordAction("settings.set", params: p.object)
                    sim.update(settings: settings)
                    return sim.settings.json
                }
            },
        ] + exportMethods

    /// The params `session.create` takes.
    static let createParamNames: Set<String> = ["app", "seed", "fps", "settings", "data", "wallClock"]

    /// Creates a simulation from `session.create`'s params (read with a prefix inside `session.import`'s
    /// `snapshot.config`, so errors name the full parameter).
    static func makeSimulation(_ p: Params) throws(RPCError) -> Simulation {
        var config = SessionConfig()
        if let app = try p.optionalString("app") { config.app = app }
        if p.has("seed") {
            config.seed = UInt64(try p.integer("seed", in: 0...Int64.max, expected: "a whole number ≥ 0"))
        }
        if p.has("fps") {
            let fps = try p.integer("fps", in: 1...1000, expected: "60 or 120")
            guard fps == 60 || fps == 120 else { throw .invalidParams(p.fullName("fps"), expected: "60 or 120") }
            config.fps = Int(fps)
        }
        if p.has("settings") {
            let s = try Params(
                .object(try p.objectParam("settings")), allowed: SettingsParser.keys, prefix: p.fullName("settings"))
            try SettingsParser.apply(s, to: &config.settings)
        }
        if p.has("data") { config.data = try p.objectParam("data") }
        if let text = try p.optionalString("wallClock") {
            guard let clock = WallClock(iso8601: text) else {
                throw .invalidParams(
                    p.fullName("wallClock"), expected: "an ISO 8601 date-time such as 2026-01-05T09:00:00Z")
            }
            config.wallClock = clock
        }
        do throws(SimulationError) {
            return try Simulation(config: config)
        } catch {
            throw RPCError(error)
        }
    }
}
