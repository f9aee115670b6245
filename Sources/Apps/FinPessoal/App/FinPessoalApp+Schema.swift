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

    static let screenFields: [StateField] = [
        StateField(
            "screens", .map(key: "screen", screenShape),
            "Every screen and pushed view by name (the 11 screens of `ui.navigate` and `goalDetail`), scrolled or not."),
        StateField("screen", screenShape, "The current screen (`navigation.screen`), as in `screens`."),
    ]

    /// The state tree, every top-level node in the order `state.get` of the root lists them.
    public static let stateSchema: [StateField] = {
        var fields = [
            StateField("app", .string(choices: [appName]), "The app the session hosts: always `finpessoal`."),
            navigationField, heroField,
        ]
        fields += sheetFields
        fields += screenFields
        fields += [dataField, refreshField, dashboardField, chartField, celebrationField, gradientsField]
        fields += goalAndMilestoneFields
        return fields
    }()

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
