import ChoreoEngine
import ChoreoJSON

/// The celebration queue (seed 001): one CelebrationView at a time; celebrations that arrive while one plays wait
/// in FIFO order and start when the one before ends. Every animated value is exact at the current virtual time.
struct CelebrationQueue: Sendable, Hashable {
    struct Running: Sendable, Hashable {
        var celebration: Celebration
        var serial: Int
        var phase: CelebrationPhase
        var startedAt: VirtualTime
        var endsAt: VirtualTime
        var mode: AnimationMode
        var steps: [Celebration.Step]
    }

    var current: Running?
    var queue: [Celebration] = []
    var serial = 0
    /// How many celebrations have finished, for the state.
    var completed = 0

    /// Adds a celebration; it starts now when nothing plays.
    mutating func enqueue(_ celebration: Celebration, world: inout World) {
        world.record(CelebrationEnqueuedEvent(celebration: celebration))
        queue.append(celebration)
        if current == nil { startNext(world: &world) }
    }

    mutating func startNext(world: inout World) {
        guard !queue.isEmpty else { return }
        let celebration = queue.removeFirst()
        serial += 1
        let plan = celebration.plan(mode: world.mode)
        current = Running(
            celebration: celebration, serial: serial, phase: .fadeIn, startedAt: world.now,
            endsAt: world.now + plan.total,
            mode: world.mode, steps: plan.steps)
        resetProperties(world: &world)
        world.record(
            CelebrationStartedEvent(
                celebration: celebration, endsAt: (world.now + plan.total).milliseconds, mode: world.mode))
        // VoiceOver: the success is announced; the decorative animation is hidden from accessibility (seed 000).
        if world.settings.voiceOver { world.announce(celebration.announcement) }
        for (index, step) in plan.steps.enumerated() {
            if step.offset == .zero {
                runStep(index, world: &world)
            } else {
                world.schedule(FinTimer.celebration(.step(serial: serial, index: index)), after: step.offset)
            }
        }
        // The pattern plays to its end even when the visual is shorter (haptics are not motion).
        for tap in celebration.haptic.taps {
            world.schedule(
                FinTimer.celebration(.haptic(pattern: celebration.haptic, style: tap.style)),
                after: plan.hapticAt + tap.offset)
        }
        world.schedule(FinTimer.celebration(.end(serial: serial)), after: plan.total)
    }

    /// The overlay at rest: transparent, no glow or shimmer, natural size.
    private func resetProperties(world: inout World) {
        for key in [PropertyKey.celebrationOpacity, .celebrationGlow, .celebrationShimmer] {
            world.set(key, to: 0)
        }
        world.set(.celebrationScale, to: 1)
    }

    mutating func runStep(_ index: Int, world: inout World) {
        guard let running = current, index < running.steps.count else { return }
        let step = running.steps[index]
        current?.phase = step.phase
        for animation in step.animations {
            world.animate(animation.key, to: animation.to, curve: animation.curve, source: "celebration")
        }
    }

    mutating func handle(_ step: FinTimer.CelebrationStep, world: inout World) {
        switch step {
        case .haptic(let pattern, let style):
            world.play(style, source: "celebration.\(pattern.rawValue)")
        case .step(let serial, let index):
            guard current?.serial == serial else { return }
            runStep(index, world: &world)
        case .end(let serial):
            guard let running = current, running.serial == serial else { return }
            // onComplete: the overlay goes away and the next celebration starts.
            world.record(CelebrationCompletedEvent(celebration: running.celebration))
            current = nil
            completed += 1
            resetProperties(world: &world)
            startNext(world: &world)
        }
    }

    func state(world: World) -> CelebrationView {
        CelebrationView(
            current: current.map { running in
                PlayingCelebrationView(
                    celebration: running.celebration, phase: running.phase,
                    opacity: world.value(.celebrationOpacity), scale: world.value(.celebrationScale),
                    glowOpacity: world.value(.celebrationGlow)
                        * Celebration.glowPeak(highContrast: world.settings.highContrast),
                    glowRadius: running.celebration.style == .minimal || running.mode != .full ? 0 : 20,
                    shimmer: world.value(.celebrationShimmer),
                    checkmarkSize: Celebration.checkmarkSize(world.settings.dynamicType),
                    startedAt: running.startedAt.milliseconds, endsAt: running.endsAt.milliseconds,
                    mode: running.mode)
            }, queue: queue, completed: completed)
    }
}
