import ChoreoEngine

/// The trace events AirFit records and the haptic sources it plays, declared once for the state reference and the
/// schema tour (the engine declares its own: `navigation`'s and the sheet's animations appear as
/// `animation.started` with the sources `screenTransition`, `gradientManager`, `cascadeText`, `glassCard`,
/// `metricRing`, `parallaxContainer`, `flareButton`, `micRipple` and `dragDismissSheet`; the sheet's dismissal
/// timer as `timer` named `sheet.dismissed`).
extension AirFitApp {
    /// Every trace event kind AirFit records, with its fields.
    public static let traceEvents: [TraceEventKind] = [
        TraceEventKind(
            AirFitTraceKind.navigation,
            "A navigation: `ui.navigate`, a navigation button, a FlareButton that navigates, or `ui.back` (N2, G9).",
            fields: [
                StateField("from", screenChoice, "The screen shown before."),
                StateField("to", screenChoice, "The screen shown now."),
            ]),
        TraceEventKind(
            AirFitTraceKind.gradientAdvance,
            "GradientManager.advance() on a navigation: a new token from the hour's pool, never the current one "
                + "(G5, G9).",
            fields: [
                StateField("from", .choice(GradientToken.self), "The token that was active (now `gradient.previous`)."),
                StateField("to", .choice(GradientToken.self), "The new active token."),
            ]),
        TraceEventKind(
            AirFitTraceKind.blurBudgetExceeded,
            "A screen with more than 6 `.ultraThinMaterial` layers appeared; once per screen per session (B1).",
            fields: [
                StateField("screen", screenChoice, "The screen, e.g. `chat` with 8 messages."),
                StateField("layers", .integer("layers", 7...Int64.max), "Its layers (more than the budget)."),
                StateField("budget", .integer("layers", 6...6), "The budget: 6."),
            ]),
        TraceEventKind(
            AirFitTraceKind.sheetPresent,
            "`dashboard/card/performance` was tapped: the detail sheet springs up from 600 pt (C8).",
            fields: [StateField("sheet", .string(choices: ["detail"]), "The sheet: `detail`.")]),
        TraceEventKind(
            AirFitTraceKind.sheetFlick,
            "The sheet started leaving with physics deceleration: a release at ≥ 800 pt/s down or past 35% (210 pt), "
                + "`ui.dismiss`, or the close button; not in minimal mode, where it leaves at once (C8).",
            fields: [
                StateField("offset", .number(unit: "pt", range: nil), "Where it starts, x₀ (pt below its rest)."),
                StateField(
                    "velocity", .number(unit: "pt/s", range: nil),
                    "The deceleration's start velocity v: the finger's (800 for a dismissal), raised to "
                        + "(620 − x₀)/τ when too small to leave the screen."),
                StateField(
                    "durationMs", .number("ms", 0...1e15),
                    "How long until x(t) = x₀ + v·τ·(1 − e^(−t/τ)) reaches 600 pt and `sheet.dismissed` follows."),
            ]),
        TraceEventKind(
            AirFitTraceKind.sheetSpringBack,
            "A release short of dismissing: the sheet springs back to 0 on the standard spring carrying the "
                + "finger's velocity; no haptic (C8).",
            fields: [
                StateField("offset", .number(unit: "pt", range: nil), "Where the finger left it."),
                StateField("velocity", .number(unit: "pt/s", range: nil), "The finger's velocity (down positive)."),
            ]),
        TraceEventKind(
            AirFitTraceKind.sheetGrabbed,
            "A `ui.drag` caught the sheet while it was dismissing: the dismissal stopped (its timer cancelled) and "
                + "the sheet follows the finger (C8, P8).",
            fields: [StateField("offset", .number(unit: "pt", range: nil), "Where the sheet was caught.")]),
        TraceEventKind(
            AirFitTraceKind.sheetDismissed,
            "The sheet is gone (`sheet` is null): its deceleration reached 600 pt, or at once in "
                + "minimal mode (C8, F2).",
            fields: [StateField("sheet", .string(choices: ["detail"]), "The sheet: `detail`.")]),
    ]

    /// Every haptic source AirFit plays (seed 004's haptic hierarchy, H1).
    public static let hapticSources: [HapticSource] = [
        HapticSource(
            "tap", [.soft], "A glass card was tapped, the card that presents the sheet included (minor interaction)."),
        HapticSource(
            "navigation", [.medium],
            "Every navigation: `ui.navigate`, a navigation button, `ui.back`, and a FlareButton that navigates (after "
                + "its rigid)."),
        HapticSource("flareButton", [.rigid], "A FlareButton was pressed (primary action)."),
        HapticSource("micRipple", [.rigid], "The mic was tapped, to start or to stop recording."),
        HapticSource(
            "dragDismissSheet", [.medium],
            "The sheet started its dismissal (flick, drag past 35%, `ui.dismiss`, close button; at once in minimal "
                + "mode)."),
    ]
}
