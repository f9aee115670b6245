import ChoreoEngine

/// FinPessoal's whole contract with test authors: every node of its state tree, every trace event it records and
/// every haptic source it plays, declared once. `stateKeys` is the order of ``stateSchema``; the state reference
/// (`protocol/state.md`) is rendered from these declarations, and the schema tour test checks real sessions against
/// them. Each feature declares its part next to its code (`HeroSchema`, `SheetSchema`, `RefreshSchema`, …).
extension FinPessoalApp {
    /// The unit of every amount of money (the dataset's currency; texts format it as US dollars).
    static let moneyUnit = "money (data currency)"

    static let navigationField = StateField(
        "navigation", NavigationView.shape, "The navigation stack and its push or pop.")

    static let navigationTraceEvents: [TraceEventKind] = [
        NavigationEvent.declaration,
        NavigationFinishedEvent.declaration,
    ]

    static let screensField = StateField(
        "screens", .map(key: "screen", screenShape),
        "Every screen and pushed view by name (the 11 screens of `ui.navigate` and `goalDetail`), scrolled or not.")

    static let screenField = StateField(
        "screen", screenShape, "The current screen (`navigation.screen`), as in `screens`.")

    /// The state tree: every top-level node, in the order `state.get` of the root lists them, with how it is built
    /// alone (reading `hero.progress` does not build every screen). Each node's declaration sits next to its feature.
    public static let stateTree: [StateProperty<StateRoot<FinPessoalApp>>] = [
        StateProperty(
            StateField("app", .string(choices: [appName]), "The app the session hosts: always `finpessoal`.")
        ) { _ in appName },
        StateProperty(navigationField) { $0.app.navigationState(world: $0.world) },
        StateProperty(heroField) { $0.app.heroState(world: $0.world) },
        StateProperty(sheetField) { root in root.app.sheets.last.map { root.app.sheetState($0, world: root.world) } },
        StateProperty(sheetsField) { root in root.app.sheets.map { root.app.sheetState($0, world: root.world) } },
        StateProperty(screensField) { $0.app.screensState(world: $0.world) },
        StateProperty(screenField) { $0.app.screenState($0.app.currentScreen, world: $0.world) },
        StateProperty(dataField) { $0.app.data.json },
        StateProperty(refreshField) { $0.app.refresh.state(world: $0.world) },
        StateProperty(dashboardField) { $0.app.loading.state(data: $0.app.data, world: $0.world) },
        StateProperty(chartField) { $0.app.chart.state(data: $0.app.data, world: $0.world) },
        StateProperty(celebrationField) { $0.app.celebrations.state(world: $0.world) },
        StateProperty(gradientsField) { $0.app.gradients.state(world: $0.world) },
        StateProperty(completedGoalsField) { $0.app.completedGoals.sorted() },
        StateProperty(lastMilestoneField) { $0.app.lastMilestone },
    ]

    /// Every trace event kind FinPessoal records (the engine's own are in ``EngineSchema/traceEvents``).
    public static let traceEvents: [TraceEventKind] = {
        var kinds = navigationTraceEvents
        kinds += heroTraceEvents
        kinds += sheetTraceEvents
        kinds += scrollTraceEvents
        kinds += refreshTraceEvents
        kinds += dashboardTraceEvents
        kinds += chartTraceEvents
        kinds += celebrationTraceEvents
        kinds += gradientTraceEvents
        kinds += transactionTraceEvents
        return kinds
    }()

    /// Every haptic source FinPessoal plays (the lab's are in ``EngineSchema/hapticSources``).
    public static let hapticSources: [HapticSource] = {
        var sources = heroHapticSources
        sources += refreshHapticSources
        sources += chartHapticSources
        sources += celebrationHapticSources
        return sources
    }()
}
