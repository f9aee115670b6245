import ChoreoEngine
import ChoreoJSON
import ChoreoProtocol
import Testing

@testable import AirFit

/// A tour of everything AirFit does, checking after every step that the whole state tree, every trace event and
/// every haptic conform to AirFit's declarations (``AirFitApp/stateSchema``, ``AirFitApp/traceEvents``,
/// ``AirFitApp/hapticSources``), and at the end that every declaration was seen at least once.
@Suite struct SchemaTourTests {
    /// Declared state paths the tour does not require to be observed non-null, with the reason. Empty: the tour
    /// reaches every path.
    static let unobservedPaths: [String: String] = [:]

    @Test func everyStepConformsAndEveryDeclarationIsSeen() throws {
        let log = TourLog()
        for fps in [60, 120] {
            for mode in AnimationMode.allCases {
                var settings = Settings()
                settings.mode = mode
                var tour = try Tour("\(fps) fps, \(mode.rawValue)", log: log, fps: fps, settings: settings)
                try tour.walkEveryScreen()
                try tour.switchRoots()
                try tour.sheetGestures()
                try tour.parallax()
            }
        }
        for fps in [60, 120] {
            var tour = try Tour("\(fps) fps, settings changes", log: log, fps: fps)
            try tour.changeEverySetting()
        }
        try tourData(log: log)
        try tourWallClocks(log: log)

        let declared = StateShape.object(AirFitApp.stateSchema).declaredPaths(at: "")
        #expect(Set(Self.unobservedPaths.keys).subtracting(declared).sorted() == [], "exclusions must be declared")
        #expect(
            Set(Self.unobservedPaths.keys).intersection(log.paths).sorted() == [], "an exclusion the tour now sees")
        let unseen = declared.subtracting(log.paths).subtracting(Self.unobservedPaths.keys)
        #expect(unseen.sorted() == [], "declared state paths never observed non-null")
        #expect(
            Set(AirFitApp.traceEvents.map(\.kind)).subtracting(log.kinds).sorted() == [],
            "declared trace kinds never recorded")
        #expect(
            Set(AirFitApp.hapticSources.map(\.source)).subtracting(log.sources).sorted() == [],
            "declared haptic sources never played")
        for source in AirFitApp.hapticSources {
            #expect(Set(source.styles) == log.styles[source.source, default: []], "styles of \(source.source)")
        }
        // The ranges the declarations leave open, as the tour found them (see the schema's meanings).
        #expect(log.extremes["parallax", default: 0] > 4, "the parallax spring overshoots ±4 pt")
        #expect(log.extremes["sheet.above", default: 0] > 0, "the sheet's spring overshoots above its rest")
    }

    /// Under the default physics, `swiftui` (issue 15), the state still conforms at every step: every screen, the
    /// root switches, the sheet's gestures and the parallax, in full mode at both frame rates (the fluid and
    /// interpolating springs, the 2⁻²⁰ timing curves and removal on frames stay within the declared ranges).
    @Test func everyStepConformsUnderTheSwiftUIPhysics() throws {
        let log = TourLog()
        for fps in [60, 120] {
            var tour = try Tour("\(fps) fps, swiftui", log: log, fps: fps, physics: .swiftui)
            try tour.walkEveryScreen()
            try tour.switchRoots()
            try tour.sheetGestures()
            try tour.parallax()
        }
        #expect(log.extremes["parallax", default: 0] > 4, "the parallax spring overshoots ±4 pt")
        #expect(log.extremes["sheet.above", default: 0] > 0, "the sheet's spring overshoots above its rest")
    }

    @Test func stateKeysFollowTheFeaturesInTheirOrder() throws {
        #expect(
            AirFitApp.stateKeys == [
                "app", "navigation", "metricRing", "gradientNumber", "parallax", "sheet", "gradient", "screens",
                "screen", "flare", "mic",
            ])
        let sim = try Tour.simulation(SessionConfig.airfit())
        let keys = try #require(sim.state().objectValue).keys.sorted()
        #expect(keys == (AirFitApp.stateKeys + ["settings", "lab"]).sorted())
    }

    /// The check can fail: a declaration that contradicts the app, or a missing one, is reported with its path.
    @Test func aWrongDeclarationIsReported() throws {
        var sim = try Tour.simulation(SessionConfig.airfit())
        _ = try sim.perform(.tap(target: "onboarding/button/getStarted", point: nil))
        _ = try sim.advance(to: .milliseconds(150), maxEvents: 1000)  // radius 0.684643
        var wrong = AirFitApp.stateSchema.filter { $0.name != "mic" }
        let index = try #require(wrong.firstIndex { $0.name == "flare" })
        wrong[index] = StateField(
            "flare",
            .object([
                StateField("target", .text, ""), StateField("radius", .number("fraction", 0...0.5), ""),
                StateField("opacity", .fraction, ""),
            ]), "")
        let found = sim.schemaViolations(
            state: wrong, traceEvents: AirFitApp.traceEvents.filter { $0.kind != "navigation" },
            hapticSources: AirFitApp.hapticSources.map { source in
                HapticSource(source.source, source.source == "flareButton" ? [.soft] : source.styles, source.meaning)
            })
        #expect(found.contains("mic: not declared in the state schema"))
        #expect(found.contains { $0.hasPrefix("flare.radius: expected a number in 0.0...0.5, got 0.68") })
        #expect(found.contains { $0.hasPrefix("trace event `navigation`") })
        #expect(found.contains("haptic source `flareButton` played `rigid`, not declared for it"))
    }

    /// The reference renders a row for every declared path.
    @Test func theReferenceListsEveryDeclaredPath() {
        let markdown = StateReference.markdown(
            title: "State", intro: "",
            sections: [
                StateReference.Section(
                    title: "AirFit", intro: "", state: AirFitApp.stateSchema, traceEvents: AirFitApp.traceEvents,
                    hapticSources: AirFitApp.hapticSources)
            ])
        // An array's or a map's element that is an object has no row of its own: its fields have.
        for path in StateShape.object(AirFitApp.stateSchema).declaredPaths(at: "") where !path.hasSuffix(">") {
            #expect(markdown.contains("| `\(path)` |"), "\(path)")
        }
        for kind in AirFitApp.traceEvents { #expect(markdown.contains("| `\(kind.kind)` |")) }
        for source in AirFitApp.hapticSources { #expect(markdown.contains("| `\(source.source)` |")) }
    }

    /// A drag past the sheet's height (600 pt) and a release dismisses at once (issue 16, item 14): the events it
    /// records (`sheet.flick.durationMs` 0, `sheet.dismissed`) fit the declarations. Before the fix `durationMs` came
    /// out negative, or not finite (`null` on the wire) when the release was not moving.
    @Test func aReleasePastTheSheetsHeightDismissesNow() throws {
        for (y, velocity) in [(700.0, 1.0), (640.0, 0.0)] {
            var sim = try Tour.simulation(SessionConfig.airfit())
            _ = try sim.perform(.navigate(screen: "dashboard"))
            _ = try sim.perform(.tap(target: "dashboard/card/performance", point: nil))
            _ = try sim.settle(timeout: .milliseconds(5_000), maxEvents: 1_000)
            _ = try sim.perform(.drag(target: nil, x: nil, y: y, velocity: velocity))
            _ = try sim.perform(.release)
            let found = sim.schemaViolations(
                state: AirFitApp.stateSchema, traceEvents: AirFitApp.traceEvents,
                hapticSources: AirFitApp.hapticSources)
            #expect(found == [], "release at \(y) pt, \(velocity) pt/s")
            #expect(try #require(sim.model(AirFitApp.self)).sheet == nil, "release at \(y) pt, \(velocity) pt/s")
        }
    }

    // MARK: - Sessions with other data and other wall clocks

    func tourData(log: TourLog) throws {
        let datasets: [(String, [String: JSONValue])] = [
            ("12 chat messages", ["messages": .array((1...12).map { .string("Message \($0)") })]),
            ("5 chat messages", ["messages": ["a", "b", "c", "d", "e"]]),
            ("no chat messages", ["messages": []]),
            ("calories over the goal", ["calories": 3000, "calorieGoal": 2000]),
            ("no goal", ["calories": 500, "calorieGoal": 0]),
        ]
        for (fps, (name, data)) in zip([60, 120, 60, 120, 60], datasets) {
            var tour = try Tour(name, log: log, fps: fps, data: data)
            try tour.perform(.tap(target: "onboarding/button/getStarted", point: nil), "get started")
            try tour.watch(1400, every: 50)
            for button in ["chat", "workout"] {
                try tour.perform(.tap(target: "dashboard/button/\(button)", point: nil), "open \(button)")
                try tour.watch(700, every: 35)
                try tour.perform(.back, "back")
                try tour.settle()
            }
            try tour.perform(.tap(target: "dashboard/card/performance", point: nil), "present over dashboard")
            try tour.settle()
            try tour.perform(.navigate(screen: "chat"), "navigate refused under the sheet")
            try tour.perform(.dismiss, "dismiss")
            try tour.settle()
            try tour.perform(.navigate(screen: "chat"), "chat again: reported once per session")
            try tour.settle()
        }
    }

    func tourWallClocks(log: TourLog) throws {
        // 09:00Z (morning), 13:00Z (all day), 19:00Z (evening), and 09:00Z seen from UTC−3 (06:00, morning).
        let start = WallClock.default.epochMillisecondsAtStart
        let clocks: [(String, WallClock)] = [
            ("all day", WallClock(epochMillisecondsAtStart: start + 4 * 3_600_000, utcOffsetMinutes: 0)),
            ("evening", WallClock(epochMillisecondsAtStart: start + 10 * 3_600_000, utcOffsetMinutes: 0)),
            ("UTC-3", WallClock(epochMillisecondsAtStart: start, utcOffsetMinutes: -180)),
        ]
        for (index, (name, clock)) in clocks.enumerated() {
            var tour = try Tour(name, log: log, fps: index == 1 ? 120 : 60, wallClock: clock, seed: UInt64(index))
            // A day in steps of various lengths, navigating at each stop: every hour and pool.
            for step in 0..<30 {
                try tour.perform(
                    .navigate(screen: AirFitScreen.allCases[step % 6].rawValue), "navigate at step \(step)")
                try tour.advance(step % 3 == 0 ? 300 : 3_600_000 - 300 * Double(step % 2))
            }
            try tour.settle()
        }
    }
}

/// What the tour saw, across every session.
final class TourLog {
    var paths: Set<String> = []
    var kinds: Set<String> = []
    var sources: Set<String> = []
    var styles: [String: Set<HapticStyle>] = [:]
    /// The largest value seen of a few quantities the schema leaves without a range.
    var extremes: [String: Double] = [:]
    /// How many states were recorded.
    var checks = 0
    let shape = StateShape.object(AirFitApp.stateSchema)

    /// Records a state (`tree`, built once per check) and the trace events and haptics from the positions given on.
    func record(_ sim: Simulation, tree: JSONValue, traceAfter: Int, hapticsAfter: Int) {
        checks += 1
        paths.formUnion(shape.observedPaths(in: tree, at: ""))
        for event in sim.world.trace.events(afterSeq: traceAfter) { kinds.insert(event.kind) }
        for haptic in sim.world.haptics.after(hapticsAfter) {
            guard let source = AirFitApp.hapticSources.first(where: { $0.matches(haptic.source) }) else { continue }
            sources.insert(source.source)
            styles[source.source, default: []].insert(haptic.style)
        }
        func note(_ name: String, _ value: Double?) {
            guard let value else { return }
            extremes[name] = max(extremes[name] ?? -.infinity, value)
        }
        // The tour notes the extremes of what the state shows, for the ranges its schema declares (the JSON edge).
        let x = (try? sim.state(at: "parallax.x"))?.doubleValue.map(abs)
        let y = (try? sim.state(at: "parallax.y"))?.doubleValue.map(abs)
        note("parallax", max(x ?? 0, y ?? 0))
        note("sheet.above", (try? sim.state(at: "sheet.offset"))?.doubleValue.map { -$0 })
    }
}

extension SessionConfig {
    static func airfit(
        fps: Int = 60, settings: Settings = Settings(), data: [String: JSONValue] = [:],
        wallClock: WallClock = .default, seed: UInt64 = 4, physics: Physics = .ideal
    ) -> SessionConfig {
        var config = SessionConfig()
        config.physics = physics  // ideal unless asked: closed-form expectations
        config.app = AirFitApp.appName
        config.fps = fps
        config.settings = settings
        config.data = data
        config.wallClock = wallClock
        config.seed = seed
        return config
    }
}

/// One session of the tour: every step is checked against the declarations and logged.
struct Tour {
    var sim: Simulation
    let log: TourLog
    let label: String
    /// The trace events and haptics an earlier check has seen.
    var checkedTrace = 0
    var checkedHaptics = 0
    static let stateSchema = AirFitApp.stateSchema
    static let traceEvents = AirFitApp.traceEvents
    static let hapticSources = AirFitApp.hapticSources

    static func simulation(_ config: SessionConfig) throws -> Simulation {
        try Simulation(config: config, apps: AppRegistry([AirFitApp.self]))
    }

    init(
        _ label: String, log: TourLog, fps: Int = 60, settings: Settings = Settings(),
        data: [String: JSONValue] = [:], wallClock: WallClock = .default, seed: UInt64 = 4,
        physics: Physics = .ideal
    ) throws {
        self.label = label
        self.log = log
        sim = try Tour.simulation(
            .airfit(fps: fps, settings: settings, data: data, wallClock: wallClock, seed: seed, physics: physics))
        check("created")
    }

    /// Checks the session against the declarations now (the trace events and haptics it added since the last check)
    /// and logs what it shows.
    mutating func check(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let tree = sim.state()
        let found = sim.schemaViolations(
            state: Self.stateSchema, traceEvents: Self.traceEvents, hapticSources: Self.hapticSources, tree: tree,
            traceAfter: checkedTrace, hapticsAfter: checkedHaptics)
        #expect(found == [], "\(label), at \(sim.now.milliseconds) ms: \(step)", sourceLocation: sourceLocation)
        log.record(sim, tree: tree, traceAfter: checkedTrace, hapticsAfter: checkedHaptics)
        checkedTrace = sim.world.trace.recorded
        checkedHaptics = sim.world.haptics.recorded
        if log.checks % 3 == 0 { AnimationPathsCheck.compare(sim, sourceLocation: sourceLocation) }
    }

    @discardableResult
    mutating func perform(
        _ action: Action, _ step: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> JSONValue {
        let reply: JSONValue
        do {
            reply = try sim.perform(action)
        } catch {
            Issue.record("\(label), at \(sim.now.milliseconds) ms: \(step): \(error)", sourceLocation: sourceLocation)
            throw error
        }
        check(step, sourceLocation: sourceLocation)
        return reply
    }

    /// Advances by `ms` in one go.
    mutating func advance(_ ms: Double, sourceLocation: SourceLocation = #_sourceLocation) throws {
        _ = try sim.advance(to: sim.now + VirtualTime(seconds: ms / 1000), maxEvents: 10_000)
        check("advance \(ms) ms", sourceLocation: sourceLocation)
    }

    /// Advances by `ms` in steps of `every` ms, checking after each.
    mutating func watch(_ ms: Double, every: Double, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var elapsed = 0.0
        while elapsed < ms {
            let step = min(every, ms - elapsed)
            try advance(step, sourceLocation: sourceLocation)
            elapsed += step
        }
    }

    mutating func settle(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let outcome = try sim.settle(timeout: .milliseconds(10_000), maxEvents: 10_000)
        #expect(outcome.settled, "\(label): settles", sourceLocation: sourceLocation)
        check("settle", sourceLocation: sourceLocation)
    }

    mutating func change(_ step: String, _ edit: (inout Settings) -> Void) {
        var settings = sim.settings
        edit(&settings)
        sim.update(settings: settings)
        check(step)
    }

    // MARK: - Scripts

    /// Onboarding → dashboard → every pushed screen and back, the mic, both FlareButtons, a card tap.
    mutating func walkEveryScreen() throws {
        try watch(700, every: sim.world.frameDuration.milliseconds * 3)
        try perform(.back, "back at the root")
        try perform(.tap(target: "onboarding/button/getStarted", point: nil), "get started")
        try watch(1400, every: 20)
        try perform(.tap(target: "dashboard/card/nutrition", point: nil), "card tap")
        try perform(.tap(target: "dashboard/button/food", point: nil), "open food")
        try watch(300, every: 30)
        try perform(.tap(target: "foodVoiceInput/card/voice", point: nil), "voice card")
        try perform(.tap(target: "foodVoiceInput/mic/record", point: nil), "start recording")
        try watch(2_600, every: 45)
        try perform(.tap(target: "foodVoiceInput/mic/record", point: nil), "stop recording")
        try advance(50)
        try perform(.back, "back to dashboard")
        try advance(200)
        try perform(.tap(target: "dashboard/button/chat", point: nil), "chat mid-crossfade")
        try watch(700, every: 70)
        try perform(.tap(target: "chat/card/m3", point: nil), "chat bubble")
        try perform(.back, "back from chat")
        try advance(10)
        try perform(.tap(target: "dashboard/button/settings", point: nil), "open settings")
        try advance(1_000)
        try perform(.tap(target: "settings/card/units", point: nil), "units")
        try perform(.back, "back from settings")
        try settle()
        try perform(.tap(target: "dashboard/button/workout", point: nil), "open workout")
        try watch(600, every: 100)
        try perform(.tap(target: "workoutDetail/button/start", point: nil), "start workout flare")
        try watch(400, every: 25)
        try perform(.tap(target: "workoutDetail/card/sets", point: nil), "sets")
        try perform(.back, "back from workout")
        try perform(.back, "back to onboarding")
        try settle()
    }

    /// `ui.navigate` to every screen, some mid-crossfade.
    mutating func switchRoots() throws {
        for (index, screen) in AirFitScreen.allCases.map(\.rawValue).reversed().enumerated() {
            try perform(.navigate(screen: screen), "navigate to \(screen)")
            try advance([100, 300, 650][index % 3])
        }
        try settle()
    }

    /// The detail sheet: present, refuse what is under it, dismiss mid-presentation, grab, spring back (from
    /// below and above), a drag past 35%, a flick, the close button, a release moving up.
    mutating func sheetGestures() throws {
        try perform(.navigate(screen: "dashboard"), "dashboard")
        try settle()
        try perform(.drag(target: nil, x: nil, y: 40, velocity: 0), "drag without a sheet")
        try perform(.release, "release without a sheet")
        try perform(.dismiss, "dismiss without a sheet")
        try perform(.tap(target: "dashboard/card/performance", point: nil), "present")
        try watch(100, every: 20)
        try perform(.navigate(screen: "chat"), "navigate under the sheet")
        try perform(.back, "back under the sheet")
        #expect(throws: SimulationError.self) {
            try sim.perform(.tap(target: "dashboard/button/food", point: nil))
        }
        check("tap under the sheet")
        try perform(.dismiss, "dismiss mid-presentation")
        try watch(300, every: 30)
        try perform(.dismiss, "dismiss while dismissing")
        try perform(.drag(target: nil, x: nil, y: 100, velocity: 0), "grab while dismissing")
        try perform(.drag(target: nil, x: nil, y: 120, velocity: 200), "drag on")
        try perform(.release, "release below the threshold")
        try watch(1_400, every: 40)
        try perform(.release, "release with no finger down")
        try perform(.drag(target: nil, x: nil, y: -50, velocity: -100), "drag above the rest")
        try perform(.release, "release above the rest")
        try settle()
        try perform(.drag(target: nil, x: nil, y: 300, velocity: -100), "drag past 35%, moving up")
        try perform(.release, "release moving up")
        try watch(500, every: 50)
        try perform(.drag(target: nil, x: nil, y: 300, velocity: 0), "drag past 35%")
        try perform(.release, "release past 35%")
        try watch(1_800, every: 60)
        try perform(.tap(target: "dashboard/card/performance", point: nil), "present again")
        try settle()
        try perform(.drag(target: nil, x: nil, y: 50, velocity: 1500), "flick")
        try perform(.release, "release a flick")
        try watch(700, every: 25)
        try perform(.tap(target: "dashboard/card/performance", point: nil), "present a third time")
        try advance(50)
        try perform(.tap(target: AirFitApp.sheetCloseTarget, point: nil), "close button")
        try settle()
    }

    /// Device motion: still readings (within and past 20°), a retarget mid-spring, a moving device.
    mutating func parallax() throws {
        try perform(.deviceMotion(pitch: 10, roll: 30, rotationRate: 5), "tilt")
        try watch(200, every: 20)
        try perform(.deviceMotion(pitch: -40, roll: -30, rotationRate: nil), "tilt back mid-spring")
        try watch(1_400, every: 35)
        try perform(.deviceMotion(pitch: 0, roll: 0, rotationRate: 50), "moving device")
        try perform(.deviceMotion(pitch: 5, roll: -5, rotationRate: -10), "still again")
        try settle()
    }

    /// Every setting, changed mid-animation: Reduce Motion respected and not, the mode, transparency, contrast,
    /// every Dynamic Type size, VoiceOver, the colour scheme (mid-crossfade).
    mutating func changeEverySetting() throws {
        try perform(.tap(target: "onboarding/button/getStarted", point: nil), "get started")
        try advance(100)
        change("reduce motion (respected)") { $0.reduceMotion = true }
        try perform(.tap(target: "dashboard/button/food", point: nil), "open food in minimal")
        try perform(.tap(target: "foodVoiceInput/mic/record", point: nil), "record in minimal")
        try advance(700)
        change("reduce motion not respected") { $0.respectReduceMotion = false }
        try perform(.tap(target: "foodVoiceInput/mic/record", point: nil), "stop")
        try perform(.tap(target: "foodVoiceInput/mic/record", point: nil), "record in full")
        try advance(900)
        change("reduce motion respected again, mid-ripple") { $0.respectReduceMotion = true }
        try advance(400)
        change("reduce motion off") { $0.reduceMotion = false }
        try perform(.back, "back")
        try advance(150)
        change("dark mid-crossfade") { $0.colorScheme = .dark }
        try perform(.tap(target: "dashboard/button/settings", point: nil), "settings mid-crossfade, dark")
        try advance(120)
        change("reduced mid-transition") { $0.mode = .reduced }
        change("reduce transparency") { $0.reduceTransparency = true }
        change("high contrast") { $0.highContrast = true }
        for size in DynamicTypeSize.allCases {
            change("dynamic type \(size.rawValue)") { $0.dynamicType = size }
            try advance(30)
        }
        change("voice over") { $0.voiceOver = true }
        try perform(.back, "back with VoiceOver")
        try perform(.tap(target: "dashboard/card/performance", point: nil), "present")
        try advance(200)
        change("minimal with the sheet up") { $0.mode = .minimal }
        try perform(.drag(target: nil, x: nil, y: 400, velocity: 900), "flick in minimal")
        try perform(.release, "released: gone at once")
        change("full, light") {
            $0.mode = .full
            $0.colorScheme = .light
        }
        try perform(.tap(target: "dashboard/card/performance", point: nil), "present in full")
        try advance(500)
        change("minimal during the presentation") { $0.mode = .minimal }
        try perform(.dismiss, "dismiss in minimal")
        try perform(.deviceMotion(pitch: 20, roll: 20, rotationRate: 0), "tilt in minimal")
        try perform(.navigate(screen: "workoutDetail"), "workout in minimal")
        try perform(.tap(target: "workoutDetail/button/start", point: nil), "flare in minimal")
        change("all off") { $0 = Settings() }
        try settle()
    }
}
