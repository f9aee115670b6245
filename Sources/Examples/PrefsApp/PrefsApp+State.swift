import ChoreoEngine

extension PrefsApp {
    public func stateNode(world: World, key: String) -> (any StateValue)? {
        switch key {
        case "navigation": return PrefsNavigationView(screen: screen, stack: stack)
        case "screen": return PrefsListView(name: screen.rawValue, elements: screen.elements)
        case "toggles":
            var toggles: [String: PrefsToggleView] = [:]
            for toggle in PrefsToggle.allCases {
                toggles[toggle.rawValue] = PrefsToggleView(
                    on: self.toggles[toggle] ?? false, knob: world.value(.knob(toggle)))
            }
            return toggles
        case "sheet":
            let shown = sheet.map { PrefsListView(name: $0.rawValue, elements: $0.elements) }
            return shown as any StateValue
        default: return nil
        }
    }
}
