import ChoreoEngine

extension Celebration.Style: CaseIterable {
    static let allCases: [Celebration.Style] = [.refined, .minimal, .joyful]
}

extension Celebration.Haptic: CaseIterable {
    static let allCases: [Celebration.Haptic] = [.success, .achievement, .none]
}

/// The declared shape of `celebration`, `completedGoals`, `lastMilestone`, and the celebrations' trace events and
/// haptics (seeds 000 and 001).
extension FinPessoalApp {
    /// A celebration as the queue, the trace and `celebration.current` describe it.
    static let celebrationSummaryFields: [StateField] = [
        StateField(
            "kind", .string(choices: ["goal", "budget", "milestone"]),
            "What triggered it: a goal reaching 100% (`app.contribute`), a budget period closed at or under its limit (`app.closeBudgetPeriod`), savings crossing a milestone (`app.setSavings`)."
        ),
        StateField(
            "source", .any("the goal or budget id (a string), or the milestone amount (a number)"),
            "The goal or budget id, or the milestone's amount."),
        StateField(
            "name", .text,
            "The goal's or budget's name, or the milestone as `$5,000`; used in the VoiceOver announcement."),
        StateField(
            "style", .choice(Celebration.Style.self),
            "refined (goals, milestones: pulse and glow) or minimal (budgets: check mark only); joyful is never triggered."
        ),
        StateField(
            "haptic", .choice(Celebration.Haptic.self),
            "achievement (light, medium, heavy, 150 ms apart: goals, milestones) or success (light, light, medium, 100 ms apart: budgets)."
        ),
        StateField(
            "duration", .number("s", 1.5...2),
            "The requested duration: 2 s (goals, milestones), 1.5 s (budgets); scales the choreography in full mode only."
        ),
    ]

    static let celebrationField =
        StateField(
            "celebration",
            .object([
                StateField(
                    "current",
                    .nullable(
                        .object(
                            celebrationSummaryFields + [
                                StateField(
                                    "phase", .choice(CelebrationPhase.self),
                                    "fadeIn → pulse → glow → fadeOut in full mode (hold instead of pulse and glow for the minimal style); reduced: fadeIn, pulse, fadeOut; minimal mode: fadeIn, fadeOut."
                                ),
                                StateField(
                                    "opacity", .fraction, "The overlay's opacity: fades in, then out before `endsAt`."),
                                StateField(
                                    "scale", .number("multiplier"),
                                    "The pulse toward 1.05: spring(0.6 × f, 0.7) in full mode (overshoots to about 1.0523), 200 ms ease-out in reduced; 1 in minimal mode and for the minimal style."
                                ),
                                StateField(
                                    "glowOpacity", .number("fraction", 0...0.5),
                                    "The gold glow: to 0.3 (0.5 with High Contrast) ease-in-out in the glow phase, full mode and refined only. High Contrast is read when the state is: switching it mid-celebration moves the glow at once to the other value on the same curve."
                                ),
                                StateField(
                                    "glowRadius", .number("pt", 0...20),
                                    "20 for a refined celebration playing in full mode, else 0."),
                                StateField(
                                    "shimmer", .fraction, "The joyful style's shimmer sweep (0 for the other styles)."),
                                StateField(
                                    "checkmarkSize", .number("pt", 42...84),
                                    "The check mark's size from `settings.dynamicType`: 42 (xSmall) … 60 (large) … 84 (xxxLarge and the accessibility sizes); follows at once."
                                ),
                                StateField("startedAt", .milliseconds, "When it started."),
                                StateField(
                                    "endsAt", .milliseconds,
                                    "When it ends: + duration in full mode, + 800 ms reduced, + 400 ms minimal."),
                                StateField(
                                    "mode", .choice(AnimationMode.self),
                                    "The effective mode when it started; a mode change mid-celebration does not change it."
                                ),
                                StateField(
                                    "accessibilityHidden", .bool, "Always true: the animation is decorative (seed 000)."
                                ),
                                StateField(
                                    "accessibilityLabel", .string(choices: ["Success"]), "Always `Success`."),
                            ]), whenNull: "no celebration is playing"),
                    "The CelebrationView playing now, every value exact at the current virtual time."),
                StateField(
                    "queue", .array(.object(celebrationSummaryFields)),
                    "Celebrations waiting, first in first out; the next starts when the current one ends (seed 001)."),
                StateField(
                    "completed", .integer("celebrations", 0...Int64.max), "How many celebrations have finished."),
            ]), "The celebration overlay and its queue (seeds 000 and 001).")

    static let goalAndMilestoneFields: [StateField] = [
        StateField(
            "completedGoals", .array(.text),
            "The ids of goals at 100%, sorted: complete in the data at the start or completed by `app.contribute`; they never celebrate again (seed 001)."
        ),
        StateField(
            "lastMilestone", .number(moneyUnit, 0...10_000),
            "The highest savings milestone reached (0, 1000, 5000 or 10000), from `data.savings` at the start; kept when savings fall, so no milestone repeats (seed 001)."
        ),
    ]

    static let celebrationTraceEvents: [TraceEventKind] = [
        TraceEventKind(
            FinPessoalTraceKind.celebrationEnqueued,
            "A trigger added a celebration to the queue (it starts now when nothing plays).",
            fields: celebrationSummaryFields),
        TraceEventKind(
            FinPessoalTraceKind.celebrationStarted,
            "A celebration started playing (VoiceOver announces it when running).",
            fields: celebrationSummaryFields + [
                StateField("endsAt", .milliseconds, "When it ends."),
                StateField("mode", .choice(AnimationMode.self), "The effective mode it plays in."),
            ]),
        TraceEventKind(
            FinPessoalTraceKind.celebrationCompleted, "A celebration ended (onComplete); the next queued one starts.",
            fields: celebrationSummaryFields),
        TraceEventKind(
            FinPessoalTraceKind.goalCompleted, "`app.contribute` brought a goal to 100% for the first time.",
            fields: [StateField("goal", .text, "The goal's id.")]),
        TraceEventKind(
            FinPessoalTraceKind.budgetPeriodClosed,
            "A budget's period ended (its spending resets to 0): by `app.closeBudgetPeriod`, or because the wall clock crossed the end of its daily, weekly or monthly `period` (local midnight, Sunday 00:00, the 1st 00:00).",
            fields: [
                StateField("budget", .text, "The budget's id."),
                StateField("spent", .number(moneyUnit), "What was spent in the period."),
                StateField("met", .bool, "Whether spending stayed at or under the limit (then it celebrates)."),
                StateField(
                    "trigger", .string(choices: ["app.closeBudgetPeriod", "clock"]),
                    "What ended it: the method, or the wall clock crossing the period's end."),
                StateField(
                    "period", .string(choices: ["daily", "weekly", "monthly"]), "The budget's period.",
                    presentWhen: "the wall clock ended it"),
            ]),
        TraceEventKind(
            FinPessoalTraceKind.milestoneReached, "`app.setSavings` crossed a savings milestone above the last one.",
            fields: [StateField("milestone", .number(moneyUnit, 1000...10_000), "The highest milestone reached.")]),
    ]

    static let celebrationHapticSources: [HapticSource] = [
        HapticSource(
            "celebration.success", [.light, .medium],
            "A budget celebration's pattern: light, light, medium, 100 ms apart from the end of the fade-in."),
        HapticSource(
            "celebration.achievement", [.light, .medium, .heavy],
            "A goal or milestone celebration's crescendo: light, medium, heavy, 150 ms apart from the end of the fade-in."
        ),
    ]
}
