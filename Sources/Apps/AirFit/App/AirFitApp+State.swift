import ChoreoEngine
import ChoreoJSON

extension AirFitApp {
    func screenState(_ screen: String, world: World) -> JSONValue {
        let elements = AirFitCatalog.elements(screen, data: data)
        let layers = blurLayers(screen)
        var cards: [JSONValue] = []
        var list: [JSONValue] = []
        for element in elements {
            list.append([
                "target": .string(element.target), "kind": .string(element.kind), "label": .string(element.label),
            ])
            if element.isGlass {
                cards.append([
                    "target": .string(element.target),
                    "scale": .number(world.value(.cardScale(element.target))),
                    "material": "ultraThin", "cornerRadius": 20, "strokeOpacity": 0.3, "shadowOpacity": 0.06,
                ])
            }
        }
        let cascade = cascades[screen] ?? CascadeText(id: screen, text: AirFitCatalog.title(screen), start: nil)
        return [
            "title": [
                "text": .string(cascade.text),
                "glyphs": .array(cascade.glyphs(world: world)),
            ],
            "cards": .array(cards), "elements": .array(list),
            "blur": [
                "layers": .int(Int64(layers)), "budget": .int(Int64(AirFitApp.blurBudget)),
                "exceeded": .bool(layers > AirFitApp.blurBudget),
            ],
        ]
    }

    /// One top-level node, built alone (reading `metricRing.progress` does not build every screen).
    public func state(world: World, key: String) -> JSONValue? {
        switch key {
        case "app": return .string(AirFitApp.appName)
        case "navigation":
            let transition = world.value(.transitionProgress)
            return [
                "screen": .string(currentScreen), "stack": .array(stack.map { .string($0) }),
                "transition": [
                    "progress": .number(transition), "opacity": .number(transition),
                    "offsetY": .number(12 * (1 - transition)),
                ],
            ]
        case "gradient":
            let scheme = world.settings.colorScheme
            let hour = world.wallClock.hour(at: world.now)
            return [
                "active": .string(gradient.rawValue),
                "previous": previousGradient.map { .string($0.rawValue) } ?? .null,
                "crossfade": .number(crossfade(world: world)),
                "stops": [
                    "active": .array(gradient.stops(scheme).map { .string($0) }),
                    "previous": previousStops(scheme, world: world).map { .array($0.map { .string($0) }) } ?? .null,
                ],
                "hour": .int(Int64(hour)), "pool": .string(GradientToken.pool(hour: hour).name),
            ]
        case "screens":
            var screens: [String: JSONValue] = [:]
            for screen in AirFitCatalog.screens { screens[screen] = screenState(screen, world: world) }
            return .object(screens)
        case "screen":
            return AirFitCatalog.screens.contains(currentScreen) ? screenState(currentScreen, world: world) : .null
        case "metricRing":
            return [
                "value": .number(data.calories), "goal": .number(data.calorieGoal),
                "progress": .number(world.value(.ringProgress)),
                "target": .number(data.calorieGoal > 0 ? data.calories / data.calorieGoal : 0),
            ]
        case "gradientNumber":
            return [
                "value": .number(data.calories), "gradient": .string(gradient.rawValue),
                "stops": .array(gradient.stops(world.settings.colorScheme).map { .string($0) }),
            ]
        case "parallax":
            return ["x": .number(world.value(.parallaxX)), "y": .number(world.value(.parallaxY)), "range": 4]
        case "mic":
            var ripples: [JSONValue] = []
            for index in 0..<3 {
                let phase = world.value(.micRipple(index))
                ripples.append([
                    "phase": .number(phase), "scale": .number(1 + phase),
                    "opacity": .number(recording && world.mode != .minimal ? 0.5 * (1 - phase) : 0),
                ])
            }
            return ["recording": .bool(recording), "ripples": .array(ripples)]
        case "flare":
            return [
                "target": flareTarget.map { .string($0) } ?? .null, "radius": .number(world.value(.flareRadius)),
                "opacity": .number(world.value(.flareOpacity)),
            ]
        case "sheet":
            return sheet.map { s in
                [
                    "name": "detail", "phase": .string(s.phase.rawValue), "offset": .number(sheetOffset(world: world)),
                    "height": .number(AirFitApp.sheetHeight), "material": "ultraThin",
                ]
            } ?? .null
        default: return nil
        }
    }
}
