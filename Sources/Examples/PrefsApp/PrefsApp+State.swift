import ChoreoEngine

extension PrefsApp {
    /// `toggles`: each toggle's value and knob.
    func togglesState(world: World) -> [String: PrefsToggleView] {
        var states: [String: PrefsToggleView] = [:]
        for toggle in PrefsToggle.allCases {
            states[toggle.rawValue] = PrefsToggleView(on: toggles[toggle] ?? false, knob: world.value(.knob(toggle)))
        }
        return states
    }
}
