import ChoreoJSON

/// A headless app: its UI state machine as a value. The runtime owns the clock and calls it; the app changes
/// time-related state only through the ``World`` it is handed.
public protocol AppModel: Sendable {
    /// The name `session.create` selects the app by, e.g. `prefs`.
    static var appName: String { get }

    /// The app's features, in order: everything it declares (state tree, trace events, haptics, animations,
    /// action results, refusal reasons, screens, dataset parts, notes, lanes) is derived from this list
    /// (``stateTree``, ``traceEvents``, ``hapticSources``, ``auditEntries``, ``codeAnchors``, …). Declare it as a
    /// `static let`: it is read on every request.
    static var features: [Feature<Self>] { get }

    /// The app's guide (screens, targets, gotchas), if it has one (none by default).
    static var guide: AppGuide? { get }

    /// Creates the app at its first screen. `data` replaces parts of the embedded default dataset.
    init(data: [String: ChoreoJSON.JSONValue], world: inout World) throws(SimulationError)

    /// Applies a user action now; returns what it answers: one of ``actionResults`` that names the action's method,
    /// or a refusal (``World/refuse(_:)``).
    mutating func apply(_ action: Action, world: inout World) throws(SimulationError) -> any ActionResult

    /// Handles one of the app's own timers when it fires.
    mutating func handle(_ timer: ScheduledTimer, world: inout World)

    /// Called after the settings changed (from `old` to `world.settings`), so state derived from them can follow
    /// (nothing by default).
    mutating func settingsDidChange(from old: Settings, world: inout World)

    /// The screen at the current virtual time as a wireframe (`screen.render`), drawn from the app's typed state
    /// nodes and its declared layout; nil for an app that draws none (the default).
    func screen(world: World) -> Screen?
}

extension AppModel {
    public static var guide: AppGuide? { nil }

    public mutating func settingsDidChange(from old: Settings, world: inout World) {}

    public func screen(world: World) -> Screen? { nil }

    /// One top-level node of the state tree as a typed value, built alone (nil when there is no such key), with
    /// every animated value at the current virtual time: usually a ``StateObject``, whose declared fields give the
    /// node's JSON, its shape and its animated properties.
    @inlinable
    public func stateNode(world: World, key: String) -> (any StateValue)? {
        for feature in Self.features {
            if let node = feature.state.first(where: { $0.declaration.name == key }) {
                return node.read(StateRoot(app: self, world: world))
            }
        }
        return nil
    }

    /// One top-level node of the state tree as JSON (nil when there is no such key).
    @inlinable
    public func state(world: World, key: String) -> JSONValue? {
        stateNode(world: world, key: key)?.json
    }

    /// The app's whole state tree: an object of every node of ``stateKeys``.
    @inlinable
    public func state(world: World) -> JSONValue {
        var object: [String: JSONValue] = [:]
        let root = StateRoot(app: self, world: world)
        for feature in Self.features {
            for node in feature.state { node.write(root, &object) }
        }
        return .object(object)
    }

    /// The app's whole state tree with the engine's `nodes` among its top-level ones, written as text: every member
    /// in key order, each node written by its own type (``StateValue/write(to:)``), no ``JSONValue`` built.
    public func writeState(
        world: World, with nodes: [(key: JSONKey, node: any StateValue)], to writer: inout JSONWriter
    ) {
        let appNodes = Self.stateTree
        let root = StateRoot(app: self, world: world)
        writer.beginObject()
        // Members 0..<appNodes.count are the app's nodes, the rest the engine's.
        JSONKey.inOrder(appNodes.count + nodes.count) { index in
            index < appNodes.count ? appNodes[index].key : nodes[index - appNodes.count].key
        } _: { order in
            for index in order {
                if index < appNodes.count {
                    appNodes[index].emit(root, &writer)
                } else {
                    writer.key(nodes[index - appNodes.count].key)
                    nodes[index - appNodes.count].node.write(to: &writer)
                }
            }
        }
        writer.endObject()
    }

    /// The animated properties (``PropertyKey`` paths) whose animations drive the value at a state path, for
    /// `animations.list {path}`, as the top-level node's declarations say (``StateValue/animatedProperties(at:)``);
    /// nil when the property's path is the state path itself (or a prefix of it names a node: every property below
    /// it). `path` is split at its dots and already known to exist.
    public func animationPaths(showing path: [String], world: World) -> [String]? {
        guard let key = path.first else { return nil }
        return stateNode(world: world, key: key)?.animatedProperties(at: path.dropFirst())
    }
}
