import ChoreoJSON
import Testing

@testable import AirFit
@testable import ChoreoEngine

/// The hand-written map from AirFit's state paths to their animated properties as it stood before the state became
/// typed values (issue 26 #1), kept as the reference the declarations must reproduce: the schema tour compares the
/// two for every path of the tree at its steps (``AnimationPathsCheck``).
enum LegacyAnimationPaths {
    static func paths(_ app: AirFitApp, _ path: [String], world: World) -> [String]? {
        /// A screen's node: its title's cascade clock and its cards' entrance springs.
        func screen(_ name: AirFitScreen, below rest: ArraySlice<String>) -> [String]? {
            let cards = AirFitCatalog.elements(name, data: app.data).filter(\.isGlass).map(\.target)
            switch rest.first {
            case nil: return [PropertyKey.cascade(name).path] + cards.map { PropertyKey.cardScale($0).path }
            case "title": return [PropertyKey.cascade(name).path]
            case "cards":
                guard let card = rest.dropFirst().first else { return cards.map { PropertyKey.cardScale($0).path } }
                let target = Int(card).flatMap { cards.indices.contains($0) ? cards[$0] : nil } ?? card
                return [PropertyKey.cardScale(target).path]
            default: return nil
            }
        }
        switch path {
        case ["navigation", "transition"], ["navigation", "transition", "progress"],
            ["navigation", "transition", "opacity"], ["navigation", "transition", "offsetY"]:
            return [PropertyKey.transitionProgress.path]
        case let p where p.count >= 2 && p[0] == "screens":
            return AirFitScreen(rawValue: p[1]).flatMap { screen($0, below: p.dropFirst(2)) }
        case let p where p.first == "screen": return screen(app.currentScreen, below: p.dropFirst())
        case ["metricRing"], ["metricRing", "progress"]: return [PropertyKey.ringProgress.path]
        // Issue 27 #5 (after the map was retired): GradientNumber's stops cross-fade with the background.
        case ["gradientNumber", "stops"]: return [PropertyKey.gradientCrossfade.path]
        case let p where p.count >= 2 && Array(p[0...1]) == ["mic", "ripples"]:
            guard p.count >= 3 else { return (0..<3).map { PropertyKey.micRipple($0).path } }
            return Int(p[2]).map { [PropertyKey.micRipple($0).path] }
        case ["mic"]: return (0..<3).map { PropertyKey.micRipple($0).path }
        default: return nil
        }
    }
}

/// Compares, for every path of a session's state tree (and paths below nodes that may be null), the animated
/// properties the declarations give with the legacy map's.
enum AnimationPathsCheck {
    static let nullablePaths: [[String]] = [["sheet"], ["sheet", "offset"], ["screen"], ["screen", "title"]]

    static func compare(_ sim: Simulation, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let app = sim.app as? AirFitApp else { return }
        var paths: [[String]] = nullablePaths
        collect(sim.state(), [], into: &paths)
        // Each top-level node is built once per comparison (the app does not override `animationPaths`, whose
        // default reads that node: checked once per key below); building it again for each of the tree's paths
        // took most of the tour tests' time.
        var nodes: [String: (any StateValue)?] = [:]
        for path in paths where !["settings", "lab"].contains(path[0]) {
            let joined = path.joined(separator: ".")
            let legacy = LegacyAnimationPaths.paths(app, path, world: sim.world) ?? [joined]
            let declared: [String]
            if let node = nodes[path[0]] {
                declared = node?.animatedProperties(at: path.dropFirst()) ?? [joined]
            } else {
                nodes[path[0]] = app.stateNode(world: sim.world, key: path[0])
                declared = app.animationPaths(showing: path, world: sim.world) ?? [joined]
            }
            #expect(declared == legacy, "\(joined) at \(sim.now.milliseconds) ms", sourceLocation: sourceLocation)
        }
        // A card addressed by its target, as state.get takes it.
        if let card = app.stateNode(world: sim.world, key: "screens")?.json["dashboard"]?["cards"]?[0]?["target"]?
            .stringValue
        {
            let path = ["screens", "dashboard", "cards", card, "scale"]
            #expect(
                app.animationPaths(showing: path, world: sim.world)
                    == LegacyAnimationPaths.paths(app, path, world: sim.world), sourceLocation: sourceLocation)
        }
    }

    static func collect(_ node: JSONValue, _ prefix: [String], into paths: inout [[String]]) {
        if !prefix.isEmpty { paths.append(prefix) }
        switch node {
        case .object(let object):
            for (key, child) in object { collect(child, prefix + [key], into: &paths) }
        case .array(let array):
            for (index, child) in array.enumerated() { collect(child, prefix + [String(index)], into: &paths) }
        default: break
        }
    }
}
