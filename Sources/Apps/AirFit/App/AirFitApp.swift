import ChoreoEngine
import ChoreoJSON
import ChoreoMotion

/// The AirFit app model (seed 004): a second design system with its own motion language — circadian gradients
/// that never repeat, letter-cascade titles, glass cards with a spring entrance, screen transitions of opacity and a
/// 12 pt offset, GradientNumber, MetricRing, MicRippleView, FlareButton, ParallaxContainer, DragDismissSheet, the
/// haptic hierarchy and the blur budget.
///
/// AirFit has no reduced design: `reduced` behaves as `full`; `minimal` (Reduce Motion) makes every change
/// instant, haptics unchanged (decision).
public struct AirFitApp: AppModel {
    public static let appName = "airfit"
    public static let guide: AppGuide? = AppGuide(
        title: "AirFit guide",
        summary: "AirFit's screens, tap targets, gestures, state, haptics and gotchas (protocol/airfit.md).",
        file: "airfit.md")

    /// At most this many `.ultraThinMaterial` layers per screen (seed 004's blur budget).
    static let blurBudget = 6
    /// The sheet's close button.
    static let sheetCloseTarget = "detail/button/close"
    /// The card that presents the sheet (on the dashboard).
    static let sheetOpenTarget = "dashboard/card/performance"
    /// The DragDismissSheet's height, in points (decision).
    static let sheetHeight = 600.0
    /// A release faster than this (points per second, downward) is a flick (decision).
    static let flickVelocity = 800.0
    /// A release past this fraction of the height dismisses without a flick (decision).
    static let dismissFraction = 0.35
    /// UIScrollView's normal deceleration rate: the velocity kept per millisecond.
    static let decelerationRate = 0.998
    /// Deceleration time constant: τ = −1 ms / ln 0.998, in seconds.
    static let decelerationTau = -0.001 / MotionMath.logarithm(decelerationRate)
    /// Device-motion parallax: ±4 pt at 20° of tilt, only while rotation is slower than 30°/s (decisions).
    static let parallaxRange = 4.0
    static let parallaxFullTilt = 20.0
    static let stillRotationRate = 30.0

    struct Sheet: Sendable, Hashable {
        var phase: SheetPhase
        /// While dragging: the finger's offset. After a flick: the decay's start.
        var offset: Double
        var velocity: Double = 0
        var decayStart: VirtualTime?
        var decayVelocity = 0.0
        /// While dismissing: when it is gone.
        var goneAt: VirtualTime?
        /// The first instant a frame shows it: nothing on it takes a touch before (behavior.md N13).
        var shownFrom: VirtualTime = .zero
    }

    var data: AirFitData
    var stack: [AirFitScreen] = [.onboarding]
    var gradient = GradientToken.peachRose
    var previousGradient: GradientToken?
    /// What the screen showed when an advance interrupted a crossfade (the old pair blended at that instant), per
    /// colour scheme; nil when the last advance started from a finished crossfade. It fades out instead of
    /// `previousGradient`'s own stops, so the colours never jump.
    var previousStopsShown: [ColorScheme: [String]]?
    /// Under `swiftui`, the tokens under the active one while crossfades overlap, oldest first: `fadeChain[i]` is
    /// where the crossfade combined (`fadeChainStart` + i)-th runs from (one token when only one runs).
    var fadeChain: [GradientToken] = []
    /// Which of the combined crossfades runs from `fadeChain[0]`: the engine folds away every crossfade older than
    /// the last finished one (it hides them), and so does the chain here.
    var fadeChainStart = 0
    /// Under `swiftui`, what reads show until the frame that takes an advance requested between frames.
    var fadeBeforeAdvance: PendingGradientFade?
    var cascades: [AirFitScreen: CascadeText] = [:]
    var recording = false
    var sheet: Sheet?
    var flareTarget: String?
    /// The screen the last navigation left: drawn under the new one, fading out, while the screen transition runs
    /// (SR3; not in the state tree, which shows the screen navigated to).
    var leaving: AirFitScreen?
    var blurWarnings: Set<AirFitScreen> = []

