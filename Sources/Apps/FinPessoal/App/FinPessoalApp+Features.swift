import ChoreoEngine

/// FinPessoal's whole contract with test authors, feature by feature: each feature declares its state nodes, trace
/// events, haptics, animations (the model's curves, code anchors, the seeds' budgets), answers and refusals next to
/// its code (`HeroFeature`, `SheetFeature`, `RefreshFeature`, …). `protocol/state.md`, `motion.audit` and
/// `app.describe` are derived from this list, in its order: the features that animate come in the order seed 000
/// presents their animations (hero, celebration, gradients, then seed 002's blur, sheets and the push), which is the
/// order `motion.audit` has always listed them in.
extension FinPessoalApp {
    public static let features: [Feature<FinPessoalApp>] = [
        .app, .navigation, .hero, .celebrations, .gradients, .scroll, .sheets, .screenTransition, .data, .refresh,
        .dashboard, .chart, .goals, .transactions,
    ]

    /// The unit of every amount of money (the dataset's currency; texts format it as US dollars).
    static let moneyUnit = "money (data currency)"

    static let navigationField = StateField(
        "navigation", NavigationView.shape, "The navigation stack and its push or pop.")
}

extension Feature<FinPessoalApp> {
    /// The app's name in the state tree and how it answers the shared actions.
    static var app: Self {
        Feature(
            "app",
            state: [
                StateProperty(
                    StateField(
                        "app", .string(choices: [FinPessoalApp.appName]),
                        "The app the session hosts: always `finpessoal`.")
                ) { _ in FinPessoalApp.appName }
            ],
            actionNotes: FinPessoalApp.sharedActionNotes)
    }

    /// The navigation stack: `ui.navigate`, pushes and `ui.back`. The seeds name no type for the stack's push:
    /// Choreo calls it `AppNavigation`.
    static var navigation: Self {
        Feature(
            "navigation",
            state: [StateProperty(FinPessoalApp.navigationField) { $0.app.navigationState(world: $0.world) }],
            traceEvents: [NavigationEvent.declaration, NavigationFinishedEvent.declaration],
            actionResults: [Navigated.self, Popped.self, ElementTapped.self],
            screens: FinScreen.navigation.map(\.rawValue))
    }

    /// The push and pop of a screen that no hero transition carries.
    static var screenTransition: Self {
        Feature(
            "screenTransition",
            animations: [
                .byMode(
                    "screenTransition", ModeTiming.screen, at: CodeSite("AppNavigation"),
                    audit: [AuditClaim(source: "Choreo decision")])
            ])
    }
}
