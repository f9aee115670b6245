import ChoreoEngine

/// The declared shape of `gradients` and the overlays' trace events (seeds 000 and 001's GradientAnimationView).
extension FinPessoalApp {
    static let gradientsField = StateField(
        "gradients", .map(key: "target", GradientView.shape),
        "The animated gradient overlays shown now, by element target: `dashboard/card/premium` always, `goals/card/ID` above 80% saved, `budgets/card/ID` above 90% spent."
    )
}

/// The animated gradient overlays (seed 000's gradientShift), on while their card is on screen.
extension Feature<FinPessoalApp> {
    static var gradients: Self {
        Feature(
            "gradients",
            state: [StateProperty(FinPessoalApp.gradientsField) { $0.app.gradients.state(world: $0.world) }],
            traceEvents: [GradientAddedEvent.declaration, GradientRemovedEvent.declaration],
            animations: [
                .byMode(
                    "gradientShift",
                    { mode in
                        GradientOverlays.loopDuration(3, mode: mode).map {
                            AnimationCurve.linear($0).repeatingForever(autoreverses: false)
                        }
                    }, at: CodeSite("GradientAnimationModifier", token: "AnimationEngine.gradientShift"),
                    audit: [AuditClaim(source: "seed 000 AnimationEngine.gradientShift")])
            ])
    }
}