    public init(data: [String: JSONValue], world: inout World) throws(SimulationError) {
        self.data = try AirFitData(overrides: data)
        world.set(.gradientCrossfade, to: 1)
        world.set(.transitionProgress, to: 1)
        for key in [PropertyKey.parallaxX, .parallaxY, .flareRadius, .flareOpacity, .sheetOffset] {
            world.set(key, to: 0)
        }
        appear(.onboarding, world: &world)
    }

    var currentScreen: AirFitScreen { stack.last ?? .onboarding }

    /// The standard spring, tuned to the frame rate (seed 004: damping 12 at 120 fps, 10.5 at 60 fps).
    static func standardSpring(fps: Int, initialVelocity: Double = 0) -> AnimationCurve {
        .interpolatingSpring(stiffness: 130, damping: fps >= 120 ? 12 : 10.5, initialVelocity: initialVelocity)
    }

    /// Animates, or sets at once in minimal mode.
    func move(
        _ key: PropertyKey, from: Double? = nil, to: Double, curve: AnimationCurve, source: String, world: inout World
    ) {
        if world.mode == .minimal {
            world.set(key, to: to)
        } else {
            world.animate(key, from: from, to: to, curve: curve, source: source)
        }
    }

    /// A screen appears: its title cascades, its glass cards spring in from 0.96, its ring fills. A FlareButton of
    /// the screen is a fresh view: a flare still running from a press before the screen was left is gone (behavior.md
    /// C14).
    mutating func appear(_ screen: AirFitScreen, world: inout World) {
        if let pressed = flareTarget, AirFitCatalog.screen(of: pressed) == screen {
            flareTarget = nil
            world.set(.flareRadius, to: 0)
            world.set(.flareOpacity, to: 0)
        }
        cascades[screen] = CascadeText(
            id: screen.rawValue, text: screen.title, start: world.mode == .minimal ? nil : world.now)
        if world.mode != .minimal {
            world.animate(
                .cascade(screen), from: 0, to: 1, curve: .linear(CascadeText.duration), source: "cascadeText")
        }
        for element in AirFitCatalog.elements(screen, data: data) where element.isGlass {
            move(
                .cardScale(element.target), from: 0.96, to: 1, curve: AirFitApp.standardSpring(fps: world.fps),
                source: "glassCard", world: &world)
        }
        if screen == .dashboard || screen == .workoutDetail {
            let progress = data.calorieGoal > 0 ? data.calories / data.calorieGoal : 0
            move(
                .ringProgress, from: 0, to: progress, curve: AirFitApp.standardSpring(fps: world.fps),
                source: "metricRing",
                world: &world)
        }
        let layers = blurLayers(screen)
        if layers > AirFitApp.blurBudget, !blurWarnings.contains(screen) {
            blurWarnings.insert(screen)
            world.record(BlurBudgetExceededEvent(screen: screen, layers: layers))
        }
    }

    func blurLayers(_ screen: AirFitScreen) -> Int {
        AirFitCatalog.elements(screen, data: data).filter(\.isGlass).count
            + (sheet != nil && screen == currentScreen ? 1 : 0)
    }

