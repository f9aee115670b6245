import ChoreoEngine
import ChoreoJSON

/// How the soak tester drives AirFit: navigation, the sheet's drags and flicks, device motion; and its rules — the
/// golden rule (every tap that lands plays a haptic at once), one medium haptic per navigation, no recording off
/// the food screen, everything at rest after a settle.
struct AirFitSoakProfile: SoakProfile {
    mutating func appStep(state: JSONValue, random: inout SoakRandom) -> SoakStep {
        switch random.below(12) {
        case 0, 1: return SoakStep("ui.navigate", ["screen": .string(random.pick(AirFitScreen.allCases).rawValue)])
        case 2: return SoakStep("ui.back")
        case 3: return SoakStep("ui.dismiss")
        case 4, 5:
            return SoakStep(
                "ui.drag", ["y": .double(random.short(-100...700)), "velocity": .double(random.short(-2000...3000))])
        case 6: return SoakStep("ui.release")
        case 7, 8:
            return SoakStep(
                "ui.deviceMotion",
                [
                    "pitch": .double(random.short(-180...180)), "roll": .double(random.short(-180...180)),
                    "rotationRate": .double(random.short(0...60)),
                ])
        case 9: return SoakStep("ui.tap", ["target": "dashboard/card/performance"])
        case 10: return SoakStep("ui.present", ["sheet": "detail"], tolerated: [-32005])
        default: return SoakStep("app.finishLoading", tolerated: [-32005])
        }
    }

    mutating func invalidStep(random: inout SoakRandom) -> SoakStep {
        SoakStep("ui.scroll", ["y": .double(random.short(0...500))], tolerated: [-32005])
    }

    /// The sheet's elements and its close button, else the screen's.
    func visibleTargets(state: JSONValue) -> [String] {
        if let sheet = state["sheet"], sheet != .null { return Self.targets(of: sheet) + [AirFitApp.sheetCloseTarget] }
        return Self.targets(of: state["screen"] ?? .null)
    }

    /// While the sheet is dismissing it takes no taps (behavior.md N5, S17): -32003 lists the screen's targets,
    /// which take taps once it is gone (found by the single-session soak: the profile listed the close button).
    func reachableTargets(state: JSONValue) -> Set<String> {
        if let sheet = state["sheet"], sheet != .null, sheet["phase"]?.stringValue == "dismissing" {
            return Set(Self.targets(of: state["screen"] ?? .null))
        }
        return Set(visibleTargets(state: state))
    }

    func sheetsUp(state: JSONValue) -> [String] {
        state["sheet"] == .null ? [] : [state["sheet"]?["name"]?.stringValue ?? "detail"]
    }

    mutating func check(
        step: SoakStep, reply: JSONValue, before: JSONValue, after: JSONValue, haptics: ArraySlice<HapticEvent>
    ) throws(SoakViolation) {
        // Every navigation plays one medium haptic (`navigation`).
        if after["navigation"]?["stack"] != before["navigation"]?["stack"] {
            let played = haptics.filter { $0.source == "navigation" }
            if played.count != 1 || played.first?.style != .medium {
                throw SoakViolation(
                    "a navigation without its medium haptic", "\(step.description): \(played.count) navigation haptics")
            }
        }
        // A screen shown anew has a fresh FlareButton: no flare from before it was left (behavior.md C14).
        if let shown = after["navigation"]?["screen"]?.stringValue,
            shown != before["navigation"]?["screen"]?.stringValue,
            let flare = after["flare"]?["target"]?.stringValue, AirFitCatalog.screen(of: flare)?.rawValue == shown
        {
            throw SoakViolation("a flare survives its screen", "\(step.description): \(flare) on \(shown)")
        }
        // The golden rule: every tap that lands plays a haptic at once (behavior.md P8, H1).
        if step.method == "ui.tap", let result = reply["result"], result["refused"] != .bool(true),
            result["dismissed"] != .bool(false), haptics.isEmpty
        {
            throw SoakViolation("a tap played no haptic", "\(step.description) -> \(result.serialized())")
        }
    }

    mutating func check(state: JSONValue) throws(SoakViolation) {
        let screen = state["navigation"]?["screen"]
        // A screen not shown has no view animating: its title is at rest (behavior.md M9).
        for (name, view) in state["screens"]?.objectValue ?? [:] where .string(name) != screen {
            let glyphs = view["title"]?["glyphs"]?.arrayValue ?? []
            if let moving = glyphs.first(where: { $0["opacity"] != 1 || $0["weight"] != 400 }) {
                throw SoakViolation("a screen left keeps cascading", "\(name): \(moving.serialized())")
            }
        }
        if state["mic"]?["recording"] == .bool(true), screen != "foodVoiceInput" {
            // Leaving the food screen stops the recording (behavior.md C4).
            throw SoakViolation("recording off the food screen", screen?.serialized() ?? "")
        }
    }

    func stuckAfterSettle(state: JSONValue) -> [String] {
        var stuck: [String] = []
        if let crossfade = state["gradient"]?["crossfade"]?.doubleValue, abs(crossfade - 1) > 1e-3 {
            stuck.append("gradient.crossfade \(crossfade)")
        }
        for card in state["screen"]?["cards"]?.arrayValue ?? [] {
            if let scale = card["scale"]?.doubleValue, abs(scale - 1) > 1e-3 {
                stuck.append("card \(card["target"]?.stringValue ?? "?") scale \(scale)")
            }
        }
        if state["sheet"]?["phase"] == "presented", let offset = state["sheet"]?["offset"]?.doubleValue,
            abs(offset) > 1e-3
        {
            stuck.append("sheet.offset \(offset)")
        }
        if let phase = state["sheet"]?["phase"]?.stringValue, phase == "dismissing" {
            stuck.append("sheet dismissing")
        }
        if let progress = state["navigation"]?["transition"]?["progress"]?.doubleValue, progress != 1 {
            stuck.append("navigation.transition.progress \(progress)")
        }
        return stuck
    }
}

extension AirFitApp: SoakTestedApp {
    public static var soakProfile: any SoakProfile { AirFitSoakProfile() }
}
