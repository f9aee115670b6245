import ChoreoApps
import ChoreoEngine
import ChoreoJSON
import Testing

@testable import FinPessoal

/// FinPessoal's declared contract (``FinPessoalApp/stateSchema``, ``FinPessoalApp/traceEvents``,
/// ``FinPessoalApp/hapticSources``) checked by a tour of everything the app does: after every step the whole state
/// tree, trace and haptics must conform, and at the end every declaration must have been seen.
struct SchemaTourTests {
    /// Declared paths the tour does not observe non-null, each with the reason. Empty: the tour reaches them all.
    static let unobservedPaths: [String: String] = [:]

    @Test func theTourConformsToTheDeclarationsAndSeesEveryOne() throws {
        let log = TourLog()
        try Self.motionTours(log)
        try Self.everySetting(log)

        #expect(log.checks > 500, "the tour checked \(log.checks) states")
        let declared = StateShape.object(FinPessoalApp.stateSchema).declaredPaths(at: "")
        let unseen = declared.subtracting(log.observed).subtracting(Self.unobservedPaths.keys)
        #expect(unseen.sorted() == [], "declared state paths the tour never saw non-null")
        let stale = Self.unobservedPaths.keys.filter { log.observed.contains($0) || !declared.contains($0) }
        #expect(stale.sorted() == [], "exclusions that are observed after all, or not declared")
        let kinds = Set(FinPessoalApp.traceEvents.map(\.kind))
        #expect(kinds.subtracting(log.traceKinds).sorted() == [], "declared trace kinds the tour never recorded")
        let sources = FinPessoalApp.hapticSources.filter { source in
            !log.hapticSources.contains { source.matches($0) }
        }
        #expect(sources.map(\.source) == [], "declared haptic sources the tour never played")
    }

    /// Under the default physics, `swiftui` (issue 15), the state still conforms at every step of the screens,
    /// sheets and heroes, scroll, pull-to-refresh, dashboard, chart and celebration tours (fluid springs, 2⁻²⁰ timing curves, merging and
    /// combining, removal on frames stay within the declared ranges).
    @Test func theTourConformsUnderTheSwiftUIPhysics() throws {
        let log = TourLog()
        try TourSession.$physics.withValue(.swiftui) { try Self.motionTours(log) }
        #expect(log.checks > 100, "the tour checked \(log.checks) states")
    }

    /// Every part of the tour but the settings: screens, sheets and heroes, scroll, pull-to-refresh, the dashboard,
    /// the chart and the celebrations.
    static func motionTours(_ log: TourLog) throws {
        try screensSheetsAndHeroes(log)
        try scrollBlurAndParallax(log)
        try pullToRefresh(log)
        try dashboardStartModes(log)
        try chartInteractions(log)
        try celebrations(log)
        try transactions(log)
    }

    /// Transactions added, edited and deleted (issue 44 #9), the deleted one's detail shown mid-hero.
    static func transactions(_ log: TourLog) throws {
        for mode in modes {
            var s = try TourSession("transactions \(mode)", log: log, mode: mode)
            try s.act(
                .command(
                    FinPessoalCommand.addTransaction(["id": "t7", "amount": -24.4, "date": "2026-01-05"])))
            try s.advance(400, every: 100)
            try s.act(.command(FinPessoalCommand.editTransaction("t7", changes: ["amount": -124.4])))
            try s.advance(1000, every: 250)
            try s.act(.navigate(screen: "transactions"))
            try s.act(.tap(target: "transactions/row/t1", point: nil))
            try s.advance(100)
            try s.act(.command(FinPessoalCommand.deleteTransaction("t1")))
            try s.advance(800, every: 100)
        }
    }

