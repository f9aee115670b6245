import ChoreoEngine
import ChoreoJSON

extension FinPessoalApp {
    /// Savings milestones (seed 001: $1k, $5k, $10k).
    static let milestones: [Double] = [1000, 5000, 10000]

    /// The highest milestone at or below an amount (0 below the first).
    static func milestone(atOrBelow amount: Double) -> Double {
        milestones.last { $0 <= amount } ?? 0
    }

    /// What an id parameter must be: one of `ids`, named, or, when the session has none, how to get one.
    static func idOf(_ item: String, _ given: String, among ids: [String]) -> String {
        guard !ids.isEmpty else {
            return "the id of a \(item), but this session has no \(item)s ('\(given)' is none): create one with "
                + "session.create {data: {\(item)s: [{id, …}]}}"
        }
        return "the id of a \(item): \(ids.joined(separator: ", ")) ('\(given)' is none)"
    }

    /// Goal contributions, budget periods and savings milestones (seed 001).
    mutating func apply(_ command: FinPessoalCommand, world: inout World) throws(SimulationError) -> any ActionResult {
        switch command {
        case .finishLoading(let ok):
            return finishDashboardLoad(ok: ok, world: &world)
        case .contribute(let goal, let amount):
            return try contribute(goal: goal, amount: amount, world: &world)
        case .closeBudgetPeriod(let budget):
            return try closeBudgetPeriod(budget, world: &world)
        case .setSavings(let amount):
            return setSavings(amount, world: &world)
        case .addTransaction(let fields):
            return try addTransaction(fields, world: &world)
        case .editTransaction(let id, let changes):
            return try editTransaction(id, changes: changes, world: &world)
        case .deleteTransaction(let id):
            return try deleteTransaction(id, world: &world)
        }
    }

    /// Adds to a goal. Reaching 100% marks it complete and celebrates it once (refined, achievement, 2 s); a goal
    /// already complete never celebrates again. Contributions move money already counted in total savings, so
    /// they do not change it (decision).
    mutating func contribute(goal: String, amount: Double, world: inout World) throws(SimulationError)
        -> any ActionResult
    {
        guard let index = data.goals.index(id: goal) else {
            // A parameter of the command, not a target on some screen: named as such, with the valid ids.
            throw .invalidValue(parameter: "goal", expected: FinPessoalApp.idOf("goal", goal, among: data.goals.ids))
        }
        let target = data.goals[index].target ?? 0
        let before = data.goals[index].saved ?? 0
        let saved = before + amount
        guard saved >= 0 else {
            // A negative amount is a withdrawal; a goal cannot hold less than nothing (behavior.md CT1).
            throw .invalidValue(
                parameter: "amount",
                expected: "at least \(JSONValue.number(-before).serialized()): a withdrawal cannot take goal '\(goal)' "
                    + "below 0 (it has \(JSONValue.number(before).serialized()) saved)")
        }
        // Stored as reported (12 significant digits), as `state.get data` shows it and the next contribution reads it.
        data.goals[index].saved = JSONValue.reported(saved)
        let progress = target > 0 ? saved / target : 0
        var celebrated = false
        if progress >= 1, !completedGoals.contains(goal) {
            completedGoals.insert(goal)
            celebrated = true
            let name = data.goals[index].label
            world.record(GoalCompletedEvent(goal: goal))
            celebrations.enqueue(
                Celebration(
                    occasion: .goal, source: .string(goal), name: name, style: .refined, haptic: .achievement,
                    duration: 2),
                world: &world)
        }
        syncGradients(world: &world)
        return Contributed(goal: goal, saved: saved, progress: progress, celebrated: celebrated)
    }

    /// Ends a budget's period: spending at or under the limit celebrates (minimal, success, 1.5 s); the next period
    /// starts with nothing spent (decision), so every period that ends under its limit celebrates.
    mutating func closeBudgetPeriod(_ budget: String, world: inout World) throws(SimulationError) -> any ActionResult {
        guard let index = data.budgets.index(id: budget) else {
            throw .invalidValue(
                parameter: "budget", expected: FinPessoalApp.idOf("budget", budget, among: data.budgets.ids))
        }
        return closePeriod(ofBudgetAt: index, period: nil, world: &world)
    }

    /// Closes the period of the budget at `index`: by `app.closeBudgetPeriod` (`period` nil) or because the wall
    /// clock crossed the end of its `period`. The same rules either way.
    mutating func closePeriod(ofBudgetAt index: Int, period: BudgetPeriod?, world: inout World) -> any ActionResult {
        let budget = data.budgets[index].id
        let spent = data.budgets[index].spent ?? 0
        let limit = data.budgets[index].limit ?? 0
        let met = spent <= limit
        world.record(
            BudgetPeriodClosedEvent(
                budget: budget, spent: spent, met: met, trigger: period == nil ? "app.closeBudgetPeriod" : "clock",
                period: period))
        if met {
            celebrations.enqueue(
                Celebration(
                    occasion: .budget, source: .string(budget), name: data.budgets[index].label, style: .minimal,
                    haptic: .success, duration: 1.5), world: &world)
        }
        data.budgets[index].spent = 0
        syncGradients(world: &world)
        return BudgetPeriodClosed(budget: budget, spent: spent, limit: limit, met: met, celebrated: met)
    }

    /// Sets total savings and checks the milestones. Crossing one celebrates it once (refined, achievement, 2 s);
    /// the last milestone is kept, so falling back and crossing again does not repeat. A jump over several
    /// milestones celebrates only the highest one reached (decision: one moment, not a burst).
    mutating func setSavings(_ amount: Double, world: inout World) -> any ActionResult {
        let before = data.savings
        data.savings = amount
        let reached = FinPessoalApp.milestone(atOrBelow: amount)
        var celebrated: Double?
        if reached > lastMilestone {
            lastMilestone = reached
            celebrated = reached
            world.record(MilestoneReachedEvent(milestone: reached))
            celebrations.enqueue(
                Celebration(
                    occasion: .milestone, source: .number(reached), name: FinCatalog.wholeMoney(reached),
                    style: .refined, haptic: .achievement, duration: 2), world: &world)
        }
        return SavingsSet(savings: amount, previous: before, lastMilestone: lastMilestone, celebrated: celebrated)
    }
}
