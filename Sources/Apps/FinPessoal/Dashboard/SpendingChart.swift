import ChoreoEngine
import ChoreoJSON

/// The dashboard's SpendingTrendsChart under its ChartAnimationCoordinator (seed 003).
///
/// - The series is ``SpendingSeries`` over the data's `chartDays` (7 or 30) ending today.
/// - The reveal runs when the chart's card is revealed after a load (initial or refresh): axes, grid lines, the line's
///   trim from 300 to 900 ms and each point 100 ms after the line reaches it (full mode); reduced and minimal modes
///   draw it statically under the card's fade. A session that starts loaded shows the chart already drawn.
/// - Touch and hold snaps the scrubber to the nearest point (`light`), panning plays `selection` on each change of
///   point, tapping a point plays `medium`, bounces it and bursts gold particles (full mode).
struct SpendingChart: Sendable, Hashable {
    /// The chart's target on the dashboard.
    static let target = "dashboard/chart"

    /// A finger on the chart.
    struct Touch: Sendable, Hashable {
        var x: Double
        var index: Int
    }

    struct Cancelled: Sendable, Hashable {
        var index: Int
        var reason: String
    }

    /// One particle of a burst: its direction in degrees and how far it flies, in points.
    struct Particle: Sendable, Hashable {
        var angle: Double
        var distance: Double
    }

    /// A particle burst from a tapped point.
    struct Burst: Sendable, Hashable {
        var point: Int
        var serial: Int
        var startedAt: VirtualTime
        var particles: [Particle]
    }

    /// When the running or last reveal starts (nil: never revealed, drawn from the start).
    var revealStart: VirtualTime?
    /// When it is over.
    var revealEnd: VirtualTime?
    /// `animated` (full mode) or `static` (reduced, minimal: fades only).
    var revealStyle = ChartRevealStyle.still
    /// When the running or last reveal was requested (its animations carry the delay to `revealStart`).
    var revealRequestedAt: VirtualTime?
    /// When the running or last animated reveal's line is logically complete.
    var lineEnd: VirtualTime?
    /// When each point appears (relative to the reveal's start), for the state.
    var pointOffsets: [VirtualTime] = []
    /// Replaced by its skeleton while the dashboard loads.
    var hidden = false
    var touch: Touch?
    /// A touch cancelled under a finger still down (the dashboard left, a sheet covered it), until the finger lifts:
    /// the point it was on and why (C21).
    var cancelled: Cancelled?
    /// The point the callout shows (kept while it fades out).
    var calloutIndex: Int?
    var selected: Int?
    var burst: Burst?
    var serial = 0

    /// Whether a finger is on the chart.
    var isTouching: Bool { touch != nil }

    /// Whether the finger that touched the chart is still down, touching it or with its touch cancelled.
    var isFingerDown: Bool { touch != nil || cancelled != nil }

    // MARK: Loading

    /// The dashboard started loading: the chart gives way to its skeleton; any touch, selection or burst ends.
    mutating func hide(world: inout World) {
        hidden = true
        if let touch { world.set(.chartPointHighlight(touch.index), to: 1) }
        touch = nil
        world.cancelTimer(FinTimer.chart(.dayChanged))
        calloutIndex = nil
        world.set(.chartCalloutOpacity, to: 0)
        selected = nil
        burst = nil
        world.cancelTimers(FinTimer.self) {
            if case .chart(.burstEnd) = $0 { return true }
            return false
        }
    }

