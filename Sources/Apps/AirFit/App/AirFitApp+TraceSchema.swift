import ChoreoEngine

/// The trace events AirFit records and the haptic sources it plays, declared once for the state reference and the
/// schema tour (the engine declares its own: `navigation`'s and the sheet's animations appear as
/// `animation.started` with the sources `screenTransition`, `gradientManager`, `cascadeText`, `glassCard`,
/// `metricRing`, `parallaxContainer`, `flareButton`, `micRipple` and `dragDismissSheet`; the sheet's dismissal
/// timer as `timer` named `sheet.dismissed`).
extension AirFitApp {
    /// Every trace event kind AirFit records, with its fields.
    public static let traceEvents: [TraceEventKind] = [
        NavigationEvent.declaration,
        GradientAdvanceEvent.declaration,
        BlurBudgetExceededEvent.declaration,
        SheetPresentEvent.declaration,
        SheetFlickEvent.declaration,
        SheetSpringBackEvent.declaration,
        SheetGrabbedEvent.declaration,
        SheetDismissedEvent.declaration,
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
