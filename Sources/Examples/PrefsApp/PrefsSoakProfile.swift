import ChoreoEngine
import ChoreoJSON

/// How the soak tester drives Prefs: navigation, the sheet and back besides the tester's own taps; and its rules —
/// a toggle tap that lands plays exactly one selection haptic, each toggle is what its last `toggle.changed` said,
/// and after a settle every knob rests at its end.
struct PrefsSoakProfile: SoakProfile {
    /// Each toggle's value as the trace tells it.
    private var traced: [PrefsToggle: Bool] = [:]

    mutating func appStep(state: JSONValue, random: inout SoakRandom) -> SoakStep {
        switch random.below(6) {
        case 5: return SoakStep("app.resetToggles")
        case 0: return SoakStep("ui.navigate", ["screen": .string(random.pick(PrefsScreen.allCases).rawValue)])
        case 1: return SoakStep("ui.back")
        case 2: return SoakStep("ui.dismiss")
        case 3: return SoakStep("ui.present", ["sheet": "account"])
        default: return SoakStep("ui.present", ["sheet": "settings"], tolerated: [-32602])
        }
    }

    mutating func check(
        step: SoakStep, reply: JSONValue, before: JSONValue, after: JSONValue, haptics: ArraySlice<HapticEvent>
    ) throws(SoakViolation) {
        let toggled = reply["result"]?["toggle"] != nil
        let selections = haptics.filter { $0.source == PrefsApp.toggleSource && $0.style == .selection }.count
        if (toggled ? 1 : 0) != selections || haptics.count != selections {
            throw SoakViolation(
                "a toggle's haptic", "\(step.description) played \(haptics.map { "\($0.source) \($0.style)" })")
        }
    }

    mutating func observe(_ event: TraceEvent) throws(SoakViolation) {
        guard PrefsTraceKind(rawValue: event.kind) == .toggleChanged,
            let toggle = event.fields["toggle"]?.stringValue.flatMap(PrefsToggle.init(rawValue:))
        else { return }
        traced[toggle] = event.fields["on"] == .bool(true)
    }

    mutating func check(state: JSONValue) throws(SoakViolation) {
        for toggle in PrefsToggle.allCases {
            let node = state["toggles"]?[toggle.rawValue]
            if let traced = traced[toggle], node?["on"] != .bool(traced) {
                throw SoakViolation(
                    "a toggle differs from the trace", "\(toggle.rawValue): \(node?.serialized() ?? "?")")
            }
        }
    }

    func stuckAfterSettle(state: JSONValue) -> [String] {
        PrefsToggle.allCases.compactMap { toggle in
            let node = state["toggles"]?[toggle.rawValue]
            let end = node?["on"] == .bool(true) ? 1.0 : 0.0
            guard let knob = node?["knob"]?.doubleValue, abs(knob - end) > 1e-3 else { return nil }
            return "toggles.\(toggle.rawValue).knob \(knob)"
        }
    }
}

extension PrefsApp: SoakTestedApp {
    public static var soakProfile: any SoakProfile { PrefsSoakProfile() }
}