    /// The reveal choreography, starting `delay` from now (when the chart's card is revealed).
    mutating func reveal(after delay: VirtualTime, pointCount n: Int, world: inout World) {
        hidden = false
        let start = world.now + delay
        revealStart = start
        revealRequestedAt = world.now
        pointOffsets = (0..<n).map { Self.pointOffset($0, of: n) }
        guard world.mode == .full else {
            revealStyle = .still
            revealEnd = start
            for key in [
                PropertyKey.chartAxisTrim(.x), .chartAxisTrim(.y), .chartAxisLabels(.x), .chartAxisLabels(.y),
                .chartLineTrim, .chartContainerScale,
            ] {
                world.set(key, to: 1)
            }
            for i in 0..<DashboardTiming.gridLineCount { world.set(.chartGridOpacity(i), to: 1) }
            for i in 0..<n { world.set(.chartPointAppear(i), to: 1) }
            world.record(ChartRevealEvent(style: .still, startsAt: start.milliseconds))
            return
        }
        revealStyle = .animated
        /// Starts one part and returns when it is logically complete (the physics decides: a frame under `swiftui`).
        @discardableResult
        func animate(_ key: PropertyKey, from: Double, curve: AnimationCurve, at offset: VirtualTime) -> VirtualTime {
            let record = world.animate(
                key, from: from, to: 1, curve: curve.delayed(by: delay + offset), source: "chart.reveal")
            return record.logicallyCompleteAt ?? record.start
        }
        animate(.chartContainerScale, from: 0.95, curve: DashboardTiming.chartContainerScale, at: .zero)
        animate(.chartAxisTrim(.x), from: 0, curve: DashboardTiming.axisDraw, at: .zero)
        animate(.chartAxisTrim(.y), from: 0, curve: DashboardTiming.axisDraw, at: DashboardTiming.axisStagger)
        let axisSpan = DashboardTiming.axisDraw.logicalSpan
        animate(.chartAxisLabels(.x), from: 0, curve: DashboardTiming.axisLabels, at: axisSpan)
        let labels = animate(
            .chartAxisLabels(.y), from: 0, curve: DashboardTiming.axisLabels,
            at: DashboardTiming.axisStagger + axisSpan)
        for i in 0..<DashboardTiming.gridLineCount {
            let offset =
                DashboardTiming.gridStart + VirtualTime(nanoseconds: DashboardTiming.gridStagger.nanoseconds * Int64(i))
            animate(.chartGridOpacity(i), from: 0, curve: DashboardTiming.gridFade, at: offset)
        }
        lineEnd = animate(
            .chartLineTrim, from: 0, curve: DashboardTiming.lineDraw.animation, at: DashboardTiming.lineStart)
        var lastPoint = start
        for i in 0..<n {
            lastPoint = animate(.chartPointAppear(i), from: 0, curve: DashboardTiming.pointAppear, at: pointOffsets[i])
        }
        // The reveal ends when its last part is logically complete, as the animations report it.
        revealEnd = max(lastPoint, labels)
        world.record(ChartRevealEvent(style: .animated, startsAt: start.milliseconds))
    }

    /// When point `i` of `n` appears after the reveal starts (full mode): the line reaches it, then 100 ms.
    static func pointOffset(_ i: Int, of n: Int) -> VirtualTime {
        let reach = DashboardTiming.lineDraw.seconds(toReach: n > 1 ? Double(i) / Double(n - 1) : 1)
        return DashboardTiming.lineStart + VirtualTime(seconds: reach) + DashboardTiming.pointDelay
    }

    /// When a touch or tap on point `index` of `n` is first accepted if the data arrives at `dataAt` and nothing else
    /// changes: just after the chart's card starts to fade in (at once in minimal mode) and, in full mode, just after
    /// the point appears.
    /// Under `swiftui`, "just after" is the first frame that shows the card (or the point) past 0: the animations are
    /// requested at `dataAt` with the card's (and the point's) delay inside them (``FrameClock/firstFrameShowing``).
    static func acceptedFrom(dataAt: VirtualTime, point index: Int?, of n: Int, world: World) -> VirtualTime {
        let mode = world.mode
        let cardDelay = DashboardLoading.cardOffset(1, mode: mode)
        let card = dataAt + cardDelay
        guard mode != .minimal else { return card }
        let pointDelay = mode == .full && index.map { $0 < n } == true ? pointOffset(index!, of: n) : nil
        if world.physics == .swiftui {
            let delay = cardDelay + (pointDelay ?? .zero)
            return FrameClock(fps: world.fps).firstFrameShowing(requestedAt: dataAt, delay: delay.seconds)
        }
        return card + (pointDelay ?? .zero) + VirtualTime(nanoseconds: 1)
    }

    /// Under `swiftui`, the first frame that shows the chart's card past 0 and, with `index`, point `index`; nil under
    /// `ideal` or when no animated reveal was requested.
    func firstShown(point index: Int?, world: World) -> VirtualTime? {
        guard world.physics == .swiftui, let requested = revealRequestedAt, let start = revealStart else { return nil }
        // A point is delayed past the card (its offset counts from the reveal's start), so it shows no earlier.
        var delay = start - requested
        if let index, revealStyle == .animated, index < pointOffsets.count { delay = delay + pointOffsets[index] }
        return FrameClock(fps: world.fps).firstFrameShowing(requestedAt: requested, delay: delay.seconds)
    }

