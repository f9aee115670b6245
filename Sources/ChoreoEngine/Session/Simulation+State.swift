import ChoreoJSON

extension Simulation {
    /// The whole state tree at the current virtual time: the app's tree plus `settings` and `lab`.
    public func state() -> JSONValue {
        var root = app.state(world: world).objectValue ?? [:]
        for (key, node) in engineNodes { root[key.name] = node.json }
        return .object(root)
    }

    /// The whole state tree written as text: what ``state()`` serializes, byte for byte, without building it.
    public func writeState(to writer: inout JSONWriter) {
        app.writeState(world: world, with: engineNodes, to: &writer)
    }

    /// One top-level node written as text (what ``state(at:)`` serializes for a path without dots), or false,
    /// having written nothing, when there is no such node.
    public func writeState(node key: String, to writer: inout JSONWriter) -> Bool {
        switch key {
        case EngineSchema.settings.name: world.settings.write(to: &writer)
        case EngineSchema.lab.name: lab.view(world: world).write(to: &writer)
        default:
            guard let node = app.stateNode(world: world, key: key) else { return false }
            node.write(to: &writer)
        }
        return true
    }

    /// What the engine adds to the app's tree: `settings` and `lab`.
    private var engineNodes: [(key: JSONKey, node: any StateValue)] {
        [(Self.settingsKey, world.settings), (Self.labKey, lab.view(world: world))]
    }

    private static let settingsKey = JSONKey(EngineSchema.settings.name)
    private static let labKey = JSONKey(EngineSchema.lab.name)

    /// The app's screen at the current virtual time as a wireframe, or nil when the app draws none
    /// (``AppModel/screen(world:)``).
    public func screen() -> Screen? { app.screen(world: world) }

    /// The node at a dotted path (`hero.isTransitioning`, `celebration.queue.0`); the whole tree for an empty path.
    public func state(at path: String) throws(SimulationError) -> JSONValue {
        // Build only the top-level node the path starts in.
        let first =
            path.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let node: JSONValue?
        switch first {
        case "": return state()
        case EngineSchema.settings.name: node = world.settings.json
        case EngineSchema.lab.name: node = lab.view(world: world).json
        default: node = app.state(world: world, key: first)
        }
        guard let node else { throw StatePath.unknown(path, in: state()) }
        let rest = String(path.dropFirst(first.count).drop(while: { $0 == "." }))
        do throws(SimulationError) {
            return try StatePath.resolve(rest, in: node, prefix: first)
        } catch .unknownPath(let full, let prefix, let keys) where keys.isEmpty {
            // A path below a node that is null now (`celebration.current.opacity` with nothing playing): say so, and
            // why, from the app's declarations, rather than listing no keys as if the path were misspelt.
            let parent = String(prefix.dropFirst(first.count).drop(while: { $0 == "." }))
            guard (try? StatePath.resolve(parent, in: node, prefix: first))?.isNull == true else {
                throw .unknownPath(full, validPrefix: prefix, keys: keys)
            }
            let schema = type(of: app).stateSchema + [EngineSchema.settings, EngineSchema.lab]
            throw .nullPath(full, nullAt: prefix, because: StateShape.object(schema).whyNull(at: prefix))
        }
    }
}

extension Simulation {
    /// The animation records `animations.list {path}` answers: those of an animated property named exactly `path`
    /// (the engine's name, as records show it), else those driving the state path `path` (``AppModel/
    /// animationPaths(showing:world:)``; a node takes every property below it), oldest first.
    /// - Throws: ``SimulationError/unknownPath(_:validPrefix:keys:)`` when `path` is neither a property's name nor
    ///   a state path (a path below a node that is null now is a state path).
    public func animations(showing path: String) throws(SimulationError) -> [AnimationRecord] {
        let records = world.timeline.records
        if records.contains(where: { $0.path == path }) { return records.filter { $0.path == path } }
        do throws(SimulationError) {
            _ = try state(at: path)
        } catch .nullPath {
            // Below a node that is null now (no push running): still a state path, whose animations may be over.
        }
        let components = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let names = app.animationPaths(showing: components, world: world) ?? [path]
        return records.filter { record in
            names.contains { record.path == $0 || record.path.hasPrefix($0 + ".") }
        }
    }
}

/// Dotted paths into a JSON tree: object keys, and array elements by index or, for elements that carry a `target`,
/// by that target.
public enum StatePath {
    /// The error for a path whose first key is not in the tree.
    static func unknown(_ path: String, in root: JSONValue) -> SimulationError {
        .unknownPath(path, validPrefix: "", keys: root.objectValue?.keys.sorted() ?? [])
    }

    /// The node at a path.
    /// - Throws: ``SimulationError/unknownPath(_:validPrefix:keys:)`` naming the deepest valid prefix and the keys
    ///   (or index range) that exist there.
    public static func resolve(_ path: String, in root: JSONValue, prefix base: String = "") throws(SimulationError)
        -> JSONValue
    {
        guard !path.isEmpty else { return root }
        var node = root
        var prefix: [Substring] = base.isEmpty ? [] : [Substring(base)]
        let fullPath = base.isEmpty ? path : "\(base).\(path)"
        for component in path.split(separator: ".", omittingEmptySubsequences: false) {
            switch node {
            case .object(let object):
                if let child = object[String(component)] {
                    node = child
                    prefix.append(component)
                    continue
                }
                throw .unknownPath(fullPath, validPrefix: prefix.joined(separator: "."), keys: object.keys.sorted())
            case .array(let array):
                if let index = Int(component), index >= 0, index < array.count {
                    node = array[index]
                    prefix.append(component)
                    continue
                }
                // A list of on-screen things is addressable by their targets too (`screen.parallax.
                // dashboard/card/balance.offset`): targets hold no dots, and the index of each stays valid.
                if let child = array.first(where: { $0["target"]?.stringValue == String(component) }) {
                    node = child
                    prefix.append(component)
                    continue
                }
                let targets = array.compactMap { $0["target"]?.stringValue }
                let keys = (array.isEmpty ? [] : ["0...\(array.count - 1)"]) + targets
                throw .unknownPath(fullPath, validPrefix: prefix.joined(separator: "."), keys: keys)
            default:
                throw .unknownPath(fullPath, validPrefix: prefix.joined(separator: "."), keys: [])
            }
        }
        return node
    }
}
