import ChoreoEngine
import ChoreoJSON

/// Everything derived from the settings (sheet and toolbar intensity, materials, parallax, borders) is computed
/// when the state is read, so a settings change shows at once; running animations keep the curve they started with.
extension FinPessoalApp {
    /// One top-level node, built alone (reading `hero.progress` does not build every screen).
    public func stateNode(world: World, key: String) -> (any StateValue)? {
        switch key {
        case "app": return FinPessoalApp.appName
        case "navigation":
            return NavigationView(
                screen: currentScreen, stack: stack.map(\.screen), item: stack.last?.item,
                transition: transition.map { t in
                    NavTransitionView(
                        kind: t.kind, from: t.from, to: t.to, progress: navigationProgress(t, world: world),
                        finished: t.finished)
                })
        case "hero": return heroState(world: world)
        case "sheet":
            let top = sheets.last.map { sheetState($0, world: world) }
            return top as any StateValue
        case "sheets": return sheets.map { sheetState($0, world: world) }
        case "screens":
            var screens: [String: ScreenView] = [:]
            for screen in FinPessoalApp.scrollableScreens { screens[screen] = screenState(screen, world: world) }
            return screens
        case "screen": return screenState(currentScreen, world: world)
        case "refresh": return refresh.state(world: world)
        case "celebration": return celebrations.state(world: world)
        case "gradients": return gradients.state(world: world)
        case "dashboard": return loading.state(data: data, world: world)
        case "chart": return chart.state(data: data, world: world)
        case "completedGoals": return completedGoals.sorted()
        case "lastMilestone": return lastMilestone
        default: return stateJSON(world: world, key: key)
        }
    }

    func stateJSON(world: World, key: String) -> JSONValue? {
        switch key {
        case "data": return data.json
        default: return nil
        }
    }
}
