import ChoreoEngine

/// The `celebrationEnqueued` event.
struct CelebrationEnqueuedEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.celebrationEnqueued
    static let meaning = "A trigger added a celebration to the queue (it starts now when nothing plays)."
    var celebration: Celebration

    static let fields = Celebration.fields.map { $0.reading(\CelebrationEnqueuedEvent.celebration) }
}

/// The `celebrationStarted` event.
struct CelebrationStartedEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.celebrationStarted
    static let meaning = "A celebration started playing (VoiceOver announces it when running)."

    var celebration: Celebration
    var endsAt: Double
    var mode: AnimationMode

    static let fields =
        Celebration.fields.map { $0.reading(\CelebrationStartedEvent.celebration) } + [
            StateProperty("endsAt", \.endsAt, .milliseconds, "When it ends."),
            StateProperty("mode", \.mode, .choice(AnimationMode.self), "The effective mode it plays in."),
        ]
}

/// The `celebrationCompleted` event.
struct CelebrationCompletedEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.celebrationCompleted
    static let meaning = "A celebration ended (onComplete); the next queued one starts."

    var celebration: Celebration

    static let fields = Celebration.fields.map { $0.reading(\CelebrationCompletedEvent.celebration) }
}

/// The `goalCompleted` event.
struct GoalCompletedEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.goalCompleted
    static let meaning = "`app.contribute` brought a goal to 100% for the first time."
    var goal: String

    static let fields: [StateProperty<GoalCompletedEvent>] = [
        StateProperty(
            "goal", \.goal, .text,
            "The goal's id.")
    ]
}

/// The `budgetPeriodClosed` event.
struct BudgetPeriodClosedEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.budgetPeriodClosed
    static let meaning =
        "A budget's period ended (its spending resets to 0): by `app.closeBudgetPeriod`, or because the wall clock crossed the end of its daily, weekly or monthly `period` (local midnight, Sunday 00:00, the 1st 00:00)."
    var budget: String
    var spent: Double
    var met: Bool
    var trigger: String
    var period: BudgetPeriod?

    static let fields: [StateProperty<BudgetPeriodClosedEvent>] = [
        StateProperty(
            "budget", \.budget, .text,
            "The budget's id."),
        StateProperty(
            "spent", \.spent, .number(FinPessoalApp.moneyUnit),
            "What was spent in the period."),
        StateProperty(
            "met", \.met, .bool,
            "Whether spending stayed at or under the limit (then it celebrates)."),
        StateProperty(
            "trigger", \.trigger, .string(choices: ["app.closeBudgetPeriod", "clock"]),
            "What ended it: the method, or the wall clock crossing the period's end."),
        StateProperty(
            "period", \.period, .choice(BudgetPeriod.self),
            "The budget's period.", presentWhen: "the wall clock ended it"),
    ]
}

/// The `milestoneReached` event.
struct MilestoneReachedEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.milestoneReached
    static let meaning = "`app.setSavings` crossed a savings milestone above the last one."
    var milestone: Double

    static let fields: [StateProperty<MilestoneReachedEvent>] = [
        StateProperty(
            "milestone", \.milestone, .number(FinPessoalApp.moneyUnit, 1000...10_000),
            "The highest milestone reached.")
    ]
}
