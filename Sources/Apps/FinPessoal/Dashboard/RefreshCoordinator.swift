import ChoreoEngine
import ChoreoJSON

/// The dashboard's custom pull-to-refresh (seed 003's RefreshCoordinator): idle → pulling → ready → refreshing →
/// complete → idle.
///
/// - The finger's distance (`ui.pull`) goes through ``PullResistance``; the indicator's `pullDistance` is what the
///   thresholds apply to: a `light` haptic on reaching 30 pt, `ready` with a `medium` haptic and a pulse on reaching
///   60 pt. Each haptic plays once per crossing and re-arms only after the indicator went back below 90% of its
///   threshold (27 pt, 54 pt), so a trembling finger at the threshold does not buzz.
/// - Release below 60 springs back to idle; at or beyond 60 the indicator springs to its refreshing rest (60 pt),
///   the spinner loops and the load starts (``Outcome/loadStarted``). The load ends after the data's latency
///   (timer `refresh.loaded`) or on `app.finishLoading`: success shows the check mark (`success` haptic) for 300 ms,
///   then the indicator fades out over 300 ms; failure springs back to idle with the `error` haptic.
struct RefreshCoordinator: Sendable, Hashable {
    /// What the coordinator tells the app after an input or a timer.
    enum Outcome: Sendable, Hashable {
        /// Nothing for the app to do.
        case none
        /// Refreshing started: the data load begins (skeletons show).
        case loadStarted
        /// The load ended.
        case loadFinished(ok: Bool)
    }

    /// The states of seed 003.
    enum Phase: String, Sendable, Hashable {
        case idle, pulling, ready, refreshing, complete
    }

    /// The light haptic's threshold (50% of ready).
    static let lightThreshold = 30.0
    /// The ready threshold, and the indicator's rest while refreshing.
    static let readyThreshold = 60.0
    /// A haptic re-arms when the indicator drops below this fraction of its threshold.
    static let rearmFraction = 0.9

    var phase: Phase = .idle
    /// The finger's distance while a finger is down (also after its pull was cancelled, until it lifts).
    var fingerDistance: Double?
    var lightArmed = true
    var readyArmed = true
    /// When the running load started and when its latency ends it.
    var loadStartedAt: VirtualTime?
    var loadEndsAt: VirtualTime?
    /// When the last successful load completed (the check mark's hold and the fade run from it).
    var completedAt: VirtualTime?
    /// Once the indicator's fade has started: when it is logically complete and the indicator idle (the fade keeps
    /// the curve it started with through a mode change).
    var fadeEndsAt: VirtualTime?
    /// The outcome of the last refresh: true, false, or nil before any.
    var lastResult: Bool?
    /// Refreshes started so far.
    var refreshes = 0
    /// The spinner's style while refreshing (decided by the mode when it started).
    var spinnerStyle: SpinnerStyle?
    /// Whether the dashboard is on screen: the spinner loops only then (behavior.md CG14).
    var onScreen = true
    /// Whether the optional particle shimmer runs around the spinner (full mode only).
    var particles = false

    /// Why the pull under a finger still down was cancelled (the dashboard left, a sheet came up, it scrolled away
    /// from the top), until that finger lifts.
    var interruption: String?

    /// Whether a finger pulls the indicator (down, and its pull not cancelled).
    var isDragging: Bool { fingerDistance != nil && interruption == nil }

    /// Whether a load started by a refresh is running.
    var isRefreshing: Bool { phase == .refreshing }

    // MARK: Input

