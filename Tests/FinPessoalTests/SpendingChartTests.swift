import ChoreoApps
import ChoreoEngine
import ChoreoJSON
import Testing

@testable import FinPessoal

/// Seed 003's SpendingTrendsChart: series, reveal, scrubbing, taps and VoiceOver texts.
struct SpendingChartTests {
    static let chart = "dashboard/chart"

    // MARK: Series

    @Test func theSevenDaySeriesSumsEachDaysSpendingUpToTheWallClocksToday() throws {
        let h = try DashboardHarness()
        let points = try h.chart.points.map(\.point)
        #expect(
            points.map(\.date) == [
                "2025-12-30", "2025-12-31", "2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04", "2026-01-05",
            ])
        #expect(points.map(\.value) == [120.4, 0, 54.9, 0, 30, 86.2, 4.5])
        #expect(points.at(3)?.transactions == [], "income is not spending")
        #expect(points.at(5)?.transactions == ["t3"])
        #expect(try h.chart.shown.maxValue == 120.4)
        #expect(try h.chart.range == 7)
        #expect(try h.chart.series["days30"]?.points.count == 30)
        #expect(try h.chart.series["days30"]?.points.first?.date == "2025-12-07")
    }

    @Test func todayMovesWithTheVirtualWallClockAcrossMidnight() throws {
        var h = try DashboardHarness(wallClock: WallClock(iso8601: "2026-01-05T23:59:59-03:00")!)
        #expect(try h.chart.shown.points.last?.date == "2026-01-05", "the session's time zone decides the date")
        try h.advance(2000)
        #expect(try h.chart.shown.points.last?.date == "2026-01-06")
        #expect(try h.chart.points.at(6)?.point.value == 0)
    }

    @Test func malformedOrMissingDatesAreNotSpending() throws {
        let h = try DashboardHarness(data: [
            "transactions": [
                ["id": "a", "amount": -10, "date": "2026-01-05T08:00:00Z"], ["id": "b", "amount": -5, "date": "Jan 5"],
                ["id": "c", "amount": -7],
            ]
        ])
        #expect(try h.chart.points.at(6)?.point.value == 10)
        #expect(try h.chart.shown.total == 10)
    }

    // MARK: VoiceOver and texts

    @Test func voiceOverReadsTheSummaryAndEachPoint() throws {
        let h = try DashboardHarness(
            data: ["transactions": [["id": "t", "amount": -234.5, "date": "2025-01-27"]]],
            wallClock: WallClock(iso8601: "2025-01-27T12:00:00Z")!)
        #expect(try h.chart.points.at(6)?.point.accessibilityLabel == "Monday, January 27, $234.50")
        #expect(try h.chart.shown.summary == "Spending chart, 7 days, trending up")
        let defaults = try DashboardHarness()
        #expect(try defaults.chart.shown.summary == "Spending chart, 7 days, trending down")
        #expect(try defaults.chart.shown.points.at(1)?.accessibilityLabel == "Wednesday, December 31, $0.00")
        let flat = try DashboardHarness(data: ["transactions": []])
        #expect(try flat.chart.shown.summary == "Spending chart, 7 days, holding steady")
        let month = try DashboardHarness(data: ["chartDays": 30])
        #expect(try month.chart.shown.summary == "Spending chart, 30 days, trending up")
    }

    @Test func moneyAndDatesReadTheUSWay() {
        #expect(CalendarText.money(1234.5) == "$1,234.50")
        #expect(CalendarText.money(1_234_567.891) == "$1,234,567.89")
        #expect(CalendarText.money(-4.5) == "-$4.50")
        #expect(CalendarText.money(0) == "$0.00")
        #expect(CalendarText.money(-0.001) == "$0.00")
        #expect(CalendarText.longDate(CalendarText.day(fromISODate: "2024-02-29")!) == "Thursday, February 29")
        #expect(CalendarText.day(fromISODate: "2024-13-01") == nil)
    }

    @Test func theTrendIsTheLeastSquaresChangeAgainstFivePercentOfTheMean() {
        func trend(_ values: [Double]) -> SpendingSeries.Trend {
            var series = SpendingSeries(days: values.count, endingOn: 0, data: FinData.defaults)
            series.points = values.enumerated().map {
                ChartDataPoint(day: $0.offset, value: $0.element, transactions: [])
            }
            return series.trend
        }
        #expect(trend([10, 10, 10, 10]) == .steady)
        #expect(trend([10, 10, 10, 10.5]) == .steady)
        #expect(trend([10, 12, 14, 16]) == .up)
        #expect(trend([16, 14, 12, 10]) == .down)
        #expect(trend([0, 0, 0]) == .steady)
    }

    // MARK: Reveal

    @Test func theRevealDrawsAxesGridLineAndPointsOnTheSeedsSchedule() throws {
        var h = try DashboardHarness(data: ["loadOnStart": true, "loadLatencyMs": 1000])
        #expect(try h.chart.reveal.phase == .hidden)
        try h.advance(1000)  // data at 1000; the chart's card (second) is revealed at 1000 + 200 + 100
        let start = 1300.0
        #expect(try h.chart.reveal.startedAt == start)
        #expect(try h.chart.reveal.phase == .pending)
        #expect(try h.chart.reveal.y.startsAt == start + 200)
        let grid = try h.chart.reveal.grid.map { $0.startsAt ?? 0 }
        #expect(grid == [1500, 1550, 1600, 1650])
        #expect(try h.chart.reveal.line.startsAt == start + 300)
        #expect(try h.chart.reveal.line.endsAt == start + 900)
        for i in 0..<7 {
            let f = Double(i) / 6
            var low = 0.0
            var high = 1.0
            for _ in 0..<100 {
                let mid = (low + high) / 2
                if Reference.easeInOut(mid) < f { low = mid } else { high = mid }
            }
            // The curve is flat at its ends, where the bisection cannot resolve it: the ends are 0 and 1 exactly.
            let reach = start + 300 + 600 * (i == 6 ? 1 : high)
            #expect(abs(try #require(h.chart.points.at(i)?.appearsAt) - (reach + 100)) < 1e-6)
        }
        #expect(
            try h.chart.points.at(3)?.appearsAt == start + 700,
            "the middle point: the line is half drawn at 600 ms")
        try h.advance(450)  // 150 ms in
        #expect(abs(try h.chart.reveal.x.trim - 0.5) < 1e-12)
        #expect(try h.chart.reveal.y.trim == 0)
        try h.advance(450)  // 600 ms in: the line is half drawn
        #expect(abs(try h.chart.reveal.line.trim - 0.5) < 1e-12)
        #expect(try h.chart.points.at(3)?.visible == false)
        #expect(try h.chart.points.at(1)?.visible == true)
        #expect(try h.chart.points.at(2)?.visible == false)
        try h.advance(300)  // 900 ms: the line is complete
        #expect(try h.chart.reveal.line.trim == 1)
        try h.settle()
        #expect(try h.chart.reveal.phase == .complete)
        #expect(try h.chart.points.allSatisfy { $0.scale == 1 } == true)
    }

    @Test(arguments: [AnimationMode.reduced, .minimal])
    func reducedAndMinimalDrawAStaticChartWithFadesOnly(_ mode: AnimationMode) throws {
        var h = try DashboardHarness(mode: mode, data: ["loadOnStart": true, "loadLatencyMs": 1000])
        try h.advance(1000)
        #expect(try h.chart.reveal.style == .still)
        #expect(try h.chart.reveal.line.trim == 1)
        #expect(try h.chart.points.at(0)?.scale == 1)
        #expect(try #require(h.chart.points.at(0)).appearsAt == nil)
        #expect(!h.sim.world.timeline.records.contains { $0.source == "chart.reveal" })
        try h.advance(400)
        let opacity = try h.chart.reveal.containerOpacity
        #expect(mode == .minimal ? opacity == 1 : abs(opacity - Reference.easeOut(0.4)) < 1e-9)
    }

    // MARK: Interaction

    @Test(arguments: AnimationMode.allCases)
    func scrubbingSnapsToPointsWithALightHapticThenSelectionOnEachChange(_ mode: AnimationMode) throws {
        var h = try DashboardHarness(mode: mode)
        let touched = try h.perform(.touch(target: Self.chart, x: 0.04))
        #expect(touched["index"] == 0)
        try h.advance(20)
        for x in [0.05, 0.2, 0.24, 0.5, 0.55, 0.92] {
            try h.perform(.drag(target: nil, x: x, y: nil, velocity: nil))
            try h.advance(20)
        }
        // indices 0, 1, 1, 3, 3, 6: a selection haptic at 40, 80 and 120 ms
        #expect(h.haptics == [.init(.light, 0), .init(.selection, 40), .init(.selection, 80), .init(.selection, 120)])
        try h.settle()
        #expect(try h.chart.scrubber.touch?.x == 0.92)
        #expect(try h.chart.scrubber.touch?.index == 6)
        #expect(try h.chart.points.at(6)?.scale == 1.2)
        #expect(try h.chart.points.at(3)?.scale == 1)
        // The callout's date and text, and the dim's constant end and opacity, are formatted or spelt out by the
        // state's declarations (the JSON edge): read there.
        #expect(try h.state("chart.callout.date") == "Jan 5")
        #expect(try h.state("chart.callout.text") == "$4.50")
        #expect(try h.state("chart.dim") == ["from": 0.92, "to": 1, "opacity": 0.5])
        let released = try h.release()
        #expect(released["released"] == true)
        try h.settle()
        #expect(try h.chart.scrubber.touch == nil)
        #expect(try h.chart.points.at(6)?.scale == 1)
        #expect(try h.chart.callout.opacity == 0)
        #expect(h.haptics.count == 4, "lifting the finger plays nothing")
    }

    @Test func theCalloutCountsToTheNewAmountWithACriticallyDampedSpring() throws {
        var h = try DashboardHarness()
        try h.perform(.touch(target: Self.chart, x: 0))
        try h.perform(.drag(target: nil, x: 1 / 6, y: nil, velocity: nil))  // 120.40 → 0
        try h.advance(100)
        let expected = Reference.spring(from: 120.4, to: 0, response: 0.3, dampingFraction: 1, t: 0.1)
        #expect(abs(try #require(h.chart.callout.shown?.value) - expected) < 1e-9)
        #expect(try h.chart.callout.shown?.point.value == 0)
    }

    @Test(arguments: AnimationMode.allCases)
    func tappingAPointPlaysMediumAndBouncesAndBurstsInFullModeOnly(_ mode: AnimationMode) throws {
        var h = try DashboardHarness(mode: mode)
        let result = try h.perform(.tap(target: Self.chart, point: 5))
        #expect(result["tapped"] == true)
        #expect(h.haptics == [.init(.medium, 0)])
        #expect(try h.chart.selected?.transactions.first?.id == "t3")
        try h.advance(100)
        let scale = try #require(h.chart.points.at(5)).scale
        if mode == .full {
            let up = Reference.spring(from: 1, to: 1.3, response: 0.25, dampingFraction: 0.5, t: 0.1)
            #expect(abs(scale - up) < 1e-9)
            #expect(try h.chart.burst?.particles.count == 12)
            // The colour is a constant of the state's declaration (no value of the model): read where it is spelt out.
            #expect(try h.state("chart.burst.color") == "gold")
        } else {
            #expect(scale == 1)
            #expect(try h.chart.burst == nil)
        }
        try h.advance(500)
        #expect(try h.chart.burst == nil, "the burst lasts 600 ms")
        try h.settle()
        #expect(try h.chart.points.at(5)?.scale == 1)
    }

    @Test func theBurstIsTheSameForTheSameSeed() throws {
        func burst(seed: UInt64) throws -> [ParticleView]? {
            var config = SessionConfig()
            config.physics = .ideal  // closed-form expectations
            config.seed = seed
            var sim = try Simulation(config: config)
            _ = try sim.perform(.tap(target: Self.chart, point: 1))
            let app = try #require(sim.model(FinPessoalApp.self))
            return app.chart.state(data: app.data, world: sim.world).burst?.particles
        }
        #expect(try burst(seed: 7) == burst(seed: 7))
        #expect(try burst(seed: 7) != burst(seed: 8))
    }

    @Test func theChartRefusesTouchesWhileLoadingAndOffTheDashboard() throws {
        var h = try DashboardHarness(data: ["loadOnStart": true])
        #expect(try h.perform(.touch(target: Self.chart, x: 0.5))["reason"] == "dashboardLoading")
        #expect(try h.perform(.tap(target: Self.chart, point: 1))["reason"] == "dashboardLoading")
        #expect(throws: SimulationError.self) { try h.perform(.tap(target: Self.chart, point: 7)) }
        #expect(try h.perform(.drag(target: nil, x: 0.5, y: nil, velocity: nil))["reason"] == "noFinger")
        try h.settle()
        try h.perform(.navigate(screen: "budgets"))
        #expect(throws: SimulationError.self) { try h.perform(.touch(target: Self.chart, x: 0.5)) }
        #expect(h.haptics.isEmpty)
    }

    @Test func theChartTakesNoTouchBeforeItsCardShowsAndNoTapOnAPointNotYetAppeared() throws {
        // Data at 1000 ms, the chart's card from 1300 (behavior.md C17); point 6 appears at 2300 (C18).
        var h = try DashboardHarness(data: ["loadOnStart": true, "loadLatencyMs": 1000])
        try h.advance(1100)
        #expect(try h.perform(.touch(target: Self.chart, x: 0.5))["reason"] == "chartNotVisible")
        #expect(try h.perform(.tap(target: Self.chart, point: 0))["reason"] == "chartNotVisible")
        try h.advance(300)
        let early = try h.perform(.tap(target: Self.chart, point: 6))
        #expect(early["reason"] == "pointNotReached")
        #expect(early["retryAfterMs"] == 901, "point 6 appears at 2300: the first whole ms after it is 901 ms away")
        #expect(try h.chart.selected == nil)
        #expect(h.haptics.isEmpty)
        try h.advance(1000)
        #expect(try h.perform(.tap(target: Self.chart, point: 6))["tapped"] == true)
        #expect(h.haptics == [.init(.medium, 2400)])
    }

    @Test func aRefreshHidesTheChartAndEndsATouch() throws {
        var h = try DashboardHarness()
        try h.perform(.touch(target: Self.chart, x: 0.5))
        try h.release()
        try h.pull(indicator: 60)
        try h.release()
        #expect(try h.chart.reveal.phase == .hidden)
        #expect(try h.chart.available == false)
        try h.settle()
        #expect(try h.chart.reveal.phase == .complete)
        #expect(try h.chart.available == true)
    }
}