    @Test func theStateKeysAreTheSchemasInTheirOrder() {
        #expect(
            FinPessoalApp.stateKeys == [
                "app", "navigation", "hero", "celebration", "gradients", "screens", "screen", "sheet", "sheets", "data",
                "refresh", "dashboard", "chart", "completedGoals", "lastMilestone",
            ])
    }

    @Test func aWrongDeclarationIsReported() throws {
        var s = try TourSession("wrong", log: TourLog())
        try s.act(.navigate(screen: "transactions"))
        try s.act(.tap(target: "transactions/row/t1", point: nil))
        try s.advance(100)
        // A top-level node left out, a range too narrow, an enum missing a value, a trace kind and a haptic missing.
        var schema = FinPessoalApp.stateSchema.filter { $0.name != "lastMilestone" }
        if let index = schema.firstIndex(where: { $0.name == "hero" }), case .object(var fields) = schema[index].shape,
            let progress = fields.firstIndex(where: { $0.name == "progress" })
        {
            fields[progress].shape = .number("fraction", 0...0.1)
            schema[index].shape = .object(fields)
        }
        if let index = schema.firstIndex(where: { $0.name == "app" }) { schema[index].shape = .string(choices: ["x"]) }
        let violations = s.sim.schemaViolations(
            state: schema, traceEvents: FinPessoalApp.traceEvents.filter { $0.kind != "sheet.present" },
            hapticSources: [])
        #expect(violations.contains("lastMilestone: not declared in the state schema"))
        #expect(violations.contains { $0.hasPrefix("hero.progress: expected a number in 0.0...0.1") })
        #expect(violations.contains { $0.hasPrefix("app: expected one of [\"x\"]") })
        #expect(violations.contains { $0.hasPrefix("trace event `sheet.present`") })
        #expect(violations.contains("haptic source `hero.beginTransition` is not declared"))
    }

    // MARK: The tour

    static let modes = AnimationMode.allCases

    /// Every screen, every sheet (mid-presentation and mid-dismissal, refused presents and dismissals), a stacked
    /// edit sheet dismissed while the detail below still presents, hero links of each kind forward and back
    /// mid-transition, a refused hero tap, in each mode.
    static func screensSheetsAndHeroes(_ log: TourLog) throws {
        for mode in modes {
            var s = try TourSession("screens \(mode)", log: log, mode: mode)
            for screen in FinScreen.navigation {
                try s.act(.navigate(screen: screen.rawValue))
                try s.advance(40)
            }
            try s.act(.navigate(screen: "reports"))
            try s.act(.tap(target: "reports/card/monthly", point: nil))
            try s.act(.back)
            for sheet in FinSheet.allCases {
                let item = sheet.itemType.flatMap { FinData.defaults.ids($0.list).first }
                try s.act(.present(sheet: sheet.rawValue, item: item))
                try s.advance(120, every: 40)
                try s.act(.navigate(screen: "goals"))
                try s.act(.present(sheet: "help", item: nil))
                try s.advance(500, every: 250)
                try s.act(.dismiss)
                try s.advance(60)
                try s.act(.dismiss)
                try s.advance(600, every: 200)
            }
            try s.act(.dismiss)
            // Sheets opened and closed by taps.
            try s.act(.navigate(screen: "settings"))
            try s.act(.tap(target: "settings/row/help", point: nil))
            try s.advance(600, every: 300)
            try s.act(.tap(target: "help/button/close", point: nil))
            try s.advance(600, every: 300)
            try s.act(.navigate(screen: "bills"))
            try s.act(.tap(target: "bills/row/bl1", point: nil))
            try s.advance(100)
            try s.act(.present(sheet: "addBill", item: nil))
            try s.advance(500)
            try s.act(.tap(target: "billDetail/button/close", point: nil))
            try s.settle()
            // A hero sheet, a refused second hero tap, an edit sheet stacked on it and dismissed while the detail
            // still presents, then the detail dismissed (the hero reverses).
            try s.act(.navigate(screen: "transactions"))
            try s.act(.tap(target: "transactions/row/t1", point: nil))
            try s.advance(50)
            try s.act(.tap(target: "transactions/row/t2", point: nil))
            try s.act(.tap(target: "transactionDetail/button/edit", point: nil))
            try s.advance(50)
            try s.act(.dismiss)
            try s.advance(100, every: 25)
            try s.act(.back)
            try s.act(.dismiss)
            try s.advance(600, every: 150)
            try s.act(.dismiss)
            try s.advance(150, every: 50)
            try s.settle()
            // A budget's hero sheet dismissed mid-transition.
            try s.act(.navigate(screen: "budgets"))
            try s.act(.tap(target: "budgets/card/b2", point: nil))
            try s.advance(80)
            try s.act(.dismiss)
            try s.advance(600, every: 100)
            // A goal's hero push popped mid-transition, then a whole push and pop.
            try s.act(.navigate(screen: "goals"))
            try s.act(.tap(target: "goals/card/g1", point: nil))
            try s.advance(60)
            try s.act(.back)
            try s.advance(500, every: 100)
            try s.act(.tap(target: "goals/card/g2", point: nil))
            try s.settle()
            try s.act(.scroll(screen: nil, y: 30))
            try s.advance(300)
            try s.act(.back)
            try s.advance(30)
            try s.settle()
        }
    }

    /// Scroll with the nav-bar blur and the once-per-frame parallax at 60 and 120 fps, in each mode and under
    /// Reduce Motion.
    static func scrollBlurAndParallax(_ log: TourLog) throws {
        for fps in [60, 120] {
            for mode in modes {
                var s = try TourSession("scroll \(fps) fps \(mode)", log: log, mode: mode, fps: fps)
                try s.act(.scroll(screen: nil, y: 4))
                try s.advance(3)
                try s.act(.scroll(screen: nil, y: 30))
                try s.advance(5)
                try s.act(.scroll(screen: "dashboard", y: 45))
                try s.advance(40, every: 4)
                try s.act(.scroll(screen: nil, y: 200))
                try s.advance(200, every: 50)
                try s.act(.navigate(screen: "transactions"))
                try s.act(.scroll(screen: nil, y: 120))
                try s.advance(10)
                try s.act(.scroll(screen: nil, y: -40))
                try s.advance(200, every: 40)
                try s.act(.scroll(screen: "goalDetail", y: 12))
                try s.advance(16)
                try s.update { $0.reduceMotion = true }
                try s.act(.scroll(screen: nil, y: 60))
                try s.advance(50)
                try s.update { $0.respectReduceMotion = false }
                try s.act(.scroll(screen: nil, y: 0))
                try s.advance(200, every: 50)
            }
        }
    }

    /// Pull-to-refresh in each mode: pulls below and above the thresholds, the pulse, unready and ready again, a
    /// cancelled release, a refresh that loads on its own, one that fails and one finished early; pulls refused
    /// scrolled down, off the dashboard and under a sheet.
    static func pullToRefresh(_ log: TourLog) throws {
        for mode in modes {
            var s = try TourSession("refresh \(mode)", log: log, mode: mode)
            try s.act(.pull(distance: 40))
            try s.advance(50)
            try s.act(.pull(distance: 72))
            try s.act(.pull(distance: 100))
            try s.act(.release)
            try s.advance(400, every: 100)
            try s.act(.release)
            try s.act(.pull(distance: 200))
            try s.advance(100, every: 50)
            try s.act(.pull(distance: 150))
            try s.advance(20)
            try s.act(.pull(distance: 400))
            try s.advance(200, every: 100)
            try s.act(.release)
            try s.advance(300, every: 100)
            try s.act(.pull(distance: 100))
            try s.advance(1000, every: 250)
            try s.advance(1000, every: 50)
            try s.settle()
            // A failed load.
            try s.act(.pull(distance: 400))
            try s.act(.release)
            try s.advance(200, every: 100)
            try s.act(.command(FinPessoalCommand.finishLoading(ok: false)))
            try s.advance(600, every: 100)
            try s.settle()
            // A load finished early.
            try s.act(.pull(distance: 400))
            try s.act(.release)
            try s.advance(100)
            try s.act(.command(FinPessoalCommand.finishLoading(ok: true)))
            try s.advance(1500, every: 150)
            try s.act(.command(FinPessoalCommand.finishLoading(ok: true)))
            // Refused pulls.
            try s.act(.scroll(screen: nil, y: 20))
            try s.act(.pull(distance: 100))
            try s.act(.scroll(screen: nil, y: 0))
            try s.act(.present(sheet: "help", item: nil))
            try s.act(.pull(distance: 100))
            try s.act(.dismiss)
            try s.settle()
            try s.act(.navigate(screen: "transactions"))
            try s.act(.pull(distance: 100))
            try s.act(.navigate(screen: "dashboard"))
            // A pull cancelled by a sheet: the indicator springs back, the release refreshes nothing.
            try s.act(.pull(distance: 200))
            try s.act(.present(sheet: "help", item: nil))
            try s.advance(100)
            try s.act(.release)
            try s.act(.dismiss)
            try s.settle()
        }
    }

    /// The dashboard's start modes from the data: loading at the start (with the latency ending it, finished
    /// early, failed, with a zero latency), modes changing while loading, both chart ranges.
    static func dashboardStartModes(_ log: TourLog) throws {
        for mode in modes {
            var s = try TourSession(
                "loadOnStart \(mode)", log: log, mode: mode, data: ["loadOnStart": true, "loadLatencyMs": 1500])
            try s.advance(400, every: 100)
            try s.act(.pull(distance: 200))
            try s.act(.touch(target: SpendingChart.target, x: 0.5))
            try s.act(.tap(target: SpendingChart.target, point: 2))
            try s.advance(1100, every: 275)
            try s.advance(1500, every: 60)
            try s.settle()
        }
        var s = try TourSession(
            "loadOnStart mode changes", log: log, data: ["loadOnStart": true, "loadLatencyMs": 3000, "chartDays": 30])
        try s.advance(200, every: 50)
        try s.update { $0.mode = .reduced }
        try s.advance(300, every: 100)
        try s.update { $0.mode = .minimal }
        try s.advance(100)
        try s.update { $0.mode = .full }
        try s.advance(200, every: 100)
        try s.act(.command(FinPessoalCommand.finishLoading(ok: true)))
        try s.advance(2000, every: 100)
        try s.settle()

        var failed = try TourSession(
            "loadOnStart failed", log: log, mode: .reduced, data: ["loadOnStart": true, "chartDays": 7])
        try failed.advance(300)
        try failed.act(.command(FinPessoalCommand.finishLoading(ok: false)))
        try failed.advance(1000, every: 200)
        try failed.act(.command(FinPessoalCommand.finishLoading(ok: false)))

        var instant = try TourSession(
            "loadOnStart latency 0", log: log, data: ["loadOnStart": true, "loadLatencyMs": 0])
        try instant.advance(0)
        try instant.advance(1500, every: 150)
    }

    /// The chart in each mode: touch, drag to another point and within one, release, taps with the burst (full
    /// mode) and without, refused drags and releases; the 30-day range.
    static func chartInteractions(_ log: TourLog) throws {
        for mode in modes {
            var s = try TourSession("chart \(mode)", log: log, mode: mode)
            try s.act(.drag(target: SpendingChart.target, x: 0.5, y: nil, velocity: nil))
            try s.act(.touch(target: SpendingChart.target, x: 0.1))
            try s.advance(40, every: 10)
            try s.act(.drag(target: SpendingChart.target, x: 0.5, y: nil, velocity: nil))
            try s.advance(40, every: 10)
            try s.act(.drag(target: nil, x: 0.52, y: nil, velocity: 200))
            try s.advance(100, every: 25)
            try s.act(.drag(target: SpendingChart.target, x: 1, y: nil, velocity: nil))
            try s.act(.release)
            try s.advance(200, every: 50)
            try s.act(.release)
            try s.act(.tap(target: SpendingChart.target, point: 6))
            try s.advance(50)
            try s.act(.tap(target: SpendingChart.target, point: 4))
            try s.advance(700, every: 100)
            try s.act(.touch(target: SpendingChart.target, x: 0.9))
            try s.act(.tap(target: SpendingChart.target, point: 5))
            try s.advance(80)
            // A refresh after a touch: the release lifts the finger from the chart first, the next one ends the pull;
            // the chart hides while loading and is revealed again.
            try s.act(.release)
            try s.act(.pull(distance: 400))
            try s.act(.release)
            try s.advance(3000, every: 150)
            try s.settle()
        }
        var s = try TourSession("chart 30 days", log: log, data: ["chartDays": 30])
        try s.act(.touch(target: SpendingChart.target, x: 0.9))
        try s.act(.drag(target: SpendingChart.target, x: 0.3, y: nil, velocity: nil))
        try s.advance(60, every: 20)
        try s.act(.release)
        try s.act(.tap(target: SpendingChart.target, point: 29))
        try s.advance(700, every: 140)
    }

    /// Budgets for the celebrations: the defaults plus one over its limit.
    static let budgetsWithOneOver: JSONValue = [
        ["id": "b1", "name": "Groceries", "limit": 800, "spent": 520, "period": "monthly"],
        ["id": "b2", "name": "Dining", "limit": 300, "spent": 285, "period": "monthly"],
        ["id": "b3", "name": "Transport", "limit": 200, "spent": 90, "period": "monthly"],
        ["id": "b4", "name": "Shopping", "limit": 100, "spent": 150, "period": "monthly"],
    ]

    /// Celebrations in each mode: a goal completed, budget periods closed under and over the limit, savings
    /// milestones, a queue of several with settings changing while they play, gradients appearing and going.
    static func celebrations(_ log: TourLog) throws {
        for mode in modes {
            var s = try TourSession("celebrations \(mode)", log: log, mode: mode, data: ["budgets": budgetsWithOneOver])
            try s.act(.command(FinPessoalCommand.contribute(goal: "g3", amount: 50)))
            try s.advance(2200, every: 100)
            try s.act(.command(FinPessoalCommand.contribute(goal: "g3", amount: 10)))
            try s.act(.command(FinPessoalCommand.closeBudgetPeriod(budget: "b4")))
            try s.act(.command(FinPessoalCommand.closeBudgetPeriod(budget: "b2")))
            try s.advance(1600, every: 200)
            try s.act(.command(FinPessoalCommand.setSavings(amount: 5200)))
            try s.advance(300, every: 75)
            try s.act(.command(FinPessoalCommand.setSavings(amount: 4000)))
            try s.act(.command(FinPessoalCommand.setSavings(amount: 12000)))
            try s.advance(2500, every: 250)
            // A queue of three, with settings changing while they play.
            try s.act(.command(FinPessoalCommand.contribute(goal: "g2", amount: 3000)))
            try s.act(.command(FinPessoalCommand.contribute(goal: "g1", amount: 1500)))
            try s.act(.command(FinPessoalCommand.closeBudgetPeriod(budget: "b1")))
            try s.act(.command(FinPessoalCommand.contribute(goal: "g2", amount: 900)))
            try s.advance(50)
            try s.update {
                $0.highContrast = true
                $0.voiceOver = true
                $0.dynamicType = .accessibility5
            }
            try s.advance(500, every: 125)
            try s.update { $0.mode = mode == .full ? .reduced : .full }
            try s.advance(7000, every: 350)
            try s.settle()
        }
        var s = try TourSession("celebrations under Reduce Motion", log: log)
        try s.update {
            $0.reduceMotion = true
            $0.dynamicType = .xSmall
        }
        try s.act(.command(FinPessoalCommand.setSavings(amount: 5000)))
        try s.act(.command(FinPessoalCommand.closeBudgetPeriod(budget: "b3")))
        try s.advance(1200, every: 100)
    }

    /// Every setting changed in turn over an open sheet, a loading dashboard and running gradients, with the lab
    /// used once.
    static func everySetting(_ log: TourLog) throws {
        var s = try TourSession("settings", log: log, data: ["loadOnStart": true, "loadLatencyMs": 8000])
        try s.act(.present(sheet: "addTransaction", item: nil))
        try s.advance(600, every: 200)
        for mode in [AnimationMode.reduced, .minimal, .full] {
            try s.update { $0.mode = mode }
            try s.advance(120, every: 40)
        }
        try s.update { $0.reduceMotion = true }
        try s.advance(200)
        try s.update { $0.respectReduceMotion = false }
        try s.advance(30)
        try s.update { $0.respectReduceMotion = true }
        try s.update { $0.reduceMotion = false }
        try s.update { $0.reduceTransparency = true }
        try s.advance(70)
        try s.update { $0.highContrast = true }
        for size in DynamicTypeSize.allCases {
            try s.update { $0.dynamicType = size }
            try s.advance(25)
        }
        try s.update { $0.voiceOver = true }
        try s.update { $0.colorScheme = .dark }
        try s.advance(400, every: 100)
        try s.act(.dismiss)
        try s.act(.navigate(screen: "transactions"))
        try s.update { $0.mode = .reduced }
        try s.advance(1000, every: 250)
        try s.lab(.set(name: "probe", value: 2))
        try s.lab(.haptic(.soft))
        try s.lab(.timer(name: "ping", after: .milliseconds(30), haptic: .rigid))
        try s.lab(.announce("Tour"))
        try s.advance(100, every: 50)
        try s.update { $0 = Settings() }
        try s.advance(8000, every: 1000)
    }
}