    /// `ui.pull`: the finger moves to `finger` points. The app refuses a pull that cannot start first
    /// (``FinPessoalApp/pullBlockers(world:)``, this coordinator's ``runningBlocker(world:)`` among them); a pull
    /// already in progress is never blocked.
    mutating func pull(to finger: Double, world: inout World) -> (any ActionResult, Outcome) {
        if fingerDistance == nil {
            lightArmed = true
            readyArmed = true
            world.cancelTimer(FinTimer.refresh(.pulseBack))
            world.set(.refreshPulse, to: 1)
            world.set(.refreshOpacity, to: 1)
            world.record(RefreshDragBeganEvent())
        }
        fingerDistance = finger
        let distance = PullResistance.indicatorDistance(finger: finger)
        world.set(.refreshPullDistance, to: distance)
        if distance < Self.lightThreshold * Self.rearmFraction { lightArmed = true }
        if distance < Self.readyThreshold * Self.rearmFraction { readyArmed = true }
        if lightArmed, distance >= Self.lightThreshold {
            lightArmed = false
            world.play(.light, source: "refresh.halfway")
        }
        let wasReady = phase == .ready
        phase = distance >= Self.readyThreshold ? .ready : .pulling
        if phase == .ready, !wasReady {
            world.record(RefreshReadyEvent(pullDistance: distance))
            if readyArmed {
                readyArmed = false
                world.play(.medium, source: "refresh.ready")
                startPulse(world: &world)
            }
        } else if phase == .pulling, wasReady {
            world.record(RefreshUnreadyEvent(pullDistance: distance))
            world.cancelTimer(FinTimer.refresh(.pulseBack))
            world.set(.refreshPulse, to: 1)
        }
        return (Pulled(view: state(world: world)), .none)
    }

    /// When the indicator is idle again after a successful refresh, if nothing else happens: the load's end (when it
    /// is known), then the check mark's hold and the indicator's fade (behavior.md R10, R11); nil when the load has no
    /// known end (it waits for app.finishLoading).
    func idleAt(world: World) -> VirtualTime? {
        // Once the fade has started it keeps the curve it started with, whatever the mode is now (issue 44 #2).
        if phase == .complete, let fadeEndsAt { return fadeEndsAt }
        /// The fade starts after the check mark's hold and ends when it is logically complete under the physics.
        func idle(completed: VirtualTime) -> VirtualTime {
            let fadeStart = completed + DashboardTiming.checkmarkHold
            guard let fade = DashboardTiming.indicatorFade(world.mode) else { return fadeStart }
            return world.logicalCompletion(of: fade, startingAt: fadeStart)
        }
        switch phase {
        case .refreshing: return loadEndsAt.map(idle)
        case .complete: return completedAt.map(idle)
        default: return nil
        }
    }

    /// A refresh running or showing its check mark blocks a new pull until the indicator is idle again
    /// (``idleAt(world:)``; waiting does not help while the load has no known end, app.finishLoading does).
    func runningBlocker(world: World) -> Refusal.Blocker? {
        guard phase == .refreshing || phase == .complete else { return nil }
        let ends = loadEndsAt.map { " (its load ends at \(Refusal.describe($0)) ms)" } ?? ""
        guard let idleAt = idleAt(world: world) else {
            return Refusal.Blocker(
                .refreshRunning, "a refresh is running\(ends)",
                help: "pull again once refresh.state is idle (app.finishLoading ends it)")
        }
        return Refusal.Blocker(
            .refreshRunning,
            "a refresh is running\(ends); refresh.state is idle again at \(Refusal.describe(idleAt)) ms",
            goneAt: idleAt)
    }

    /// The gentle ready pulse 1.0 → 1.1 → 1.0 (full mode only).
    private mutating func startPulse(world: inout World) {
        guard world.mode == .full else { return }
        let record = world.animate(
            .refreshPulse, from: 1, to: DashboardTiming.pulsePeak, curve: DashboardTiming.pulseHalf,
            source: "refresh.pulse")
        // Back down once the way up is logically complete, as the physics runs it.
        let peak = record.logicallyCompleteAt ?? world.now + DashboardTiming.pulseHalf.logicalSpan
        world.schedule(FinTimer.refresh(.pulseBack), after: peak - world.now)
    }

    /// The pull can no longer refresh (`reason`: the dashboard left the screen, a sheet covers it, it scrolled away
    /// from the top): back to idle at once, the indicator springs back as after a short release, no haptic. The
    /// finger is still down; its release answers `refreshing: false`.
    mutating func interrupt(reason: String, world: inout World) {
        guard isDragging else { return }
        interruption = reason
        world.cancelTimer(FinTimer.refresh(.pulseBack))
        world.set(.refreshPulse, to: 1)
        phase = .idle
        world.record(RefreshInterruptedEvent(pullDistance: world.value(.refreshPullDistance), reason: reason))
        moveIndicator(to: 0, world: &world)
    }