    // MARK: Interaction

    /// `ui.touch`: touch and hold at x: the scrubber appears and snaps to the nearest point (`light`).
    mutating func touch(
        x: Double, data: FinData, dataAt: VirtualTime?, world: inout World
    ) throws(SimulationError) -> any ActionResult {
        if let cancelled { return world.refuse(.gestureCancelled("chart touch", why: cancelled.reason, then: "touch")) }
        let series = SpendingSeries(days: data.chartDays, data: data, world: world)
        let index = series.nearestIndex(to: x)
        if let refusal = refusal(point: index, of: data.chartDays, dataAt: dataAt, world: world) {
            return world.refuse(refusal)
        }
        if let old = touch, old.index != index { setHighlight(old.index, on: false, world: &world) }
        if calloutIndex == nil { scheduleDayChange(world: &world) }
        touch = Touch(x: x, index: index)
        setHighlight(index, on: true, world: &world)
        showCallout(index, value: series.points[index].value, counting: false, world: &world)
        world.record(ChartSnapEvent(index: index, x: x))
        world.play(.light, source: "chart.snap")
        return ChartTouched(index: index, point: ChartPointSummary(series, index))
    }

    /// `ui.drag`: the scrubber follows the finger; a change of snapped point plays `selection` and the callout counts
    /// to the new amount.
    mutating func drag(x: Double, data: FinData, world: inout World) throws(SimulationError) -> any ActionResult {
        if let cancelled { return world.refuse(.gestureCancelled("chart touch", why: cancelled.reason, then: "drag")) }
        guard var current = touch else {
            return world.refuse(
                .noFinger,
                "no finger is on the chart; touch it first (ui.touch {target: \(SpendingChart.target), x: 0.5})")
        }
        let series = SpendingSeries(days: data.chartDays, data: data, world: world)
        let index = series.nearestIndex(to: x)
        if let refusal = world.refusal(pointBlocker(index, world: world).map { [$0] } ?? []) {
            return world.refuse(refusal)
        }
        let changed = index != current.index
        if changed {
            setHighlight(current.index, on: false, world: &world)
            setHighlight(index, on: true, world: &world)
            showCallout(index, value: series.points[index].value, counting: true, world: &world)
            world.record(ChartSnapEvent(index: index, x: x))
            world.play(.selection, source: "chart.scrub")
        }
        current.x = x
        current.index = index
        touch = current
        return ChartDragged(index: index, changed: changed, point: ChartPointSummary(series, index))
    }

    /// `ui.release` while touching: the scrubber and callout go, the point returns to its size.
    mutating func release(world: inout World) -> any ActionResult {
        if let cancelled {
            self.cancelled = nil
            return ChartReleased(index: cancelled.index, cancelled: cancelled.reason)
        }
        guard let touch else {
            return world.refuse(.noFinger, "no finger is down: no action is needed (ui.touch puts one on the chart)")
        }
        endTouch(touch, world: &world)
        world.record(ChartReleasedEvent(index: touch.index))
        return ChartReleased(index: touch.index)
    }

    /// The chart left the screen or a sheet covered it under a finger holding it: the touch ends as a release
    /// ends it (the callout fades, the point shrinks back, no haptic), and the finger stays down, its touch
    /// cancelled, until `ui.release` (behavior.md C21).
    mutating func cancelTouch(reason: String, world: inout World) {
        guard let touch else { return }
        endTouch(touch, world: &world)
        cancelled = Cancelled(index: touch.index, reason: reason)
        world.record(ChartReleasedEvent(index: touch.index, cancelled: reason))
    }

    private mutating func endTouch(_ touch: Touch, world: inout World) {
        setHighlight(touch.index, on: false, world: &world)
        self.touch = nil
        if let curve = DashboardTiming.callout(world.mode) {
            world.animate(.chartCalloutOpacity, to: 0, curve: curve, source: "chart.callout")
        } else {
            world.set(.chartCalloutOpacity, to: 0)
        }
    }

