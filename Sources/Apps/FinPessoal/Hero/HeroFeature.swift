import ChoreoEngine

/// The hero transition (seed 000's HeroTransitionCoordinator): one at a time, a light haptic as it begins, the
/// adaptive spring per mode.
extension Feature<FinPessoalApp> {
    static var hero: Self {
        let seed000 = "seed 000"
        return Feature(
            "hero",
            state: [StateProperty(FinPessoalApp.heroField) { $0.app.heroState(world: $0.world) }],
            traceEvents: [
                HeroBeginTransitionEvent.declaration, HeroEndTransitionEvent.declaration, HeroRefusedEvent.declaration,
            ],
            haptics: [
                HapticDeclaration(
                    "hero.beginTransition", [.light], "A hero link was tapped and its transition starts (seed 000).",
                    at: CodeSite("HeroTransitionCoordinator", member: "beginTransition"))
            ],
            animations: [
                .byMode(
                    "heroTransition", ModeTiming.hero,
                    at: CodeSite("HeroTransitionLink", token: "AnimationEngine.adaptiveHeroTransition"),
                    audit: [
                        AuditClaim(
                            source: "\(seed000) AnimationEngine.heroTransition",
                            budgets: [
                                (
                                    .logicallyCompleteWithin(400),
                                    "\(seed000): \"400ms spring animation (response: 0.4, damping: 0.8)\""
                                ),
                                (
                                    .settlesWithin(400),
                                    "\(seed000): \"400ms spring animation\" read as the time the card comes to rest"
                                ),
                                (.dampingFractionIn(0.7...0.8), "\(seed000): \"Springs: Gentle (damping 0.7-0.8)\""),
                            ]),
                        AuditClaim(
                            .reduced, source: "\(seed000) mode table",
                            budgets: [(.logicallyCompleteWithin(250), "\(seed000): \"Simple scale (250ms)\"")]),
                        AuditClaim(
                            .minimal, source: "\(seed000) mode table",
                            budgets: [(.logicallyCompleteWithin(100), "\(seed000): \"Instant crossfade (100ms)\"")]),
                    ])
            ],
            actionResults: [HeroStarted.self], refusalReasons: [.heroTransitionRunning])
    }
}

extension FinPessoalApp {
    static let heroField = StateField(
        "hero", HeroView.shape, "The HeroTransitionCoordinator (seed 000): one hero transition at a time.")
}
