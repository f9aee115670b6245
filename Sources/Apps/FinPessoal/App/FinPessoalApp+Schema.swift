import ChoreoEngine

/// FinPessoal's whole contract with test authors: every node of its state tree, every trace event it records and
/// every haptic source it plays, declared once. `stateKeys` is the order of ``stateSchema``; the state reference
/// (`protocol/state.md`) is rendered from these declarations, and the schema tour test checks real sessions against
/// them. Each feature declares its part next to its code (`HeroSchema`, `SheetSchema`, `RefreshSchema`, …).
extension FinPessoalApp {
    /// The unit of every amount of money (the dataset's currency; texts format it as US dollars).
    static let moneyUnit = "money (data currency)"

    static let navigationField = StateField(
        "navigation",
        .object([
            StateField(
                "screen", .string(choices: screenChoices),
                "The screen shown: the top of the stack. A session starts at `dashboard`; `ui.navigate` switches the root (refused under a sheet)."
            ),
            StateField(
                "stack", .array(.string(choices: screenChoices)),
                "The navigation stack, root first: `[screen]` after `ui.navigate`, `[goals, goalDetail]` after a goal's hero link."
            ),
            StateField(
                "item", .nullable(.text, whenNull: "the top view shows no item (every root screen)"),
                "The data id the pushed view shows (the goal of `goalDetail`)."),
            StateField(
                "transition",
                .nullable(
                    .object([
                        StateField(
                            "kind", .choice(NavTransitionKind.self),
                            "`push` (a goal's hero link) or `pop` (`ui.back`)."),
                        StateField("from", .string(choices: screenChoices), "The view it leaves."),
                        StateField("to", .string(choices: screenChoices), "The view it shows."),
                        StateField(
                            "progress", .number("fraction"),
                            "0 → 1 on the hero curve of the mode (spring(0.4, 0.8) full, which overshoots 1 slightly; 250 ms linear reduced; 100 ms linear minimal): equals `hero.progress` going forward and 1 − `hero.progress` coming back, also when `ui.back` interrupts the push (the pop starts where the push is)."
                        ),
                        StateField(
                            "phase", .string(choices: ["running", "finished"]),
                            "`finished` once the curve is logically complete (`navigation.finished`)."),
                    ]), whenNull: "no push or pop since the last `ui.navigate` (or the session's start)"),
                "The last push or pop, kept after it finished until the next navigation."),
        ]), "The navigation stack and its push or pop.")

    static let navigationTraceEvents: [TraceEventKind] = [
        TraceEventKind(
            FinPessoalTraceKind.navigation,
            "The navigation stack changed: a root switch (`ui.navigate`), a push or a pop.",
            fields: [
                StateField("from", .string(choices: screenChoices), "The view it leaves."),
                StateField("to", .string(choices: screenChoices), "The view it shows."),
                StateField(
                    "change", .string(choices: ["root", "push", "pop"]),
                    "`root` (`ui.navigate`: no animation), `push` or `pop`."),
            ]),
        TraceEventKind(
            FinPessoalTraceKind.navigationFinished, "A push or pop is logically complete.",
            fields: [StateField("to", .string(choices: screenChoices), "The screen shown now.")]),
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
