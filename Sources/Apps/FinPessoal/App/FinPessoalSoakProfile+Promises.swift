import ChoreoEngine
import ChoreoJSON

/// What the soak's promise invariants need from FinPessoal's state and frames (behavior.md N13).
extension FinPessoalSoakProfile {
    /// A finger holding the chart (`chart.scrubber.visible`) or pulling, its pull cancelled or not
    /// (`refresh.fingerDistance`).
    func fingerDown(state: JSONValue) -> String? {
        if state["chart"]?["scrubber"]?["visible"] == .bool(true) { return "chart" }
        if let distance = state["refresh"]?["fingerDistance"], distance != .null { return "pull" }
        return nil
    }

    /// The card a hero push lands on (goals/card/… → goalDetail).
    static let heroDestination = "goalDetail/card/progress"

    /// The dashboard's counters show values (behavior.md L10).
    func showsValue(path: String) -> Bool { path.hasPrefix("dashboard.counters.") }

    /// A load that ended during `before` → `after` leaving a counter's target as it was while it was still counting
    /// toward it: the case of "an unchanged value starts no animation" (issue 44 #6).
    static func unchangedLoad(before: JSONValue, after: JSONValue) -> Bool {
        guard before["dashboard"]?["loading"] == .bool(true), after["dashboard"]?["loading"] == .bool(false),
            let old = before["dashboard"]?["counters"]?.objectValue,
            let new = after["dashboard"]?["counters"]?.objectValue
        else { return false }
        return old.keys.contains { key in
            old[key]?["target"] == new[key]?["target"] && old[key]?["value"] != old[key]?["target"]
        }
    }

    func gesture(of step: SoakStep) -> String? {
        switch step.method {
        case "ui.pull": return "pull"
        case "ui.touch", "ui.drag": return "chart"
        default: return nil
        }
    }

    /// A screen's element is a group of its own; a sheet's elements are drawn inside the top sheet's group, which
    /// shows them once its progress (`sheet.progress`) is above 0.
    func isDrawn(target: String, svg: String, state: JSONValue) -> Bool {
        if svg.contains("data-name=\"\(target)\"") { return true }
        // Under matched geometry the pushed goal detail's card flies as the hero (the same view, moved): the `hero`
        // group draws it until it lands (behavior.md N13).
        if target == Self.heroDestination, svg.contains("data-name=\"hero\"") { return true }
        // The top sheet's progress, at full precision (1 ns into an `ideal` spring the frame prints 0).
        guard let value = state["sheet"]?["progress"]?.doubleValue else { return false }
        return value > 0
    }
}