    /// `ui.release`: lets go. At or beyond the ready threshold the refresh starts and the load with it.
    mutating func release(latency: VirtualTime, world: inout World) -> (any ActionResult, Outcome) {
        if let interruption {
            self.interruption = nil
            fingerDistance = nil
            return (PullReleased(view: state(world: world), refreshing: false, cancelled: interruption), .none)
        }
        guard fingerDistance != nil else {
            return (world.refuse(.noFinger, "no finger is down: no action is needed (ui.pull puts one down)"), .none)
        }
        fingerDistance = nil
        world.cancelTimer(FinTimer.refresh(.pulseBack))
        world.set(.refreshPulse, to: 1)
        let distance = world.value(.refreshPullDistance)
        guard phase == .ready else {
            phase = .idle
            world.record(RefreshCancelledEvent(pullDistance: distance))
            moveIndicator(to: 0, world: &world)
            return (PullReleased(view: state(world: world), refreshing: false), .none)
        }
        phase = .refreshing
        refreshes += 1
        loadStartedAt = world.now
        loadEndsAt = world.now + latency
        world.record(RefreshBeganEvent(pullDistance: distance, latencyMs: latency.milliseconds))
        moveIndicator(to: Self.readyThreshold, world: &world)
        startSpinner(world: &world)
        particles = world.mode == .full
        world.schedule(FinTimer.refresh(.loaded), after: latency)
        return (PullReleased(view: state(world: world), refreshing: true), .loadStarted)
    }

    /// The spinner loops from 0° in the mode's style (static in minimal mode).
    private mutating func startSpinner(world: inout World) {
        let spinner = DashboardTiming.spinner(world.mode)
        spinnerStyle = spinner == nil ? .still : world.mode == .full ? .easeInOut : .linear
        if onScreen, let spinner {
            world.animate(.refreshSpinner, from: 0, to: 360, curve: spinner, source: "refresh.spinner")
        } else {
            world.set(.refreshSpinner, to: 0)
        }
    }

    /// The effective mode changed during a refresh: the spinner follows it at once, from 0° in the new mode's style
    /// (static in minimal), as the skeletons and the gradient loops do (behavior.md R9).
    mutating func followMode(world: inout World) {
        guard phase == .refreshing else { return }
        startSpinner(world: &world)
    }

    /// The dashboard left the screen (the spinner loop stops at 0°) or appeared again (it restarts from 0° while
    /// the refresh runs), behavior.md CG14. The load itself goes on.
    mutating func follow(onScreen: Bool, world: inout World) {
        guard onScreen != self.onScreen else { return }
        self.onScreen = onScreen
        guard phase == .refreshing else { return }
        startSpinner(world: &world)
    }

    /// `app.finishLoading` while refreshing: ends the load now.
    mutating func finishLoading(ok: Bool, world: inout World) -> (any ActionResult, Outcome) {
        guard phase == .refreshing else {
            return (world.refuse(.nothingLoading, FinPessoalApp.nothingLoading), .none)
        }
        world.cancelTimer(FinTimer.refresh(.loaded))
        let outcome = finish(ok: ok, world: &world)
        return (RefreshFinished(view: state(world: world), ok: ok), outcome)
    }

