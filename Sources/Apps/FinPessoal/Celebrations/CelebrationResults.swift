import ChoreoEngine

/// `app.contribute`: a goal after the contribution.
struct Contributed: ActionResult {
    var goal: String
    var saved: Double
    var progress: Double
    var celebrated: Bool
    static let answers = ["app.contribute"]
    static let summary = "The goal after the contribution."
    static let fields: [StateProperty<Contributed>] = [
        StateProperty("goal", \.goal, .text, "The goal id."),
        StateProperty(
            "saved", \.saved, .number(FinPessoalApp.moneyUnit), "The goal's saved amount after the contribution."),
        StateProperty(
            "progress", \.progress, .number("fraction"), "saved / target after the contribution (1 = 100%)."),
        StateProperty(
            "celebrated", \.celebrated, .bool,
            "Whether this contribution completed the goal and enqueued its celebration (refined, achievement, 2 s). "
                + "A goal already complete never celebrates again."),
    ]
}

/// `app.closeBudgetPeriod`: the period that ended.
struct BudgetPeriodClosed: ActionResult {
    var budget: String
    var spent: Double
    var limit: Double
    var met: Bool
    var celebrated: Bool
    static let answers = ["app.closeBudgetPeriod"]
    static let summary = "The budget's period ended; the next starts with nothing spent."
    static let fields: [StateProperty<BudgetPeriodClosed>] = [
        StateProperty("budget", \.budget, .text, "The budget id."),
        StateProperty(
            "spent", \.spent, .number(FinPessoalApp.moneyUnit),
            "What the period that ended spent (the next period starts at 0)."),
        StateProperty("limit", \.limit, .number(FinPessoalApp.moneyUnit), "The budget's limit."),
        StateProperty("met", \.met, .bool, "spent <= limit."),
        StateProperty(
            "celebrated", \.celebrated, .bool,
            "Whether a celebration (minimal, success, 1.5 s) was enqueued: the same as met."),
    ]
}

/// `app.setSavings`: total savings and the milestones.
struct SavingsSet: ActionResult {
    var savings: Double
    var previous: Double
    var lastMilestone: Double
    var celebrated: Double?
    static let answers = ["app.setSavings"]
    static let summary = "Total savings now, and the milestone this call celebrated."
    static let fields: [StateProperty<SavingsSet>] = [
        StateProperty("savings", \.savings, .number(FinPessoalApp.moneyUnit), "Total savings now."),
        StateProperty("previous", \.previous, .number(FinPessoalApp.moneyUnit), "Total savings before the call."),
        StateProperty(
            "lastMilestone", \.lastMilestone, .number(FinPessoalApp.moneyUnit, 0...10_000),
            "The highest milestone ever reached (0: none; then 1000, 5000 or 10000); it never goes down."),
        StateProperty(
            "celebrated", \.celebrated,
            .nullable(.number(FinPessoalApp.moneyUnit, 1000...10_000), whenNull: "no milestone was crossed"),
            "The milestone this call celebrated (only the highest one when several are crossed at once), or null."),
    ]
}