/// What the tour has seen so far, over all its sessions.
final class TourLog {
    var observed: Set<String> = []
    var traceKinds: Set<String> = []
    var hapticSources: Set<String> = []
    var checks = 0
}

/// One session of the tour: every step is checked against the declarations and what it shows is logged.
struct TourSession {
    static let schema = StateShape.object(FinPessoalApp.stateSchema)

    /// The physics of the sessions the tour creates: `ideal` (closed-form expectations) unless a test asks.
    @TaskLocal static var physics: Physics = .ideal

    var sim: Simulation
    let log: TourLog
    let name: String
    /// The trace events and haptics an earlier check has seen.
    var checkedTrace = 0
    var checkedHaptics = 0

    init(
        _ name: String, log: TourLog, mode: AnimationMode = .full, fps: Int = 60, data: [String: JSONValue] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var config = SessionConfig()
        config.physics = Self.physics
        config.settings.mode = mode
        config.fps = fps
        config.data = data
        sim = try Simulation(config: config)
        self.log = log
        self.name = name
        check("created", sourceLocation: sourceLocation)
    }

    static let stateSchema = FinPessoalApp.stateSchema
    static let traceEvents = FinPessoalApp.traceEvents
    static let hapticSources = FinPessoalApp.hapticSources

    /// Checks the session against the declarations now (the trace events and haptics it added since the last check)
    /// and logs what it shows.
    mutating func check(_ step: String, sourceLocation: SourceLocation) {
        let tree = sim.state()
        let violations = sim.schemaViolations(
            state: Self.stateSchema, traceEvents: Self.traceEvents, hapticSources: Self.hapticSources, tree: tree,
            traceAfter: checkedTrace, hapticsAfter: checkedHaptics)
        #expect(violations == [], "\(name): \(step) at \(sim.now.milliseconds) ms", sourceLocation: sourceLocation)
        log.checks += 1
        if log.checks % 4 == 0 { AnimationPathsCheck.compare(sim, sourceLocation: sourceLocation) }
        log.observed.formUnion(Self.schema.observedPaths(in: tree, at: ""))
        for event in sim.world.trace.events(afterSeq: checkedTrace) { log.traceKinds.insert(event.kind) }
        for haptic in sim.world.haptics.after(checkedHaptics) { log.hapticSources.insert(haptic.source) }
        checkedTrace = sim.world.trace.recorded
        checkedHaptics = sim.world.haptics.recorded
    }