    /// `ui.tap {point}`: `medium`, the point is selected (its day's transactions show), bounces and bursts (full).
    mutating func tap(
        point: Int, data: FinData, dataAt: VirtualTime?, world: inout World
    ) throws(SimulationError) -> any ActionResult {
        let series = SpendingSeries(days: data.chartDays, data: data, world: world)
        guard point < series.points.count else {
            throw .invalidValue(parameter: "point", expected: "a data point index from 0 to \(series.points.count - 1)")
        }
        if let refusal = refusal(point: point, of: data.chartDays, dataAt: dataAt, world: world) {
            return world.refuse(refusal)
        }
        selected = point
        world.record(ChartTapEvent(index: point))
        world.play(.medium, source: "chart.tap")
        if world.mode == .full {
            world.animate(
                .chartPointBounce(point), from: 1, to: DashboardTiming.bouncePeak, curve: DashboardTiming.bounceUp,
                source: "chart.bounce")
            world.schedule(
                FinTimer.chart(.bounceBack(point: point)),
                after: DashboardTiming.bounceBackAfter)
            serial += 1
            var particles: [Particle] = []
            for _ in 0..<DashboardTiming.burstParticles {
                let angle = Self.unit(&world.random) * 360
                let distance = 16 + Self.unit(&world.random) * 16
                particles.append(Particle(angle: angle, distance: distance))
            }
            burst = Burst(point: point, serial: serial, startedAt: world.now, particles: particles)
            let seconds = DashboardTiming.burstDuration.seconds
            world.animate(.chartBurstProgress, from: 0, to: 1, curve: .linear(seconds), source: "chart.burst")
            world.cancelTimers(FinTimer.self) {
                if case .chart(.burstEnd) = $0 { return true }
                return false
            }
            world.schedule(
                FinTimer.chart(.burstEnd(serial: serial)),
                after: DashboardTiming.burstDuration)
        }
        return ChartPointTapped(index: point, point: ChartPointSummary(series, point), burst: world.mode == .full)
    }

    /// Why the chart takes no touch or tap on point `index` now, or nil: while the dashboard loads it is a skeleton;
    /// after its data arrived, its card has not started to fade in (seed 003's "Chart container fades in"; nothing
    /// invisible takes a touch): it takes touches from just after the card's `revealsAt`, when its opacity is above
    /// 0; and a point the line has not reached takes none until just after its `appearsAt` (``pointBlocker(_:world:)``).
    /// `dataAt` is when the running load ends, when that is known. One blocker (``Refusal/Blocker``): its `goneAt`
    /// already follows the chain (data, then the card, then the point).
    func blocker(point index: Int?, of n: Int, dataAt: VirtualTime?, world: World) -> Refusal.Blocker? {
        if hidden {
            let skeleton = "the dashboard is loading and the chart is a skeleton"
            guard let dataAt else {
                return Refusal.Blocker(
                    .dashboardLoading, skeleton,
                    help: "it takes touches once the load has ended (app.finishLoading ends it) and its card has "
                        + "started to fade in (dashboard.cards.1.revealsAt)")
            }
            let acceptedFrom = SpendingChart.acceptedFrom(dataAt: dataAt, point: index, of: n, world: world)
            return Refusal.Blocker(
                .dashboardLoading,
                "\(skeleton) until the data arrives at \(Refusal.describe(dataAt)) ms; then its card fades in "
                    + "(and the line reaches each point)",
                goneAt: acceptedFrom)
        }
        guard world.value(.chartContainerOpacity) <= 0 else { return index.flatMap { pointBlocker($0, world: world) } }
        if let shown = firstShown(point: index, world: world), shown > world.now, let start = revealStart {
            // `swiftui`: the card's fade reaches the screen on a frame, after AnimatorState's phases.
            let point = index.map { "; point \($0) appears at \(Refusal.describe(start + pointOffsets[$0])) ms" } ?? ""
            return Refusal.Blocker(
                .chartNotVisible,
                "the chart's card is not visible yet: it fades in from \(Refusal.describe(start)) ms\(point), on "
                    + "screen from \(Refusal.describe(shown)) ms",
                goneAt: shown)
        }
        guard let start = revealStart, start >= world.now else {
            return Refusal.Blocker(.chartNotVisible, "the chart's card is not visible yet")
        }
        var acceptedFrom = start + VirtualTime(nanoseconds: 1)
        var point = ""
        if let index, let at = appearsAt(index), at >= acceptedFrom {
            acceptedFrom = at + VirtualTime(nanoseconds: 1)
            point = "; point \(index) appears at \(Refusal.describe(at)) ms"
        }
        return Refusal.Blocker(
            .chartNotVisible,
            "the chart's card is not visible yet: it fades in from \(Refusal.describe(start)) ms\(point)",
            goneAt: acceptedFrom)
    }