    /// GradientManager.advance(): a different token from the pool of the wall clock's hour, from the session's
    /// seeded generator, cross-faded over 0.6 s ease-in-out.
    mutating func advanceGradient(world: inout World) {
        // Requested between frames, the advance reaches the screen at the next frame: reads before it show the fade
        // as it was (the crossfade's value there is the last frame drawn, which knows nothing of this advance).
        if world.physics == .swiftui {
            let clock = FrameClock(fps: world.fps)
            let taken = clock.time(ofFrame: clock.frame(atOrAfter: world.now))
            if taken > world.now, fadeBeforeAdvance.map({ $0.until <= world.now }) ?? true {
                fadeBeforeAdvance = PendingGradientFade(fade: currentFade, until: taken)
            }
        }
        let hour = world.wallClock.hour(at: world.now)
        let pool = GradientToken.pool(hour: hour).tokens.filter { $0 != gradient }
        let index = Int(world.random.next() % UInt64(pool.count))
        // Under `swiftui`, a crossfade in flight (taken by a frame already, or requested and waiting for its frame:
        // RL2) is combined with the new one: the older fades keep running underneath toward their own tokens and the
        // new one runs from what they show (behavior.md RL15).
        // On the very frame a crossfade is removed the new one is still combined with it (RL2: SwiftUI combines before
        // the frame's update removes it).
        let running = world.timeline.activeRecord(for: PropertyKey.gradientCrossfade.path).map {
            ($0.settledAt ?? .distantFuture) >= world.now
        }
        let combines = world.physics == .swiftui && running == true && world.mode != .minimal
        if combines {
            fadeChain.append(gradient)
            previousStopsShown = nil
        } else {
            fadeChain = [gradient]
            fadeChainStart = 0
            let fraction = world.value(.gradientCrossfade)
            if previousGradient != nil, fraction < 1 {
                var shown: [ColorScheme: [String]] = [:]
                for scheme in ColorScheme.allCases {
                    shown[scheme] = GradientToken.blend(
                        previousStops(scheme, world: world) ?? [], gradient.stops(scheme), fraction)
                }
                previousStopsShown = shown
            } else {
                previousStopsShown = nil
            }
        }
        previousGradient = gradient
        gradient = pool[index]
        world.record(GradientAdvanceEvent(from: previousGradient!, to: gradient))
        // Combined, the crossfade's position runs on toward the next whole number; otherwise it restarts 0 → 1.
        let position = world.target(.gradientCrossfade)
        move(
            .gradientCrossfade, from: combines ? nil : 0, to: combines ? position + 1 : 1,
            curve: AirFitMotion.gradientCrossfade,
            source: "gradientManager", world: &world)
        // The tokens of crossfades the engine has folded away are no longer drawn.
        if combines, let layers = world.layers(.gradientCrossfade), layers.first > fadeChainStart {
            let folded = min(layers.first - fadeChainStart, fadeChain.count - 1)
            fadeChain.removeFirst(folded)
            fadeChainStart += folded
        }
    }

    /// The fade as of the last advance.
    var currentFade: GradientFade {
        GradientFade(
            gradient: gradient, previousGradient: previousGradient, previousStopsShown: previousStopsShown,
            fadeChain: fadeChain, fadeChainStart: fadeChainStart)
    }

    /// The fade a read now shows: the one before an advance whose frame has not been drawn yet, else the current.
    func shownFade(world: World) -> GradientFade {
        if let pending = fadeBeforeAdvance, world.now < pending.until { return pending.fade }
        return currentFade
    }

    /// The stops fading out in `scheme`: the previous token's; under `ideal`, the blend that was on screen when a
    /// crossfade was interrupted; under `swiftui`, while crossfades overlap, what the older ones show now (each still
    /// running toward its own token); nil before the first advance.
    func previousStops(_ scheme: ColorScheme, world: World) -> [String]? {
        shownFade(world: world).previousStops(scheme, world: world)
    }

    /// The crossfade from the previous stops to the active token: the newest fade's progress (under `swiftui` the
    /// newest of the combined crossfades; 1 at rest).
    func crossfade(world: World) -> Double {
        guard let layers = world.layers(.gradientCrossfade) else { return world.value(.gradientCrossfade) }
        return layers.newest ?? 1
    }

    /// Shows `screen`, pushed or as the new root. `from` is the screen being left: the current one, except for
    /// `ui.back`, which has already popped it.
    mutating func navigate(to screen: AirFitScreen, from: AirFitScreen? = nil, push: Bool, world: inout World) {
        let from = from ?? currentScreen
        // Leaving the food screen stops the recording (its MicRippleView disappears); no haptic, nobody tapped.
        if from == .foodVoiceInput, screen != from, recording {
            recording = false
            updateRipples(world: &world)
        }
        // The screen left is no longer shown: its title's cascade stops, at rest, as a screen never shown
        // (behavior.md M9); showing it again starts a new one.
        if from != screen, cascades[from] != nil {
            cascades[from] = nil
            world.set(.cascade(from), to: 1)
        }
        if push { stack.append(screen) } else { stack = [screen] }
        leaving = from != screen ? from : nil
        world.record(NavigationEvent(from: from, to: screen))
        world.play(.medium, source: "navigation")
        // `.opacity.combined(with: .offset(y: 12))`, as a content transition: 0.6 s ease-in-out.
        move(
            .transitionProgress, from: 0, to: 1, curve: AirFitMotion.screenTransition, source: "screenTransition",
            world: &world)
        advanceGradient(world: &world)
        appear(screen, world: &world)
    }

