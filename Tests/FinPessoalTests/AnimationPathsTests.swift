import ChoreoJSON
import Testing

@testable import ChoreoEngine
@testable import FinPessoal

/// The hand-written map from FinPessoal's state paths to their animated properties as it stood before the state
/// became typed values (issue 26 #1), kept as the reference the declarations must reproduce: the schema tour
/// compares the two for every path of the tree at its steps (``AnimationPathsCheck``).
enum LegacyAnimationPaths {
    static func paths(_ app: FinPessoalApp, _ path: [String], world: World) -> [String]? {
        func sheet(_ index: Int?) -> [String]? {
            guard let index, app.sheets.indices.contains(index) else { return nil }
            let serial = app.sheets[index].serial
            return path.count == (path.first == "sheet" ? 1 : 2)
                ? ["sheet.\(serial)"] : [PropertyKey.sheetProgress(serial).path]
        }
        func screenBlur(_ screen: FinScreen?) -> [String]? { screen.map { [PropertyKey.navBlur($0).path] } }
        switch path {
        case ["sheet"], ["sheet", "progress"]: return sheet(app.sheets.indices.last)
        case let p where p.count >= 2 && p[0] == "sheets" && (p.count == 2 || p[2] == "progress"):
            return sheet(Int(p[1]))
        case ["navigation", "transition", "progress"]: return [PropertyKey.navigationProgress.path]
        case let p where p.count >= 3 && p[0] == "screens" && p[2] == "navBlur":
            return screenBlur(FinScreen(rawValue: p[1]))
        case let p where p.count >= 2 && p[0] == "screen" && p[1] == "navBlur": return screenBlur(app.currentScreen)
        case ["celebration", "current"]: return ["celebration"]
        case ["celebration", "current", "opacity"]: return [PropertyKey.celebrationOpacity.path]
        case ["celebration", "current", "scale"]: return [PropertyKey.celebrationScale.path]
        case ["celebration", "current", "glowOpacity"]: return [PropertyKey.celebrationGlow.path]
        case ["celebration", "current", "shimmer"]: return [PropertyKey.celebrationShimmer.path]
        case let p where p.count >= 3 && p[0] == "dashboard" && p[1] == "cards":
            guard let i = Int(p[2]), DashboardCard.allCases.indices.contains(i) else { return nil }
            let card = DashboardCard.allCases[i]
            switch p.count == 4 ? p[3] : nil {
            case "opacity": return [PropertyKey.cardOpacity(card).path]
            case "offsetY": return [PropertyKey.cardOffsetY(card).path]
            default: return ["dashboard.cards.\(card.rawValue)"]
            }
        case let p where p.count >= 3 && p[0] == "dashboard" && p[1] == "counters":
            return DashboardCounter(rawValue: p[2]).map { [PropertyKey.counter($0).path] }
        case ["refresh", "rotation"]: return [PropertyKey.refreshSpinner.path, PropertyKey.refreshPullDistance.path]
        case ["refresh", "scale"]: return [PropertyKey.refreshPulse.path, PropertyKey.refreshPullDistance.path]
        case ["refresh", "checkmark"], ["refresh", "checkmark", "scale"]: return [PropertyKey.refreshCheckmark.path]
        case ["chart", "reveal", "container", "scale"]: return [PropertyKey.chartContainerScale.path]
        case ["chart", "reveal", "container", "opacity"]: return [PropertyKey.chartContainerOpacity.path]
        case let p where p.count >= 4 && Array(p[0...1]) == ["chart", "reveal"] && p[2] == "axes":
            guard let axis = PropertyKey.ChartAxis(rawValue: p[3]) else { return nil }
            if p.count >= 5 && p[4] == "labels" { return [PropertyKey.chartAxisLabels(axis).path] }
            if p.count >= 5 && p[4] == "trim" { return [PropertyKey.chartAxisTrim(axis).path] }
            return [PropertyKey.chartAxisTrim(axis).path, PropertyKey.chartAxisLabels(axis).path]
        case let p where p.count >= 4 && Array(p[0...2]) == ["chart", "reveal", "grid"]:
            return Int(p[3]).map { [PropertyKey.chartGridOpacity($0).path] }
        case let p where p.count >= 3 && Array(p[0...2]) == ["chart", "reveal", "line"]:
            return [PropertyKey.chartLineTrim.path]
        case let p where p.count == 4 && Array(p[0...1]) == ["chart", "points"] && p[3] == "scale":
            return Int(p[2]).map {
                [
                    PropertyKey.chartPointAppear($0).path, PropertyKey.chartPointHighlight($0).path,
                    PropertyKey.chartPointBounce($0).path,
                ]
            }
        case ["chart", "callout", "opacity"]: return [PropertyKey.chartCalloutOpacity.path]
        case ["chart", "callout", "value"], ["chart", "callout", "text"]: return [PropertyKey.chartCalloutValue.path]
        case let p where p.count >= 2 && Array(p[0...1]) == ["chart", "burst"]:
            return [PropertyKey.chartBurstProgress.path]
        default: return nil
        }
    }
}

/// Compares, for every path of a session's state tree, the animated properties the declarations give with the
/// legacy map's.
enum AnimationPathsCheck {
    static func compare(_ sim: Simulation, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let app = sim.app as? FinPessoalApp else { return }
        var paths: [[String]] = nullablePaths
        collect(sim.state(), [], into: &paths)
        // Each top-level node is built once per comparison (the app does not override `animationPaths`, whose
        // default reads that node: checked once per key below); building it again for each of the tree's paths
        // took most of the tour tests' time.
        var nodes: [String: (any StateValue)?] = [:]
        for path in paths where !["data", "settings", "lab"].contains(path[0]) {
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
    }

    /// Paths below nodes that are often null, compared whether or not they exist now (`animations.list` takes a
    /// path below a null node: a push or a celebration that is over still has its animations).
    static let nullablePaths: [[String]] = [
        ["navigation", "transition"], ["navigation", "transition", "progress"], ["sheet"], ["sheet", "progress"],
        ["celebration", "current"], ["celebration", "current", "opacity"], ["celebration", "current", "scale"],
        ["celebration", "current", "glowOpacity"], ["celebration", "current", "shimmer"],
        ["celebration", "current", "phase"], ["chart", "callout"], ["chart", "callout", "opacity"],
        ["chart", "callout", "value"], ["refresh", "checkmark", "scale"], ["dashboard", "lastLoad", "ok"],
    ]

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
