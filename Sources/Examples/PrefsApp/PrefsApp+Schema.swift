import ChoreoEngine

extension PrefsApp {
    /// The screens `ui.navigate` shows (Prefs takes no `data`: ``dataParts`` stays empty).
    public static let screens = PrefsScreen.allCases.map(\.rawValue)

    /// The state tree: what `state.get` returns, node by node (protocol/state.md is generated from it).
    /// The state tree: each top-level node, declared once, with how it is built.
    public static let stateTree: [StateProperty<StateRoot<PrefsApp>>] = [
        StateProperty(
            StateField(
                "navigation", PrefsNavigationView.shape, "The navigation stack: `settings` at the root, `about` pushed."
            )
        ) { PrefsNavigationView(screen: $0.app.screen, stack: $0.app.stack) },
        StateProperty(StateField("screen", PrefsListView.shape(named: .choice(PrefsScreen.self)), "The screen shown."))
        {
            PrefsListView(name: $0.app.screen.rawValue, elements: $0.app.screen.elements)
        },
        StateProperty(
            StateField(
                "toggles",
                .object(PrefsToggle.allCases.map { StateField($0.rawValue, PrefsToggleView.shape, "The toggle.") }),
                "Each toggle by name, one field each (a closed list, so `journey validate` checks the names).")
        ) { $0.app.togglesState(world: $0.world) },
        StateProperty(
            StateField(
                "sheet",
                .nullable(PrefsListView.shape(named: .choice(PrefsSheet.self)), whenNull: "no sheet is presented"),
                "The presented sheet.")
        ) { root in root.app.sheet.map { PrefsListView(name: $0.rawValue, elements: $0.elements) } },
    ]

    public static let hapticSources = [HapticSource("toggle", [.selection], "A toggle was tapped (every mode).")]

    public static var auditEntries: [MotionAudit.Entry] {
        [
            MotionAudit.Entry(
                app: appName, name: "toggle", curve: knobCurve, source: "PrefsApp.knobCurve (decision)",
                budgets: [(.settlesWithin(600), "decision: a toggle settles within 0.6 s")])
        ]
    }
}