    @discardableResult
    mutating func act(_ action: Action, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
        let result = try sim.perform(action)
        check("\(action.methodName) → \(result.serialized())", sourceLocation: sourceLocation)
        return result
    }

    mutating func lab(_ request: Lab.Request, sourceLocation: SourceLocation = #_sourceLocation) throws {
        _ = try sim.perform(request)
        check("lab \(request)", sourceLocation: sourceLocation)
    }

    /// Advances `ms` milliseconds, checking every `every` ms on the way and at the end.
    mutating func advance(_ ms: Int64, every: Int64? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let end = sim.now + .milliseconds(ms)
        let step = VirtualTime.milliseconds(max(every ?? ms, 1))
        repeat {
            let next = min(sim.now + step, end)
            _ = try sim.advance(to: next, maxEvents: 1_000_000)
            check("advanced", sourceLocation: sourceLocation)
        } while sim.now < end
    }

    mutating func settle(sourceLocation: SourceLocation = #_sourceLocation) throws {
        _ = try sim.settle(timeout: .milliseconds(60_000), maxEvents: 1_000_000)
        check("settled", sourceLocation: sourceLocation)
    }

    mutating func update(
        _ change: (inout Settings) -> Void, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var settings = sim.settings
        change(&settings)
        sim.update(settings: settings)
        check("settings → \(settings.json.serialized())", sourceLocation: sourceLocation)
    }
}