    /// The refusal of a touch or tap on point `index` of the chart alone (``blocker(point:of:dataAt:world:)``).
    func refusal(point index: Int?, of n: Int, dataAt: VirtualTime?, world: World) -> Refusal? {
        world.refusal(blocker(point: index, of: n, dataAt: dataAt, world: world).map { [$0] } ?? [])
    }

    /// When point `index` appears (its appearance starts), during an animated reveal; nil when it is drawn.
    func appearsAt(_ index: Int) -> VirtualTime? {
        guard revealStyle == .animated, let start = revealStart, index < pointOffsets.count else { return nil }
        return start + pointOffsets[index]
    }

    /// Seed 003: points "appear sequentially as line reaches them". One the line has not reached takes no tap, no
    /// touch and no scrub onto it (behavior.md C18): it is not there until just after its `appearsAt`.
    func pointBlocker(_ index: Int, world: World) -> Refusal.Blocker? {
        guard let at = appearsAt(index) else { return nil }
        // `swiftui`: the point takes touches from the first frame that shows it.
        let acceptedFrom = firstShown(point: index, world: world) ?? at + VirtualTime(nanoseconds: 1)
        guard world.now < acceptedFrom else { return nil }
        return Refusal.Blocker(
            .pointNotReached,
            "point \(index) has not appeared yet: the line reaches it and it appears at \(Refusal.describe(at)) ms "
                + "(its appearsAt)",
            goneAt: acceptedFrom)
    }

    mutating func handle(_ step: FinTimer.ChartStep, world: inout World) {
        switch step {
        case .bounceBack(let point):
            world.animate(.chartPointBounce(point), to: 1, curve: DashboardTiming.bounceBack, source: "chart.bounce")
        case .burstEnd(let serial):
            if burst?.serial == serial { burst = nil }
        case .dayChanged: break  // the app handles it, with the data (dayChanged(data:world:))
        }
    }

    /// Local midnight, the next one after now, while the callout shows a point (held, fading out or hidden after a
    /// release: it keeps the point it showed) (behavior.md C20).
    private func scheduleDayChange(world: inout World) {
        let midnight = BudgetPeriod.daily.nextEnd(after: world.now, clock: world.wallClock)
        world.schedule(FinTimer.chart(.dayChanged), after: midnight - world.now)
    }

    /// Local midnight under a held finger: the series shifted a day under it, so the point under the finger is
    /// another day's. The callout shows that day's amount at once (the data changed, nothing counts: no animation
    /// and no haptic, the finger did not move), as its date and VoiceOver label already do (behavior.md C20).
    mutating func dayChanged(data: FinData, world: inout World) {
        guard let index = calloutIndex else { return }
        let series = SpendingSeries(days: data.chartDays, data: data, world: world)
        world.set(.chartCalloutValue, to: series.points[index].value)
        scheduleDayChange(world: &world)
    }

    // MARK: Helpers

    /// A uniform number in [0, 1) from the session's random numbers (53 bits).
    static func unit(_ random: inout SeededRandom) -> Double {
        Double(random.next() >> 11) / 9_007_199_254_740_992
    }

    private func setHighlight(_ index: Int, on: Bool, world: inout World) {
        let target = on ? DashboardTiming.highlightScale : 1
        if let curve = DashboardTiming.highlight(world.mode) {
            // A point never highlighted before starts from its declared resting size 1.
            world.animate(.chartPointHighlight(index), to: target, curve: curve, source: "chart.highlight")
        } else {
            world.set(.chartPointHighlight(index), to: target)
        }
    }

    private mutating func showCallout(_ index: Int, value: Double, counting: Bool, world: inout World) {
        let wasVisible = calloutIndex != nil && world.target(.chartCalloutOpacity) > 0
        calloutIndex = index
        if !wasVisible {
            if let curve = DashboardTiming.callout(world.mode) {
                world.animate(.chartCalloutOpacity, from: 0, to: 1, curve: curve, source: "chart.callout")
            } else {
                world.set(.chartCalloutOpacity, to: 1)
            }
        }
        if counting, wasVisible, let curve = DashboardTiming.calloutCounter(world.mode) {
            world.animate(.chartCalloutValue, to: value, curve: curve, source: "chart.callout")
        } else {
            world.set(.chartCalloutValue, to: value)
        }
    }
}
