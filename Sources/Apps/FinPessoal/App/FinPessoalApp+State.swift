import ChoreoEngine
import ChoreoJSON

/// Everything derived from the settings (sheet and toolbar intensity, materials, parallax, borders) is computed
/// when the state is read, so a settings change shows at once; running animations keep the curve they started with.
extension FinPessoalApp {
    /// An element as the state shows it, with its VoiceOver label, hint and traits (seed 000) and the High
    /// Contrast border of hero cards.
    func elementState(_ element: ScreenElement, world: World) -> JSONValue {
        var object: [String: JSONValue] = [
            "target": .string(element.target), "kind": .string(element.kind), "id": .string(element.id),
            "label": .string(element.label),
        ]
        var traits: [JSONValue] = []
        switch element.action {
        case .hero:
            object["heroLink"] = true
            object["hint"] = "Double tap to view details"
            object["border"] = .number(world.settings.highContrast ? 2 : 0)
            traits.append("button")
        case .present, .dismiss:
            traits.append("button")
        case .none:
            break
        }
        if element.kind == "header" { object["accessibilityHidden"] = true }
        object["traits"] = .array(traits)
        return .object(object)
    }

    func screenState(_ screen: String, world: World) -> JSONValue {
        var object = scrollState(of: screen, world: world)
        object["elements"] = .array(FinCatalog.elements(of: screen, data: data).map { elementState($0, world: world) })
        return .object(object)
    }

    /// One top-level node, built alone (reading `hero.progress` does not build every screen).
    public func state(world: World, key: String) -> JSONValue? {
        switch key {
        case "app": return .string(FinPessoalApp.appName)
        case "navigation":
            return [
                "screen": .string(currentScreen), "stack": .array(stack.map { .string($0.screen) }),
                "item": stack.last?.item.map { .string($0) } ?? .null,
                "transition": transition.map { t in
                    [
                        "kind": .string(t.kind.rawValue), "from": .string(t.from), "to": .string(t.to),
                        "progress": .number(navigationProgress(t, world: world)),
                        "phase": .string(t.finished ? "finished" : "running"),
                    ]
                } ?? .null,
            ]
        case "hero": return heroState(world: world)
        case "sheet": return sheets.last.map { sheetState($0, world: world) } ?? .null
        case "sheets": return .array(sheets.map { sheetState($0, world: world) })
        case "screens":
            var screens: [String: JSONValue] = [:]
            for screen in FinPessoalApp.scrollableScreens { screens[screen] = screenState(screen, world: world) }
            return .object(screens)
        case "screen": return screenState(currentScreen, world: world)
        case "data": return data.json
        case "refresh": return refresh.state(world: world)
        case "dashboard": return loading.state(data: data, world: world)
        case "chart": return chart.state(data: data, world: world)
        case "celebration": return celebrations.state(world: world)
        case "gradients": return gradients.state(world: world)
        case "completedGoals": return .array(completedGoals.sorted().map { .string($0) })
        case "lastMilestone": return .number(lastMilestone)
        default: return nil
        }
    }
}
