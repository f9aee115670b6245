import ChoreoEngine
import Testing

@testable import FinPessoal

/// Budget periods end by the wall clock (seed 001 "Budget period ends (daily/weekly/monthly check)"): local
/// midnight, Sunday 00:00, the 1st at 00:00, in the wall clock's time zone. Expected values worked out by hand from
/// the calendar, not from the model.
struct BudgetPeriodTests {
    static func clock(_ text: String) -> WallClock { WallClock(iso8601: text)! }
    static let day: Int64 = 86_400_000

    @Test func aYearEndsAtLocalMidnightInAPositiveOffset() {
        // 2026-12-31 is a Thursday; 30 minutes to midnight in +05:30.
        let clock = Self.clock("2026-12-31T23:30:00+05:30")
        #expect(BudgetPeriod.daily.nextEnd(after: .zero, clock: clock) == .milliseconds(1_800_000))
        #expect(BudgetPeriod.monthly.nextEnd(after: .zero, clock: clock) == .milliseconds(1_800_000))
        // Sunday 2027-01-03 00:00.
        #expect(BudgetPeriod.weekly.nextEnd(after: .zero, clock: clock) == .milliseconds(1_800_000 + 2 * Self.day))
    }

    @Test func februaryOfALeapYearHas29Days() {
        let clock = Self.clock("2028-02-28T12:00:00Z")
        #expect(BudgetPeriod.daily.nextEnd(after: .zero, clock: clock) == .milliseconds(43_200_000))
        #expect(BudgetPeriod.monthly.nextEnd(after: .zero, clock: clock) == .milliseconds(43_200_000 + Self.day))
        let common = Self.clock("2026-02-28T12:00:00Z")
        #expect(BudgetPeriod.monthly.nextEnd(after: .zero, clock: common) == .milliseconds(43_200_000))
    }

    @Test func anEndIsStrictlyAfterTheGivenTime() {
        // 2026-01-04 is a Sunday: a session starting exactly at a boundary is at the start of a period.
        let clock = Self.clock("2026-01-04T00:00:00Z")
        #expect(BudgetPeriod.daily.nextEnd(after: .zero, clock: clock) == .milliseconds(Self.day))
        #expect(BudgetPeriod.weekly.nextEnd(after: .zero, clock: clock) == .milliseconds(7 * Self.day))
        #expect(BudgetPeriod.monthly.nextEnd(after: .zero, clock: clock) == .milliseconds(28 * Self.day))
        #expect(
            BudgetPeriod.weekly.nextEnd(after: .milliseconds(7 * Self.day), clock: clock)
                == .milliseconds(14 * Self.day))
    }

    @Test func theAppsTimeZoneDecidesNotUTC() {
        // 20:59 at −03:00 is 23:59Z: UTC midnight comes after a minute, the local one after 3 h 1 min.
        let clock = Self.clock("2026-04-29T20:59:00-03:00")
        #expect(BudgetPeriod.daily.nextEnd(after: .zero, clock: clock) == .milliseconds(10_860_000))
        #expect(
            BudgetPeriod.daily.nextEnd(after: VirtualTime(nanoseconds: 10_859_999_999_999), clock: clock)
                == .milliseconds(10_860_000))
        #expect(
            BudgetPeriod.daily.nextEnd(after: .milliseconds(10_860_000), clock: clock)
                == .milliseconds(10_860_000 + Self.day))
        // Wednesday → Sunday 2026-05-03; April → May 1st.
        #expect(
            BudgetPeriod.weekly.nextEnd(after: .zero, clock: clock) == .milliseconds(10_860_000 + 3 * Self.day))
        #expect(
            BudgetPeriod.monthly.nextEnd(after: .zero, clock: clock) == .milliseconds(10_860_000 + Self.day))
    }
}
