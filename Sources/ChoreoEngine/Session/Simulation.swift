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
    /// What the app declares it records, for checking each request's records (shared by copies).
    let declarations: AppDeclarations

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
        declarations = AppDeclarations.of(type)
        self.world = world
    }

    /// The current virtual time.
    public var now: VirtualTime { world.now }

    /// The hosted app's model as `App`, or nil when the session hosts another app: an app's own tests assert on its
    /// typed state rather than on the JSON the state paths read.
    public func model<App: AppModel>(_: App.Type = App.self) -> App? { app as? App }

    /// The settings now.
    public var settings: Settings { world.settings }

    /// Records that a request arrived (method and params without the session id).
    /// - Throws: ``SimulationError/limitExceeded(limit:maximum:detail:)`` (`actionLogBytes`), recording nothing,
    ///   when the session's log of requests would pass ``ActionLog/maxBytes``.
    public mutating func recordAction(_ method: String, params: [String: JSONValue]) throws(SimulationError) {
        var fields = params
        fields["session"] = nil
        let serialized = ActionLog.bytes(method: method, params: fields)
        guard world.actions.byteCount + serialized.count <= ActionLog.maxBytes else {
            throw .limitExceeded(
                limit: "actionLogBytes", maximum: ActionLog.maxBytes,
                detail: "the session has logged \(world.actions.byteCount) bytes of requests (what session.export "
                    + "replays) and this one adds \(serialized.count); nothing ran. Start a new session")
        }
        world.actions.append(serialized: serialized)
        world.record(ActionEvent(method: method, params: .object(fields)))
    }

    /// Applies a user action to the app now; its answer as JSON. Checks, in every build, that the app declares the
    /// answer's type for the action's method (``AppModel/actionResults``), so every result schema holds, and that a
    /// refusal's reason is one of its ``AppModel/refusalReasons``: an app that breaks either answers
    /// ``SimulationError/modelBug(_:)`` (the caller undoes the request).
    public mutating func perform(_ action: Action) throws(SimulationError) -> JSONValue {
        let result = try app.apply(action, world: &world)
        let method = action.methodName
        guard declarations.declares(type(of: result), for: method) else {
            let name = type(of: result).resultName
            throw .modelBug(
                ModelBug(
                    app: appName, subject: "actionResults",
                    problem: "it answered \(method) with \(name), which its actionResults do not declare for "
                        + "\(method)",
                    fix:
                        "add \(name).self to the actionResults of the \(appName) feature that answers it and \"\(method)\" "
                        + "to \(name).answers"))
        }
        if let refusal = result as? RefusalResult, !declarations.refusalReasons.contains(refusal.reason) {
            throw .modelBug(
                ModelBug(
                    app: appName, subject: "refusalReasons",
                    problem: "it refused \(method) for the reason `\(refusal.reason)`, which its refusalReasons do not "
                        + "declare",
                    fix:
                        "add the Refusal.Reason `\(refusal.reason)` to the refusalReasons of the \(appName) feature that "
                        + "refuses with it"))
        }
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
