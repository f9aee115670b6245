import ChoreoEngine

extension PrefsApp {
    /// The state tree: what `state.get` returns, node by node (protocol/state.md is generated from it).
    public static let stateSchema: [StateField] = [
        StateField(
            "navigation", PrefsNavigationView.shape, "The navigation stack: `settings` at the root, `about` pushed."),
        StateField("screen", PrefsListView.shape(named: .choice(PrefsScreen.self)), "The screen shown."),
        StateField(
            "toggles",
            .object(PrefsToggle.allCases.map { StateField($0.rawValue, PrefsToggleView.shape, "The toggle.") }),
            "Each toggle by name, one field each (a closed list, so `journey validate` checks the names)."),
        StateField(
            "sheet",
            .nullable(PrefsListView.shape(named: .choice(PrefsSheet.self)), whenNull: "no sheet is presented"),
            "The presented sheet."),
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
