import ChoreoEngine

extension Celebration.Style: CaseIterable, StateChoice {
    static let allCases: [Celebration.Style] = [.refined, .minimal, .joyful]
}

extension Celebration.Haptic: CaseIterable, StateChoice {
    static let allCases: [Celebration.Haptic] = [.success, .achievement, .none]
}

/// The declared shape of `celebration`, `completedGoals`, `lastMilestone`, and the celebrations' trace events and
/// haptics (seeds 000 and 001).
extension FinPessoalApp {

    static let celebrationField = StateField(
        "celebration", CelebrationView.shape, "The celebration overlay and its queue (seeds 000 and 001).")

    static let completedGoalsField = StateField(
        "completedGoals", .array(.text),
        "The ids of goals at 100%, sorted: complete in the data at the start or completed by `app.contribute`; they never celebrate again (seed 001)."
    )

    static let lastMilestoneField = StateField(
        "lastMilestone", .number(moneyUnit, 0...10_000),
        "The highest savings milestone reached (0, 1000, 5000 or 10000), from `data.savings` at the start; kept when savings fall, so no milestone repeats (seed 001)."
    )

    /// The curve a refined 2 s celebration starts on `key` when it enters `phase`, per mode (nil: none): the
    /// model's own plan.
    static func celebrationCurve(_ phase: CelebrationPhase, _ key: PropertyKey) -> (AnimationMode) -> AnimationCurve? {
        { mode in
            let celebration = Celebration(
                occasion: .goal, source: .null, name: "", style: .refined, haptic: .success, duration: 2)
            return celebration.plan(mode: mode).steps.first { $0.phase == phase }?.animations
                .first { $0.key == key }?.curve
        }
    }
}

/// The celebration overlay and its queue (seeds 000 and 001): fade in, pulse and glow, the haptic pattern, fade out.
extension Feature<FinPessoalApp> {
    static var celebrations: Self {
        let seed000 = "seed 000"
        let view = CodeSite("CelebrationView")
        let curve = FinPessoalApp.celebrationCurve
        let gentle: (budget: MotionAudit.Budget, claim: String) = (
            .dampingFractionIn(0.7...0.8), "\(seed000): \"Springs: Gentle (damping 0.7-0.8)\""
        )
        return Feature(
            "celebrations",
            state: [StateProperty(FinPessoalApp.celebrationField) { $0.app.celebrations.state(world: $0.world) }],
            traceEvents: [
                CelebrationEnqueuedEvent.declaration, CelebrationStartedEvent.declaration,
                CelebrationCompletedEvent.declaration, GoalCompletedEvent.declaration,
                BudgetPeriodClosedEvent.declaration, MilestoneReachedEvent.declaration,
            ],
            haptics: [
                HapticDeclaration(
                    "celebration.success", [.light, .medium],
                    "A budget celebration's pattern: light, light, medium, 100 ms apart from the end of the fade-in.",
                    at: view, pattern: Celebration.Haptic.success.taps.map(\.style)),
                HapticDeclaration(
                    "celebration.achievement", [.light, .medium, .heavy],
                    "A goal or milestone celebration's crescendo: light, medium, heavy, 150 ms apart from the end of "
                        + "the fade-in.",
                    at: view, pattern: Celebration.Haptic.achievement.taps.map(\.style)),
            ],
            animations: [
                .byMode("celebrationFadeIn", curve(.fadeIn, .celebrationOpacity), at: view),
                .byMode(
                    "celebrationPulse", curve(.pulse, .celebrationScale),
                    at: CodeSite("CelebrationView", token: "AnimationEngine.adaptiveCelebration"),
                    audit: [
                        AuditClaim(
                            source: "\(seed000) AnimationEngine.celebrationPulse",
                            budgets: [
                                (.logicallyCompleteWithin(600), "\(seed000): \"Pulse (600ms)\""),
                                (
                                    .settlesWithin(600),
                                    "\(seed000): \"Pulse (600ms)\" read as the time the pulse comes to rest"
                                ),
                                gentle,
                            ])
                    ]),
                AnimationDeclaration(
                    "celebrationGlow", curves: [CodeAnchor.VariantCurve(.full, curve(.glow, .celebrationGlow)(.full))],
                    at: CodeSite("CelebrationView", token: "AnimationEngine.celebrationGlow"),
                    audit: [
                        AuditClaim(
                            source: "\(seed000) celebrationGlow",
                            budgets: [(.logicallyCompleteWithin(800), "\(seed000): \"Glow (800ms)\"")])
                    ]),
                .byMode(
                    "celebrationFade", curve(.fadeOut, .celebrationOpacity),
                    at: CodeSite("CelebrationView", token: "AnimationEngine.celebrationFade"),
                    audit: [
                        AuditClaim(
                            source: "\(seed000) celebrationFade",
                            budgets: [(.logicallyCompleteWithin(400), "\(seed000): \"Fade out (400ms)\"")])
                    ]),
            ],
            actionResults: [Contributed.self, BudgetPeriodClosed.self, SavingsSet.self])
    }

    /// What the app remembers of goals and savings so that nothing celebrates twice (seed 001).
    static var goals: Self {
        Feature(
            "goals",
            state: [
                StateProperty(FinPessoalApp.completedGoalsField) { $0.app.completedGoals.sorted() },
                StateProperty(FinPessoalApp.lastMilestoneField) { $0.app.lastMilestone },
            ])
    }
}
