import ChoreoAppKit
import ChoreoEngine

/// Fresh simulations by config, so that `session.create` copies one instead of building the app again: the same
/// config always gives the same simulation at virtual time 0 (determinism), and a ``Simulation`` is a value, so a
/// copy is a session of its own (as `session.fork` makes them). A suite creates hundreds of sessions with a handful
/// of configs. Bounded: past ``capacity`` configs the kept ones are dropped and kept again as they come back, and a
/// config with its own dataset (`data`, which may be megabytes) is never kept, so closed sessions leave nothing big
/// behind.
struct SessionPrototypes: Sendable {
    /// How many configs are kept at most.
    static let capacity = 16

    private var byConfig: [SessionConfig: Simulation] = [:]

    /// A simulation at virtual time 0 for `options`: a copy of the kept one, else made (and kept).
    mutating func simulation(for options: SessionOptions, apps: AppRegistry) throws(RPCError) -> Simulation {
        guard options.config.data.isEmpty else { return try options.makeSimulation(apps: apps) }
        if let kept = byConfig[options.config] { return kept }
        let made = try options.makeSimulation(apps: apps)
        if byConfig.count >= Self.capacity { byConfig.removeAll(keepingCapacity: true) }
        byConfig[options.config] = made
        return made
    }
}