    mutating func handle(_ step: FinTimer.RefreshStep, world: inout World) -> Outcome {
        switch step {
        case .pulseBack:
            if phase == .ready {
                world.animate(.refreshPulse, to: 1, curve: DashboardTiming.pulseHalf, source: "refresh.pulse")
            }
            return .none
        case .loaded:
            return phase == .refreshing ? finish(ok: true, world: &world) : .none
        case .fade:
            guard phase == .complete else { return .none }
            if let fade = DashboardTiming.indicatorFade(world.mode) {
                let record = world.animate(.refreshOpacity, to: 0, curve: fade, source: "refresh.fade")
                moveIndicator(to: 0, world: &world)
                // The indicator is done when its fade is logically complete, as the physics runs it.
                let done = record.logicallyCompleteAt ?? world.now + fade.logicalSpan
                fadeEndsAt = done
                world.schedule(FinTimer.refresh(.done), after: done - world.now)
            } else {
                world.set(.refreshOpacity, to: 0)
                world.set(.refreshPullDistance, to: 0)
                end(world: &world)
            }
            return .none
        case .done:
            if phase == .complete { end(world: &world) }
            return .none
        }
    }

    // MARK: Steps

    private mutating func finish(ok: Bool, world: inout World) -> Outcome {
        world.set(.refreshSpinner, to: 0)
        loadStartedAt = nil
        loadEndsAt = nil
        lastResult = ok
        if ok {
            phase = .complete
            completedAt = world.now
            world.record(RefreshCompletedEvent())
            world.play(.success, source: "refresh.complete")
            if let curve = DashboardTiming.checkmark(world.mode) {
                world.animate(.refreshCheckmark, from: 0, to: 1, curve: curve, source: "refresh.checkmark")
            } else {
                world.set(.refreshCheckmark, to: 1)
            }
            world.schedule(FinTimer.refresh(.fade), after: DashboardTiming.checkmarkHold)
        } else {
            phase = .idle
            world.record(RefreshFailedEvent())
            world.play(.error, source: "refresh.failed")
            moveIndicator(to: 0, world: &world)
        }
        return .loadFinished(ok: ok)
    }

    private mutating func end(world: inout World) {
        phase = .idle
        fadeEndsAt = nil
        world.set(.refreshCheckmark, to: 0)
        world.record(RefreshEndedEvent())
    }

    /// Springs the indicator to a distance (at once in minimal mode, or when it is already there).
    private func moveIndicator(to target: Double, world: inout World) {
        guard world.value(.refreshPullDistance) != target else { return }
        if let curve = DashboardTiming.indicatorReturn(world.mode) {
            world.animate(.refreshPullDistance, to: target, curve: curve, source: "refresh.indicator")
        } else {
            world.set(.refreshPullDistance, to: target)
        }
    }

    // MARK: State

    func state(world: World) -> RefreshView {
        let distance = world.value(.refreshPullDistance)
        let progress = min(max(distance / Self.readyThreshold, 0), 1)
        let opacity = world.value(.refreshOpacity)
        var rotation = 180 * progress
        var scale = 0.5 + 0.5 * progress
        var icon = RefreshIcon.arrowDown
        var label = "Pull to refresh"
        var color = RefreshColour.secondary
        switch phase {
        case .idle, .pulling:
            break
        case .ready:
            rotation = 180
            scale = world.value(.refreshPulse)
            label = "Release to refresh"
            color = .accent
        case .refreshing:
            rotation = world.value(.refreshSpinner)
            scale = 1
            icon = .spinner
            label = "Updating..."
            color = .accent
        case .complete:
            rotation = 0
            scale = 1
            icon = .checkmark
            label = "Updated"
            color = .accent
        }
        return RefreshView(
            state: phase, pullDistance: distance, fingerDistance: fingerDistance, rotation: rotation, scale: scale,
            color: color, opacity: opacity, visible: phase != .idle || (distance > 0 && opacity > 0), icon: icon,
            label: label, armedLight: lightArmed, armedReady: readyArmed, checkmarkVisible: phase == .complete,
            checkmarkScale: phase == .complete ? world.value(.refreshCheckmark) : 0,
            spinnerSpinning: phase == .refreshing && spinnerStyle != .still && onScreen,
            spinnerStyle: phase == .refreshing ? spinnerStyle ?? .still : nil,
            particles: phase == .refreshing && particles, loadRunning: phase == .refreshing,
            loadStartedAt: loadStartedAt?.milliseconds, loadEndsAt: loadEndsAt?.milliseconds,
            lastResult: lastResult.map { $0 ? "success" : "failure" }, refreshes: refreshes)
    }
}
