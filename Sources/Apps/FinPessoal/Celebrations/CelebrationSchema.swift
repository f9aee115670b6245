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
    /// A celebration as the queue, the trace and `celebration.current` describe it.
    static var celebrationSummaryFields: [StateField] { Celebration.fields.map(\.declaration) }

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

    static let celebrationTraceEvents: [TraceEventKind] = [
        CelebrationEnqueuedEvent.declaration,
        CelebrationStartedEvent.declaration,
        CelebrationCompletedEvent.declaration,
        GoalCompletedEvent.declaration,
        BudgetPeriodClosedEvent.declaration,
        MilestoneReachedEvent.declaration,
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
