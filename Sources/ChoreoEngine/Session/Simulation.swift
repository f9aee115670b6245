import ChoreoJSON

/// One session's whole simulation: the app model, the lab and the world, as a value. Copying it forks the
/// session, pending timers and animations included.
public struct Simulation: Sendable {
    /// The clock, settings, animations, timers and recorders.
    public internal(set) var world: World
    /// The hosted app's name.
    public let appName: String
    var app: any AppModel
    var lab = Lab()

    /// Creates a session at virtual time zero, hosting the app of `apps` named by `config.app` (the first when
    /// it names none).
    public init(config: SessionConfig, apps: AppRegistry) throws(SimulationError) {
        let type = try apps.app(for: config)
        var world = World(
            settings: config.settings, fps: config.fps, seed: config.seed, wallClock: config.wallClock,
            physics: config.physics, retention: Retention(limit: config.traceLimit))
        world.record(
            SessionCreatedEvent(
                app: type.appName, seed: Int64(bitPattern: config.seed), fps: config.fps,
                wallClock: config.wallClock.iso8601(at: .zero)))
        app = try type.init(data: config.data, world: &world)
        appName = type.appName
        self.world = world
    }

    /// The current virtual time.
    public var now: VirtualTime { world.now }

    /// The settings now.
    public var settings: Settings { world.settings }

    /// Records that a request arrived (method and params without the session id).
    public mutating func recordAction(_ method: String, params: [String: JSONValue]) {
        var fields = params
        fields["session"] = nil
        world.actions.append(method: method, params: fields)
        world.record(ActionEvent(method: method, params: .object(fields)))
    }

    /// Applies a user action to the app now; its answer as JSON. A debug build checks that the app declares the
    /// answer's type for the action's method (``AppModel/actionResults``), so every result schema holds.
    public mutating func perform(_ action: Action) throws(SimulationError) -> JSONValue {
        let result = try app.apply(action, world: &world)
        assert(
            type(of: app).declares(type(of: result), for: action.methodName),
            "\(appName) answered \(action.methodName) with \(type(of: result).resultName), which its actionResults do "
                + "not declare for \(action.methodName)")
        return result.json
    }

    /// Applies a lab request now.
    public mutating func perform(_ request: Lab.Request) throws(SimulationError) -> JSONValue {
        try lab.apply(request, world: &world)
    }

    /// Replaces the settings; the app updates what derives from them.
    public mutating func update(settings: Settings) {
        guard settings != world.settings else { return }
        let old = world.settings
        world.settings = settings
        world.record(SettingsChangedEvent(settings: settings))
        app.settingsDidChange(from: old, world: &world)
    }
}
