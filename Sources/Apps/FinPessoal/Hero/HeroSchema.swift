import ChoreoEngine

/// The declared shape of `hero` and the hero transition's trace events and haptic (seed 000's
/// HeroTransitionCoordinator).
extension FinPessoalApp {
    static let heroField = StateField(
        "hero", HeroView.shape, "The HeroTransitionCoordinator (seed 000): one hero transition at a time.")

    static let heroTraceEvents: [TraceEventKind] = [
        HeroBeginTransitionEvent.declaration,
        HeroEndTransitionEvent.declaration,
        HeroRefusedEvent.declaration,
    ]

    static let heroHapticSources: [HapticSource] = [
        HapticSource("hero.beginTransition", [.light], "A hero link was tapped and its transition starts (seed 000).")
    ]
}
