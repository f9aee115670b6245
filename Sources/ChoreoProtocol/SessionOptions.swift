import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON

/// `session.create`'s params, read: the session's config and the params as given (kept for `session.export`).
/// `session.import` reads a snapshot's `config` with the same declaration.
struct SessionOptions: Sendable {
    /// The config to create the simulation with.
    var config: SessionConfig
    /// The params as the request gave them.
    var params: [String: JSONValue]

    /// Creates the simulation of one of `apps`; an unknown app is -32001.
    func makeSimulation(apps: AppRegistry) throws(RPCError) -> Simulation {
        do throws(SimulationError) {
            return try Simulation(config: config, apps: apps)
        } catch {
            throw RPCError(error)
        }
    }

    /// The params, declared once; defaults are ``SessionConfig``'s.
    static let parameter: Parameter<SessionOptions> = {
        let defaults = SessionConfig()
        let config = Param.group(
            Param.string(
                "app", "The app to host (default: the first daemon.info lists); an unknown one is -32001."
            ).schemaDescription("The app to host; daemon.info lists them, the first is the default.").optional,
            Param.integer(
                "seed", "Seed of the session's random numbers, a whole number ≥ 0 (default 0).", in: 0...Int64.max,
                expected: "a whole number ≥ 0"
            ).defaulting(to: Int64(defaults.seed)),
            Param.integer(
                "fps", "Frames per second, 60 or 120 (default 60): the frame length for frame-tied behaviour.",
                in: 1...1000, expected: "60 or 120"
            ).checked { (fps, name) throws(RPCError) in
                guard fps == 60 || fps == 120 else { throw .invalidParams(name, expected: "60 or 120") }
            }.documented(as: .integer().choices(60, 120)).defaulting(to: Int64(defaults.fps)),
            Param.choice(
                "physics",
                "How animations are evaluated: `swiftui` (SwiftUI's runtime, frames at the session's fps) or `ideal` "
                    + "(closed forms). Default `\(Physics.default.rawValue)`.",
                Physics.self, schema: "Physics"
            ).optional,
            Param.object(
                "settings", "Initial settings (defaults: see Settings); errors name `settings.KEY`.",
                fields: SettingsChange.parameter, schema: .ref("SettingsChange")
            ).optional,
            Param.object("data", "App-specific replacements for parts of the app's default dataset.")
                .schemaDescription("App-specific replacements for parts of the app's embedded default dataset.")
                .optional,
            Param.wallClock(
                "wallClock",
                "The wall-clock time at virtual time 0 (default 2026-01-05T09:00:00Z, a Monday); its UTC offset is the "
                    + "app's time zone. It advances only with virtual time."
            ).optional,
            Param.integer(
                "traceLimit",
                "How much history the session keeps: at least the latest traceLimit trace events, haptics, "
                    + "announcements and finished animation records each, older ones dropped a quarter of the limit "
                    + "at a time (trace.get says droppedBefore, the lists dropped). session.export still replays "
                    + "everything. At least \(Retention.minimumLimit); default \(Retention.defaultLimit).",
                in: Int64(Retention.minimumLimit)...Int64(Int32.max),
                expected: "a whole number of entries ≥ \(Retention.minimumLimit)"
            ).schemaDescription("History kept of each kind (trace events, haptics, announcements, animation records).")
                .defaulting(to: Int64(defaults.traceLimit))
        ) { app, seed, fps, physics, settings, data, wallClock, traceLimit in
            var config = SessionConfig()
            config.app = app
            config.seed = UInt64(seed)
            config.fps = Int(fps)
            if let physics { config.physics = physics }
            settings?.apply(to: &config.settings)
            if let data { config.data = data }
            if let wallClock { config.wallClock = wallClock }
            config.traceLimit = Int(traceLimit)
            return config
        }
        return Parameter(config.specs) { (p: Params) throws(RPCError) in
            SessionOptions(config: try config.read(p), params: p.object)
        }
    }()
}
