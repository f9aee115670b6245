import ChoreoApps
import ChoreoEngine
import ChoreoJSON
import Testing

@testable import FinPessoal

/// Seed 003's skeletons, the loading-to-data reveal and PhysicsNumberCounter.
struct DashboardLoadingTests {
    static func transactions(_ count: Int) -> JSONValue {
        .array(
            (0..<count).map { i in
                ["id": .string("x\(i)"), "amount": -10, "date": "2026-01-05", "description": "Item"]
            })
    }

    @Test func aDefaultSessionStartsLoadedWithNothingMoving() throws {
        let h = try DashboardHarness()
        #expect(try h.dashboard.loading == false)
        #expect(try h.dashboard.phase == .loaded)
        #expect(try h.dashboard.skeletonsVisible == false)
        #expect(
            try h.dashboard.cards.first
                == CardView(id: .balance, visible: true, opacity: 1, offsetY: 0, revealsAt: nil))
        #expect(try h.chart.reveal.phase == .complete)
        #expect(!h.traceKinds.contains { $0.hasPrefix("dashboard.") || $0.hasPrefix("chart.") })
        #expect(
            !h.sim.world.timeline.records.contains { $0.path.hasPrefix("dashboard.") || $0.path.hasPrefix("chart.") })
    }

    @Test(arguments: [(1, 3), (4, 4), (5, 5), (8, 5)])
    func skeletonsShowOneRowPerTransactionBetweenThreeAndFive(_ count: Int, _ rows: Int) throws {
        let h = try DashboardHarness(data: ["loadOnStart": true, "transactions": Self.transactions(count)])
        let skeletons = try h.dashboard.skeletons
        #expect(try h.dashboard.skeletonsRows == rows)
        #expect(skeletons.count == 2 + rows)
        #expect(skeletons.at(0)?.kind == .balanceCard)
        #expect(skeletons.at(1)?.kind == .chart)
        #expect(skeletons.at(1)?.shimmerArea == "data")
        #expect(skeletons.at(2)?.kind == .transactionRow)
    }

    @Test func theShimmerSweepsFromMinusOneToOneOverOneAndAHalfSecondsAndRowsStartFiftyMillisecondsApart() throws {
        var h = try DashboardHarness(data: ["loadOnStart": true, "loadLatencyMs": 10_000])
        #expect(try h.dashboard.skeletonsStyle == .shimmer)
        for row in 0..<5 {
            #expect(try h.dashboard.skeletons.at(row + 2)?.startDelayMs == Double(50 * row))
        }
        try h.advance(375)
        let expected = -1 + 2 * Reference.easeInOut(0.25)
        #expect(abs(try #require(h.dashboard.skeletons.at(0)?.shimmerX) - expected) < 1e-9)
        for row in 0..<5 {
            let elapsed = 375 - 50 * Double(row)
            let x = try #require(h.dashboard.skeletons.at(row + 2)?.shimmerX)
            #expect(abs(x - (-1 + 2 * Reference.easeInOut(elapsed / 1500))) < 1e-9)
        }
        try h.advance(1500)  // one whole loop later, the same phase
        #expect(abs(try #require(h.dashboard.skeletons.at(0)?.shimmerX) - expected) < 1e-9)
        #expect(h.sim.runningReport(includeFinite: false).filter { $0["source"] == "skeleton.shimmer" }.count == 7)
    }

    @Test func theShimmerGradientIsSurfaceDividerSurfaceAndMutedInDarkMode() throws {
        var h = try DashboardHarness(data: ["loadOnStart": true])
        // The gradient is a constant of the state's declaration (no value of the model): read where it is spelt out.
        #expect(
            try h.state("dashboard.skeletons.gradient") == ["oldMoney.surface", "oldMoney.divider", "oldMoney.surface"])
        #expect(try h.dashboard.skeletonsMuted == false)
        var settings = h.sim.settings
        settings.colorScheme = .dark
        h.sim.update(settings: settings)
        #expect(try h.dashboard.skeletonsMuted == true)
        #expect(try h.dashboard.skeletonsStyle == .shimmer, "the colour scheme does not change the motion")
    }

    @Test func reducedModePulsesTheSkeletonsAndMinimalKeepsThemStill() throws {
        var reduced = try DashboardHarness(mode: .reduced, data: ["loadOnStart": true, "loadLatencyMs": 10_000])
        #expect(try reduced.dashboard.skeletonsStyle == .pulse)
        try reduced.advance(375)
        #expect(abs(try #require(reduced.dashboard.skeletons.at(0)).opacity - 0.8) < 1e-12)
        try reduced.advance(750)  // autoreversing: on the way back up
        #expect(abs(try #require(reduced.dashboard.skeletons.at(0)).opacity - 0.8) < 1e-12)
        try reduced.advance(375)
        #expect(abs(try #require(reduced.dashboard.skeletons.at(0)).opacity - 1) < 1e-12)
        var minimal = try DashboardHarness(mode: .minimal, data: ["loadOnStart": true, "loadLatencyMs": 10_000])
        #expect(try minimal.dashboard.skeletonsStyle == .still)
        try minimal.advance(400)
        #expect(try #require(minimal.dashboard.skeletons.at(0)).shimmerX == nil)
        #expect(try #require(minimal.dashboard.skeletons.at(0)).opacity == 1)
        #expect(
            !minimal.sim.runningReport(includeFinite: false).contains {
                $0["source"]?.stringValue?.hasPrefix("skeleton") == true
            })
    }

    @Test func dataArrivingFadesTheSkeletonsThenRevealsCardsAHundredMillisecondsApartWithCountingNumbers() throws {
        var h = try DashboardHarness(data: ["loadOnStart": true, "loadLatencyMs": 1000])
        #expect(try h.counter(.balance).value == 0)
        try h.advance(1000)
        #expect(try h.dashboard.phase == .revealing)
        #expect(try h.dashboard.cards.map(\.revealsAt) == [1200, 1300, 1400])
        try h.advance(100)
        #expect(abs(try h.dashboard.skeletonsOpacity - (1 - Reference.easeOut(0.5))) < 1e-9)
        try h.advance(100)
        #expect(try h.dashboard.skeletonsVisible == false)
        #expect(
            !h.sim.runningReport(includeFinite: false).contains {
                $0["source"]?.stringValue?.hasPrefix("skeleton") == true
            },
            "the shimmer loops stop with the skeletons")
        try h.advance(400)  // 1600: the balance card is 400 ms in, the chart 300, the transactions 200
        let slide = Reference.spring(from: 20, to: 0, response: 0.5, dampingFraction: 0.8, t: 0.4)
        #expect(abs(try #require(h.dashboard.cards.at(0)).offsetY - slide) < 1e-9)
        #expect(try #require(h.dashboard.cards.at(0)).opacity == 1)
        #expect(abs(try #require(h.dashboard.cards.at(2)).opacity - Reference.easeOut(0.8)) < 1e-9)
        let counted = Reference.spring(from: 0, to: 8050.75, response: 0.8, dampingFraction: 1, t: 0.4)
        #expect(abs(try h.counter(.balance).value - counted) < 1e-6)
        #expect(try h.counter(.monthlyIncome).target == 5200)
        #expect(try h.counter(.monthlyExpenses).target == 175.6)
        try h.settle()
        #expect(try h.dashboard.phase == .loaded)
        #expect(try h.counter(.balance).text == "$8,050.75")
        #expect(h.haptics.isEmpty, "the initial load plays no haptic")
    }

    @Test func minimalModeRevealsEverythingAtOnce() throws {
        var h = try DashboardHarness(mode: .minimal, data: ["loadOnStart": true, "loadLatencyMs": 1000])
        try h.advance(1000)
        #expect(try h.dashboard.skeletonsVisible == false)
        #expect(try h.dashboard.cards.map(\.opacity) == [1, 1, 1])
        #expect(try h.dashboard.cards.map(\.revealsAt) == [1000, 1000, 1000])
        #expect(try h.counter(.balance).value == 8050.75)
        #expect(try h.chart.reveal.phase == .complete)
    }

    @Test func appFinishLoadingEndsTheInitialLoad() throws {
        var h = try DashboardHarness(data: ["loadOnStart": true])
        #expect(try h.dashboard.loadEndsAt == 1200, "the default latency is 1200 ms")
        try h.advance(200)
        let result = try h.perform(.command(FinPessoalCommand.finishLoading(ok: true)))
        #expect(result["finished"] == true)
        #expect(try h.dashboard.lastLoad == LastLoadView(ok: true, at: 200))
        try h.advance(2000)
        #expect(try h.dashboard.loads == 1, "the latency timer was cancelled")
    }

    @Test func invalidLoadingDataIsRefusedNamingTheField() throws {
        for (key, value) in [
            ("loadLatencyMs", JSONValue.number(-1)), ("loadLatencyMs", "soon"), ("loadLatencyMs", 600_001),
            ("loadOnStart", "yes"), ("chartDays", 14), ("chartDays", 7.5),
        ] {
            var config = SessionConfig()
            config.physics = .ideal  // closed-form expectations
            config.data = [key: value]
            do {
                _ = try Simulation(config: config)
                Issue.record("data.\(key) = \(value.serialized()) was accepted")
            } catch {
                guard case .invalidValue(let parameter, _) = error else {
                    Issue.record("unexpected \(error)")
                    continue
                }
                #expect(parameter == "data.\(key)")
            }
        }
        let h = try DashboardHarness(data: ["loadLatencyMs": 0, "chartDays": 30, "loadOnStart": false])
        #expect(try h.app.data.loadLatencyMs == 0)
        #expect(try h.app.data.chartDays == 30)
    }

    @Test(arguments: [false, true])
    func theCountersHoldTheLastLoadAcrossMidnight(_ loadOnStart: Bool) throws {
        let clock = try #require(WallClock(iso8601: "2026-01-31T23:59:00Z"))
        var h = try DashboardHarness(
            mode: .minimal, data: ["loadOnStart": .bool(loadOnStart), "loadLatencyMs": 500], wallClock: clock)
        try h.settle()
        #expect(try h.counter(.monthlyIncome).value == 5200)
        try h.advance(60_001)
        #expect(try h.counter(.monthlyIncome).value == 5200)
        #expect(try h.counter(.monthlyIncome).target == 5200)
    }

    @Test func aFailedFirstLoadShowsNoNumbers() throws {
        var h = try DashboardHarness(mode: .minimal, data: ["loadOnStart": true])
        try h.perform(.command(FinPessoalCommand.finishLoading(ok: false)))
        #expect(try h.dashboard.error == "Couldn't load your data. Pull down to try again.")
        #expect(try h.counter(.balance).text == "—")
    }
}