    public mutating func apply(_ action: Action, world: inout World) throws(SimulationError) -> any ActionResult {
        switch action {
        case .navigate(let name):
            guard let screen = AirFitScreen(rawValue: name) else {
                throw .unknownScreen(name, valid: Self.screens)
            }
            // `.onAppear { gradientManager.advance() }` does not fire for a screen already shown: nothing changes
            // (checked first: dismissing the sheet would not change that).
            guard screen != currentScreen else {
                return world.refuse(
                    .alreadyShown,
                    "\(screen.rawValue) is already shown: no action makes navigating to it change anything (ui.navigate to "
                        + "another screen advances the gradient)")
            }
            if let refusal = sheetRefusal(world: world) { return world.refuse(refusal) }
            navigate(to: screen, push: false, world: &world)
            return ScreenEntered(screen: screen, gradient: gradient)
        case .tap(let target, nil):
            return try tap(target, world: &world)
        case .back:
            // At the root nothing pops, whatever covers the screen: dismissing the sheet first would not help.
            guard stack.count > 1 else {
                return world.refuse(.atRoot, Refusal.atRootMessage)
            }
            if let refusal = sheetRefusal(world: world) { return world.refuse(refusal) }
            let from = currentScreen
            stack.removeLast()
            let screen = currentScreen
            stack.removeLast()
            navigate(to: screen, from: from, push: true, world: &world)
            return Popped(screen: screen.rawValue)
        case .drag(let target, let x, let y, let velocity):
            // The sheet moves only vertically and is the only thing AirFit drags: a parameter it does not use is
            // refused rather than ignored, and `y` is required (a missing one would move the sheet to 0).
            guard target == nil else {
                throw .invalidValue(
                    parameter: "target", expected: "absent: AirFit drags its sheet, which takes no target")
            }
            guard x == nil else {
                throw .invalidValue(parameter: "x", expected: "absent: AirFit's sheet moves only vertically (y)")
            }
            guard let y else {
                throw .invalidValue(parameter: "y", expected: "the sheet's offset in points below its resting place")
            }
            return drag(y: y, velocity: velocity ?? 0, world: &world)
        case .release:
            return release(world: &world)
        case .dismiss:
            return dismissSheet(world: &world)
        case .deviceMotion(let pitch, let roll, let rotationRate):
            return deviceMotion(pitch: pitch, roll: roll, rotationRate: rotationRate, world: &world)
        default:
            throw .unsupportedAction(action.methodName, app: AirFitApp.appName)
        }
    }

    /// Why the screen under the sheet takes no `ui.navigate`, `ui.back` or tap now, or nil with no sheet. A dismissing
    /// sheet is waited for (`retryAfterMs`: `ui.dismiss` would only answer that it is already dismissing); a presented
    /// or dragged one is dismissed first.
    func sheetRefusal(world: World) -> Refusal? {
        guard let sheet else { return nil }
        guard sheet.phase == .dismissing, let goneAt = sheet.goneAt else {
            return Refusal(
                .sheetPresented,
                "the detail sheet is presented over \(currentScreen.rawValue); dismiss it first (ui.dismiss, or tap "
                    + "\(AirFitApp.sheetCloseTarget))")
        }
        return Refusal(
            .sheetDismissing,
            "the detail sheet is being dismissed and is gone at \(Refusal.describe(goneAt)) ms: "
                + world.waitAdvice(acceptedFrom: goneAt),
            acceptedFrom: goneAt)
    }

    /// What keeps a touch on the sheet (its close button, a drag that starts) from reaching it now: a finger
    /// already dragging it (one finger at a time), or no frame showing it yet (behavior.md N13).
    func sheetTouchBlockers(world: World) -> [Refusal.Blocker] {
        guard let sheet else { return [] }
        if sheet.phase == .dragging {
            return [
                Refusal.Blocker(
                    .fingerBusy, "the finger is dragging the detail sheet", help: "lift it first (ui.release), then tap"
                )
            ]
        }
        guard world.now < sheet.shownFrom else { return [] }
        return [
            Refusal.Blocker(
                .notShownYet,
                "the detail sheet is presented at this instant and no frame shows it yet: it is on screen "
                    + (sheet.shownFrom - world.now == VirtualTime(nanoseconds: 1)
                        ? "from just after this instant" : "from \(Refusal.describe(sheet.shownFrom)) ms"),
                goneAt: sheet.shownFrom)
        ]
    }

