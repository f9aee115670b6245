import ChoreoEngine

/// The `navigation` event.
struct NavigationEvent: TraceEventValue {
    static let kind = AirFitTraceKind.navigation
    static let meaning =
        "A navigation: `ui.navigate`, a navigation button, a FlareButton that navigates, or `ui.back` (N2, G9)."
    var from: AirFitScreen
    var to: AirFitScreen

    static let fields: [StateProperty<NavigationEvent>] = [
        StateProperty(
            "from", \.from, AirFitApp.screenChoice,
            "The screen shown before."),
        StateProperty(
            "to", \.to, AirFitApp.screenChoice,
            "The screen shown now."),
    ]
}

/// The `gradientAdvance` event.
struct GradientAdvanceEvent: TraceEventValue {
    static let kind = AirFitTraceKind.gradientAdvance
    static let meaning =
        "GradientManager.advance() on a navigation: a new token from the hour's pool, never the current one "
        + "(G5, G9)."
    var from: GradientToken
    var to: GradientToken

    static let fields: [StateProperty<GradientAdvanceEvent>] = [
        StateProperty(
            "from", \.from, .choice(GradientToken.self),
            "The token that was active (now `gradient.previous`)."),
        StateProperty(
            "to", \.to, .choice(GradientToken.self),
            "The new active token."),
    ]
}

/// The `blurBudgetExceeded` event.
struct BlurBudgetExceededEvent: TraceEventValue {
    static let kind = AirFitTraceKind.blurBudgetExceeded
    static let meaning =
        "A screen with more than 6 `.ultraThinMaterial` layers appeared; once per screen per session (B1)."
    var screen: AirFitScreen
    var layers: Int

    static let fields: [StateProperty<BlurBudgetExceededEvent>] = [
        StateProperty(
            "screen", \.screen, AirFitApp.screenChoice,
            "The screen, e.g. `chat` with 8 messages."),
        StateProperty(
            "layers", \.layers, .integer("layers", 7...Int64.max),
            "Its layers (more than the budget)."),
        StateProperty(
            "budget", { _ in AirFitApp.blurBudget }, .integer("layers", 6...6),
            "The budget: 6."),
    ]
}

/// The `sheetPresent` event.
struct SheetPresentEvent: TraceEventValue {
    static let kind = AirFitTraceKind.sheetPresent
    static let meaning = "`dashboard/card/performance` was tapped: the detail sheet springs up from 600 pt (C8)."

    static let fields: [StateProperty<SheetPresentEvent>] = [
        StateProperty(
            "sheet", { _ in "detail" }, .string(choices: ["detail"]),
            "The sheet: `detail`.")
    ]
}

/// The `sheetFlick` event.
struct SheetFlickEvent: TraceEventValue {
    static let kind = AirFitTraceKind.sheetFlick
    static let meaning =
        "The sheet started leaving with physics deceleration: a release at ≥ 800 pt/s down or past 35% (210 pt), "
        + "`ui.dismiss`, or the close button; not in minimal mode, where it leaves at once (C8)."
    var offset: Double
    var velocity: Double
    var durationMs: Double

    static let fields: [StateProperty<SheetFlickEvent>] = [
        StateProperty(
            "offset", \.offset, .number(unit: "pt", range: nil),
            "Where it starts, x₀ (pt below its rest)."),
        StateProperty(
            "velocity", \.velocity, .number(unit: "pt/s", range: nil),
            "The deceleration's start velocity v: the finger's (800 for a dismissal), raised to "
                + "(620 − x₀)/τ when too small to leave the screen."),
        StateProperty(
            "durationMs", \.durationMs, .number("ms", 0...1e15),
            "How long until x(t) = x₀ + v·τ·(1 − e^(−t/τ)) reaches 600 pt and `sheet.dismissed` follows."),
    ]
}

/// The `sheetSpringBack` event.
struct SheetSpringBackEvent: TraceEventValue {
    static let kind = AirFitTraceKind.sheetSpringBack
    static let meaning =
        "A release short of dismissing: the sheet springs back to 0 on the standard spring carrying the "
        + "finger's velocity; no haptic (C8)."
    var offset: Double
    var velocity: Double

    static let fields: [StateProperty<SheetSpringBackEvent>] = [
        StateProperty(
            "offset", \.offset, .number(unit: "pt", range: nil),
            "Where the finger left it."),
        StateProperty(
            "velocity", \.velocity, .number(unit: "pt/s", range: nil),
            "The finger's velocity (down positive)."),
    ]
}

/// The `sheetGrabbed` event.
struct SheetGrabbedEvent: TraceEventValue {
    static let kind = AirFitTraceKind.sheetGrabbed
    static let meaning =
        "A `ui.drag` caught the sheet while it was dismissing: the dismissal stopped (its timer cancelled) and "
        + "the sheet follows the finger (C8, P8)."
    var offset: Double

    static let fields: [StateProperty<SheetGrabbedEvent>] = [
        StateProperty(
            "offset", \.offset, .number(unit: "pt", range: nil),
            "Where the sheet was caught.")
    ]
}

/// The `sheetDismissed` event.
struct SheetDismissedEvent: TraceEventValue {
    static let kind = AirFitTraceKind.sheetDismissed
    static let meaning =
        "The sheet is gone (`sheet` is null): its deceleration reached 600 pt, or at once in "
        + "minimal mode (C8, F2)."

    static let fields: [StateProperty<SheetDismissedEvent>] = [
        StateProperty(
            "sheet", { _ in "detail" }, .string(choices: ["detail"]),
            "The sheet: `detail`.")
    ]
}
