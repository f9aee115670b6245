import ChoreoEngine
import ChoreoJSON

/// A budget's period (seed 001: "Budget period ends (daily/weekly/monthly check)"): it ends when the session's
/// virtual wall clock crosses its boundary in the app's time zone (the wall clock's UTC offset), and then closes
/// exactly as `app.closeBudgetPeriod` does.
enum BudgetPeriod: String, Sendable, Hashable, CaseIterable, StateChoice {
    /// Ends at every local midnight.
    case daily
    /// Ends at 00:00 on Sunday, the first day of the week (decision: the week of the en-US calendar the model's
    /// texts use, and of pt-BR, FinPessoal's own locale).
    case weekly
    /// Ends at 00:00 on the 1st of every month.
    case monthly

    static let dayMs: Int64 = 86_400_000

    /// The first end of this period strictly after `time`, as virtual time.
    func nextEnd(after time: VirtualTime, clock: WallClock) -> VirtualTime {
        let offsetMs = Int64(clock.utcOffsetMinutes) * 60_000
        // Whole local milliseconds at or before `time`: a boundary is a whole millisecond, so the next one after
        // the floor is the next one after `time` too.
        let ms = time.nanoseconds >= 0 ? time.nanoseconds / 1_000_000 : (time.nanoseconds - 999_999) / 1_000_000
        let localMs = clock.epochMillisecondsAtStart + ms + offsetMs
        let day = Int(
            localMs >= 0 ? localMs / BudgetPeriod.dayMs : (localMs - BudgetPeriod.dayMs + 1) / BudgetPeriod.dayMs)
        let endDay: Int
        switch self {
        case .daily:
            endDay = day + 1
        case .weekly:
            // 1970-01-01 was a Thursday: weekday 4 counting Sunday as 0.
            let weekday = ((day + 4) % 7 + 7) % 7
            endDay = day + 7 - weekday
        case .monthly:
            let date = WallClock.civil(fromDays: day)
            endDay =
                date.month == 12
                ? WallClock.daysFromCivil(year: date.year + 1, month: 1, day: 1)
                : WallClock.daysFromCivil(year: date.year, month: date.month + 1, day: 1)
        }
        let endLocalMs = Int64(endDay) * BudgetPeriod.dayMs
        return .milliseconds(endLocalMs - offsetMs - clock.epochMillisecondsAtStart)
    }
}

extension FinPessoalApp {
    /// Schedules the end of every budget whose `period` is daily, weekly or monthly (others end only by
    /// `app.closeBudgetPeriod`).
    mutating func startBudgetPeriods(world: inout World) {
        for budget in data.budgets {
            guard let period = budget.period.flatMap(BudgetPeriod.init(rawValue:)) else { continue }
            budgetPeriodEnds[budget.id] = period.nextEnd(after: world.now, clock: world.wallClock)
        }
        scheduleNextBudgetPeriodEnd(world: &world)
    }

    /// One timer, at the earliest pending end.
    mutating func scheduleNextBudgetPeriodEnd(world: inout World) {
        world.cancelTimer(FinTimer.budgetPeriodEnd)
        guard let next = budgetPeriodEnds.values.min() else { return }
        world.schedule(FinTimer.budgetPeriodEnd, after: next - world.now)
    }

    /// The wall clock crossed one or more budgets' boundaries: each closes, in the order of the budgets list, as
    /// `app.closeBudgetPeriod` would (celebrating at or under its limit), and its next end is scheduled.
    mutating func budgetPeriodsEnded(world: inout World) {
        for (index, budget) in data.budgets.enumerated() {
            guard let end = budgetPeriodEnds[budget.id], end <= world.now,
                let period = budget.period.flatMap(BudgetPeriod.init(rawValue:))
            else { continue }
            _ = closePeriod(ofBudgetAt: index, period: period, world: &world)
            budgetPeriodEnds[budget.id] = period.nextEnd(after: world.now, clock: world.wallClock)
        }
        scheduleNextBudgetPeriodEnd(world: &world)
    }
}