    mutating func tap(_ target: String, world: inout World) throws(SimulationError) -> any ActionResult {
        let elements = AirFitCatalog.elements(currentScreen, data: data)
        // The sheet is modal: only its own close button takes taps while it is up. While it is being dismissed, a
        // target under it is refused until it is gone (behavior.md N5), the same rule as FinPessoal's sheets.
        if let current = sheet {
            // One finger at a time, and nothing not yet drawn takes a tap (behavior.md N13).
            if target == AirFitApp.sheetCloseTarget, let refusal = world.refusal(sheetTouchBlockers(world: world)) {
                return world.refuse(refusal)
            }
            if current.phase == .dismissing, target != AirFitApp.sheetCloseTarget {
                guard elements.contains(where: { $0.target == target }), let refusal = sheetRefusal(world: world)
                else {
                    throw .unknownTarget(
                        target, screen: currentScreen.rawValue, valid: elements.map(\.target),
                        reason: "the detail sheet is being dismissed; once it is gone these targets take taps")
                }
                return world.refuse(refusal)
            }
            guard target == AirFitApp.sheetCloseTarget else {
                throw .unknownTarget(target, screen: "detail", valid: [AirFitApp.sheetCloseTarget])
            }
            return dismissSheet(world: &world)
        }
        guard let element = elements.first(where: { $0.target == target }) else {
            throw .unknownTarget(target, screen: currentScreen.rawValue, valid: elements.map(\.target))
        }
        switch element.action {
        case .minor:
            world.play(.soft, source: "tap")
            return SoftTapped(tapped: target)
        case .navigate(let screen):
            navigate(to: screen, push: true, world: &world)
            return ScreenPushed(screen: screen)
        case .flare(let destination):
            world.play(.rigid, source: "flareButton")
            flareTarget = target
            move(.flareRadius, from: 0, to: 1, curve: AirFitMotion.flare, source: "flareButton", world: &world)
            move(.flareOpacity, from: 0.6, to: 0, curve: AirFitMotion.flare, source: "flareButton", world: &world)
            if let destination { navigate(to: destination, push: true, world: &world) }
            return FlarePressed(pressed: target)
        case .sheet:
            world.play(.soft, source: "tap")
            sheet = Sheet(phase: .presented, offset: 0, shownFrom: world.firstShown(animated: world.mode != .minimal))
            world.set(.sheetOffset, to: AirFitApp.sheetHeight)
            move(
                .sheetOffset, to: 0, curve: AirFitApp.standardSpring(fps: world.fps), source: "dragDismissSheet",
                world: &world)
            world.record(SheetPresentEvent())
            return SheetPresented(sheet: "detail")
        case .mic:
            recording.toggle()
            world.play(.rigid, source: "micRipple")
            updateRipples(world: &world)
            return RecordingToggled(recording: recording)
        }
    }

    /// Starts the ripple loops (recording, not minimal) from now, or stops them.
    func updateRipples(world: inout World) {
        for index in 0..<3 {
            let ripple = PropertyKey.micRipple(index)
            if recording && world.mode != .minimal {
                // Three ripples expand and fade over 1.5 s each, 0.5 s apart, for as long as recording lasts.
                world.animate(
                    ripple, from: 0, to: 1,
                    curve: AirFitMotion.micRipple.delayed(by: AirFitMotion.micRippleDelay(index)), source: "micRipple")
            } else {
                world.set(ripple, to: 0)
            }
        }
    }

    /// Reduce Motion (minimal) turned on while recording stops the ripple loops (no rings are shown); turned off,
    /// they start again from the first ripple. Every other running animation finishes on the curve it started
    /// with; only changes made after the switch follow the new mode.
    public mutating func settingsDidChange(from old: Settings, world: inout World) {
        if recording, (old.effectiveMode == .minimal) != (world.mode == .minimal) { updateRipples(world: &world) }
    }

    public mutating func handle(_ timer: ScheduledTimer, world: inout World) {
        guard let kind = timer.kind(as: AirFitTimer.self) else { return }
        switch kind {
        case .sheetDismissed:
            guard sheet != nil else { return }
            sheet = nil
            world.set(.sheetOffset, to: 0)
            world.record(SheetDismissedEvent())
        }
    }
}
