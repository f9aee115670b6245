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

    public func state(world: World) -> JSONValue {
        var screens: [String: JSONValue] = [:]
        for screen in FinPessoalApp.scrollableScreens { screens[screen] = screenState(screen, world: world) }
        let navigation: JSONValue = [
            "screen": .string(currentScreen), "stack": .array(stack.map { .string($0.screen) }),
            "item": stack.last?.item.map { .string($0) } ?? .null,
            "transition": transition.map { t in
                [
                    "kind": .string(t.kind), "from": .string(t.from), "to": .string(t.to),
                    "progress": .number(world.value("navigation.progress")),
                    "phase": .string(t.finished ? "finished" : "running"),
                ]
            } ?? .null,
        ]
        return [
            "app": .string(FinPessoalApp.appName), "navigation": navigation, "hero": heroState(world: world),
            "sheet": sheets.last.map { sheetState($0, world: world) } ?? .null,
            "sheets": .array(sheets.map { sheetState($0, world: world) }),
            "screens": .object(screens), "screen": screens[currentScreen] ?? .null, "data": data.json,
            "refresh": refresh.state(world: world), "dashboard": loading.state(data: data, world: world),
            "chart": chart.state(data: data, world: world), "celebration": celebrations.state(world: world),
            "gradients": gradients.state(world: world),
            "completedGoals": .array(completedGoals.sorted().map { .string($0) }),
            "lastMilestone": .number(lastMilestone),
        ]
    }
}
