import ChoreoEngine

/// The declared shape of `gradients` and the overlays' trace events (seeds 000 and 001's GradientAnimationView).
extension FinPessoalApp {
    static let gradientsField = StateField(
        "gradients", .map(key: "target", GradientView.shape),
        "The animated gradient overlays shown now, by element target: `dashboard/card/premium` always, `goals/card/ID` above 80% saved, `budgets/card/ID` above 90% spent."
    )

    static let gradientTraceEvents: [TraceEventKind] = [
        GradientAddedEvent.declaration,
        GradientRemovedEvent.declaration,
    ]
}
