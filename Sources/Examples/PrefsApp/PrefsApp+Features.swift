import ChoreoEngine

/// Prefs is three features; everything it declares (the state tree `state.get` returns and protocol/state.md
/// documents, its trace events, haptic, animation, answers and screens) is derived from this list, in its order.
extension PrefsApp {
    public static let features: [Feature<PrefsApp>] = [.navigation, .toggles, .sheet]
}

extension Feature<PrefsApp> {
    /// The navigation stack: `settings` at the root, `about` pushed.
    static var navigation: Self {
        Feature(
            "navigation",
            state: [
                StateProperty(
                    StateField(
                        "navigation", PrefsNavigationView.shape,
                        "The navigation stack: `settings` at the root, `about` pushed.")
                ) { PrefsNavigationView(screen: $0.app.screen, stack: $0.app.stack) },
                StateProperty(
                    StateField("screen", PrefsListView.shape(named: .choice(PrefsScreen.self)), "The screen shown.")
                ) { PrefsListView(name: $0.app.screen.rawValue, elements: $0.app.screen.elements) },
            ],
            traceEvents: [NavigationEvent.declaration], actionResults: [ScreenShown.self, Popped.self],
            screens: PrefsScreen.allCases.map(\.rawValue))
    }

    /// The toggles: a spring of the knob and a selection haptic per tap.
    static var toggles: Self {
        Feature(
            "toggles",
            state: [
                StateProperty(
                    StateField(
                        "toggles",
                        .object(
                            PrefsToggle.allCases.map { StateField($0.rawValue, PrefsToggleView.shape, "The toggle.") }),
                        "Each toggle by name, one field each (a closed list, so `journey validate` checks the names).")
                ) { $0.app.togglesState(world: $0.world) }
            ],
            traceEvents: [ToggleChangedEvent.declaration],
            haptics: [HapticDeclaration(PrefsApp.toggleSource, [.selection], "A toggle was tapped (every mode).")],
            animations: [
                .single(
                    "toggle", PrefsApp.knobCurve,
                    audit: [
                        AuditClaim(
                            source: "PrefsApp.knobCurve (decision)",
                            budgets: [(.settlesWithin(600), "decision: a toggle settles within 0.6 s")])
                    ])
            ],
            actionResults: [Toggled.self, TogglesReset.self])
    }

    /// The `account` sheet, presented by a row and dismissed by its Done button.
    static var sheet: Self {
        Feature(
            "sheet",
            state: [
                StateProperty(
                    StateField(
                        "sheet",
                        .nullable(
                            PrefsListView.shape(named: .choice(PrefsSheet.self)), whenNull: "no sheet is presented"),
                        "The presented sheet.")
                ) { root in root.app.sheet.map { PrefsListView(name: $0.rawValue, elements: $0.elements) } }
            ],
            traceEvents: [SheetPresentEvent.declaration, SheetDismissedEvent.declaration],
            actionResults: [SheetShown.self, SheetGone.self])
    }
}
