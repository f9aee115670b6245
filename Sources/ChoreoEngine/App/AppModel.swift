import ChoreoJSON

/// A headless app: its UI state machine as a value. The runtime owns the clock and calls it; the app changes
/// time-related state only through the ``World`` it is handed.
public protocol AppModel: Sendable {
    /// The name `session.create` selects the app by, e.g. `prefs`.
    static var appName: String { get }

    /// Creates the app at its first screen. `data` replaces parts of the embedded default dataset.
    init(data: [String: ChoreoJSON.JSONValue], world: inout World) throws(SimulationError)

    /// Applies a user action now; returns what it answers: one of ``actionResults`` that names the action's method,
    /// or a refusal (``World/refuse(_:)``).
    mutating func apply(_ action: Action, world: inout World) throws(SimulationError) -> any ActionResult

    /// Every type the app answers an action with (``ActionResult``; a refusal needs no listing): the methods' result
    /// schemas are built from them.
    static var actionResults: [any ActionResult.Type] { get }

    /// Handles one of the app's own timers when it fires.
    mutating func handle(_ timer: ScheduledTimer, world: inout World)

    /// Called after the settings changed (from `old` to `world.settings`), so state derived from them can follow.
    mutating func settingsDidChange(from old: Settings, world: inout World)

    /// Every animation the app defines, with its design's budgets, for `motion.audit`.
    static var auditEntries: [MotionAudit.Entry] { get }

    /// The state tree's top-level nodes, declared once: each node's field (name, shape, meaning) and how it is built
    /// from the app at the current virtual time. ``stateSchema`` and ``stateNode(world:key:)`` come from it by
    /// default; an app may implement those two itself instead.
    static var stateTree: [StateProperty<StateRoot<Self>>] { get }

    /// The state tree, declared once: every node with its type, unit, range and meaning. The top-level keys and
    /// their order come from it (``stateKeys``); `protocol/state.md` is generated from it; tours check real trees
    /// against it (``Simulation/schemaViolations(state:traceEvents:hapticSources:)``).
    static var stateSchema: [StateField] { get }

    /// Every trace event kind the app records, with its fields.
    static var traceEvents: [TraceEventKind] { get }

    /// Every haptic source the app plays, with its styles.
    static var hapticSources: [HapticSource] { get }

    /// The refusal reasons of the app's own (``Refusal/Reason/engineReasons`` are everyone's), declared as static
    /// constants of ``Refusal/Reason``.
    static var refusalReasons: [Refusal.Reason] { get }

    /// Motion the app evaluates itself that reports draw from the trace (none by default).
    static var decayLanes: [DecayLane] { get }

    /// Values a finger puts in place without an animation record, that reports draw from the gestures' replies
    /// (none by default).
    static var fingerLanes: [FingerLane] { get }

    /// The app's guide (screens, targets, gotchas), if it has one.
    static var guide: AppGuide? { get }

    /// Where each animation and haptic the app declares lives in the app's Swift code (owning type, member or token,
    /// the model's curve per mode or styles), for `app.describe` and `journey conformance` (none by default).
    static var codeAnchors: [CodeAnchor] { get }

    /// The screens `ui.navigate` shows, by name: `app.describe` serves them and `journey validate` checks
    /// `navigate:` steps against them (none declared by default: nothing is checked).
    static var screens: [String] { get }

    /// The parts of the dataset `session.create {data}` may replace, by key: `app.describe` serves them and
    /// `journey validate` checks a journey's `data:` against them (none by default: the app takes no `data`).
    static var dataParts: [String] { get }

    /// How the app answers the shared actions, by method (`ui.navigate`: its screens): the protocol's documents
    /// add each to the method's description.
    static var actionNotes: [String: String] { get }

    /// How the soak tester drives and checks the app (``GenericSoakProfile`` by default).
    static var soakProfile: any SoakProfile { get }

    /// One top-level node of the state tree as a typed value, built alone (nil when there is no such key), with
    /// every animated value at the current virtual time: usually a ``StateObject``, whose declared fields give the
    /// node's JSON, its shape and its animated properties.
    func stateNode(world: World, key: String) -> (any StateValue)?

    /// The animated properties (``PropertyKey`` paths) whose animations drive the value at a state path, for
    /// `animations.list {path}`; nil when the property's path is the state path itself (or a prefix of it names a
    /// node: every property below it). `path` is split at its dots and already known to exist. By default, what
    /// the node's declarations say (``StateValue/animatedProperties(at:)``).
    func animationPaths(showing path: [String], world: World) -> [String]?

    /// The screen at the current virtual time as a wireframe (`screen.render`), drawn from the app's typed state
    /// nodes and its declared layout; nil for an app that draws none (the default).
    func screen(world: World) -> Screen?
}

extension AppModel {
    /// The top-level keys of the state tree, in the order of ``stateSchema``.
    @inlinable public static var stateKeys: [String] { stateSchema.map(\.name) }

    /// One top-level node of the state tree as JSON (nil when there is no such key).
    @inlinable
    public func state(world: World, key: String) -> JSONValue? {
        stateNode(world: world, key: key)?.json
    }

    /// The app's whole state tree: an object of every node of ``stateKeys``.
    @inlinable
    public func state(world: World) -> JSONValue {
        var object: [String: JSONValue] = [:]
        let tree = Self.stateTree
        guard tree.isEmpty else {
            let root = StateRoot(app: self, world: world)
            for node in tree { node.write(root, &object) }
            return .object(object)
        }
        for key in Self.stateKeys { object[key] = state(world: world, key: key) }
        return .object(object)
    }

    public mutating func settingsDidChange(from old: Settings, world: inout World) {}

    public static var refusalReasons: [Refusal.Reason] { [] }

    public static var soakProfile: any SoakProfile { GenericSoakProfile() }

    public static var guide: AppGuide? { nil }

    public static var codeAnchors: [CodeAnchor] { [] }

    public static var screens: [String] { [] }

    public static var dataParts: [String] { [] }

    public static var decayLanes: [DecayLane] { [] }

    public static var fingerLanes: [FingerLane] { [] }

    public static var stateTree: [StateProperty<StateRoot<Self>>] { [] }

    /// The declarations of ``stateTree``.
    @inlinable public static var stateSchema: [StateField] { stateTree.map(\.declaration) }

    /// The top-level node of ``stateTree`` named `key`.
    @inlinable
    public func stateNode(world: World, key: String) -> (any StateValue)? {
        guard let node = Self.stateTree.first(where: { $0.declaration.name == key }) else { return nil }
        return node.read(StateRoot(app: self, world: world))
    }

    public static var actionNotes: [String: String] { [:] }

    public func screen(world: World) -> Screen? { nil }

    public func animationPaths(showing path: [String], world: World) -> [String]? {
        declaredAnimationPaths(showing: path, world: world)
    }

    /// What the top-level node's declarations say of the animated properties behind `path`
    /// (``StateValue/animatedProperties(at:)``): the default of ``animationPaths(showing:world:)``.
    public func declaredAnimationPaths(showing path: [String], world: World) -> [String]? {
        guard let key = path.first else { return nil }
        return stateNode(world: world, key: key)?.animatedProperties(at: path.dropFirst())
    }
}
