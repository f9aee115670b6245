import Testing

@testable import ChoreoMotion

/// behavior.md's rule of the frame clock, as a property of the render loop rather than a list of places: every time
/// an animation is given on a frame is a whole number of frames since where it starts, one division, so
/// - a retarget or a reverse (a merged spring, a combined entry, a delayed one) ends its duration counted from the
///   frame it starts on — logically complete on the first frame at or after it (a spring's response, an
///   interpolating spring's period and removal bound), removed on the first frame after it (a timing curve) —
///   whichever frame that is;
/// - a repeat's pass lasts a whole number of frames, the least k with k/fps past its duration, for an hour.
///
/// The expected frames are the rule's, computed here by counting k/fps (k whole) against the duration; the engine's
/// frames are read through its milestones and, frame by frame, through the unpruned render loop.
@Suite("Frame indices everywhere, as a property")
struct FrameIndexPropertyTests {
    /// The least k ≥ 0 with k/fps past `seconds` (`strictly`) or at or past it.
    static func frames(past seconds: Double, fps: Int, strictly: Bool) -> Int {
        var k = max(0, Int((seconds * Double(fps)).rounded(.down)) - 2)
        while !(strictly ? Double(k) / Double(fps) > seconds : Double(k) / Double(fps) >= seconds) { k += 1 }
        return k
    }

    /// A retarget at frame d of an animation 0 → 1 begun at frame 0, and the frames after d on which the rule says
    /// it is logically complete and removed (nil: not a duration the rule fixes, such as a spring's removal).
    struct Retarget: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let forward: SwiftUIAnimation
        let retarget: SwiftUIAnimation
        let target: Double
        /// The rule's frames at `fps`, for a retarget that merged into or combined with the first animation
        /// (`joined`), or started alone after it was removed.
        let expected: @Sendable (_ fps: Int, _ joined: Bool) -> (logical: Int?, removed: Int?)
    }

    static let spring = SwiftUIAnimation.fluid(0.4, 0.8, 0)
    static let interpolating = SwiftUIAnimation.interpolating(130, 12, 1)
    static let linear = SwiftUIAnimation.bezier(0, 0, 1, 1, 0.25)
    static let easeInOut = SwiftUIAnimation.bezier(0.42, 0, 0.58, 1, 0.6)

    static let retargets: [Retarget] = [
        Retarget(
            testDescription: "the hero's spring reversed (merged)", forward: spring, retarget: spring, target: 0,
            expected: { fps, _ in (frames(past: 0.4, fps: fps, strictly: false), nil) }),
        Retarget(
            testDescription: "a spring retargeted by a quicker one with a blend", forward: spring,
            retarget: .fluid(0.3, 0.8, 0.5), target: 2,
            // Merged, the response blends from 0.4 to 0.3 over 0.5 s (smoothstep) from the merge's frame.
            expected: { fps, merged in
                guard merged else { return (frames(past: 0.3, fps: fps, strictly: false), nil) }
                var k = 0
                while true {
                    let t = Double(k) / Double(fps)
                    let p = min(t / 0.5, 1)
                    if 0.3 + 0.1 * (1 - p * p * (3 - (p + p))) <= t { return (k, nil) }
                    k += 1
                }
            }),
        Retarget(
            testDescription: "an interpolating spring retargeted (combined)", forward: interpolating,
            retarget: interpolating, target: 0,
            expected: { fps, _ in
                guard case .interpolatingSpring(let spring) = interpolating else { return (nil, nil) }
                return (
                    frames(past: spring.logicalTime, fps: fps, strictly: false),
                    frames(past: spring.removalBound, fps: fps, strictly: false)
                )
            }),
        Retarget(
            testDescription: "the reduced hero reversed (linear 250 ms combined)", forward: linear, retarget: linear,
            target: 0,
            expected: { fps, _ in
                (frames(past: 0.25, fps: fps, strictly: true), frames(past: 0.25, fps: fps, strictly: true))
            }),
        Retarget(
            testDescription: "a crossfade reversed over a running spring (easeInOut 0.6 s combined)", forward: spring,
            retarget: easeInOut, target: 0,
            expected: { fps, _ in
                (frames(past: 0.6, fps: fps, strictly: true), frames(past: 0.6, fps: fps, strictly: true))
            }),
        Retarget(
            testDescription: "a delayed timing curve over a running one (linear 250 ms after 100 ms)",
            forward: easeInOut, retarget: .delayed(0.1, linear), target: 0,
            expected: { fps, _ in
                // DelayAnimation: the base at the entry's whole-frame time less the delay.
                var k = 0
                while !(Double(k) / Double(fps) - 0.1 > 0.25) { k += 1 }
                return (k, k)
            }),
    ]

    /// What the engine does after a retarget at frame `d`: the frames of logical completion and removal after the
    /// frame the retarget starts on — d itself while the first animation runs (it is combined or merged on that
    /// frame, even the one that removes it), two frames later once it was removed (a new animator's phases, RL3).
    static func ends(of scenario: Retarget, fps: Int, at d: Int) -> (logical: Int?, removed: Int?, joined: Bool) {
        var animator = SwiftUIAnimator(value: 0, fps: fps)
        animator.animate(atFrame: 0, to: 1, with: scenario.forward)
        let forwardRemoved = animator.milestones(limitFrame: 60 * fps).removed ?? .max
        animator.animate(atFrame: d, to: scenario.target, with: scenario.retarget)
        let found = animator.milestones(limitFrame: d + 60 * fps)
        let start = forwardRemoved < d ? d + 2 : d
        return (found.logicallyComplete.map { $0 - start }, found.removed.map { $0 - start }, start == d)
    }

    @Test(
        "A retarget ends its duration counted from the frame it starts on, on every frame of the first second",
        arguments: retargets, [60, 120])
    func retargetEndsItsDurationFromItsFrame(scenario: Retarget, fps: Int) {
        // Every frame of the first second after the phases of the first animation.
        var departures: [String] = []
        for d in 3...(fps + 2) {
            let found = Self.ends(of: scenario, fps: fps, at: d)
            let expected = scenario.expected(fps, found.joined)
            // A spring removed before its response (at rest, back where the animator began) is complete there.
            if let logical = expected.logical, found.logical != min(logical, found.removed ?? .max) {
                departures.append("\(d): logical \(String(describing: found.logical))")
            }
            if let removed = expected.removed, found.removed != removed {
                departures.append("\(d): removed \(String(describing: found.removed))")
            }
        }
        #expect(departures.isEmpty, "ends off the rule when retargeted on frames \(departures)")
    }

    @Test(
        "The unpruned render loop, frame by frame, ends every retarget where the milestones do", arguments: [60, 120])
    func frameByFrameAgrees(fps: Int) {
        for scenario in Self.retargets {
            for d in stride(from: 3, through: fps + 2, by: 7) {
                var frames = UnprunedAnimator(value: 0, fps: fps)
                frames.animate(atFrame: 0, to: 1, with: scenario.forward)
                frames.animate(atFrame: d, to: scenario.target, with: scenario.retarget)
                var frame = d
                while frames.isAnimating, frame < d + 10 * fps {
                    frame += 1
                    frames.draw(through: frame)
                }
                var animator = SwiftUIAnimator(value: 0, fps: fps)
                animator.animate(atFrame: 0, to: 1, with: scenario.forward)
                animator.animate(atFrame: d, to: scenario.target, with: scenario.retarget)
                let found = animator.milestones(limitFrame: d + 60 * fps)
                #expect(frames.removedFrame == found.removed, "\(scenario) at \(d)")
                #expect(frames.logicallyCompleteFrame == found.logicallyComplete, "\(scenario) at \(d)")
            }
        }
    }

    /// A loop 0 → 1 and where its passes end, counted on the repeat's own state (a pass-ending frame moves the pass
    /// index): the frames after `start` on which pass 1, 2, … end.
    struct Loop: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let animation: SwiftUIAnimation
        /// One pass's duration and the delay before the first.
        let duration: Double
        let delay: Double
    }

    static let loops: [Loop] = [
        Loop(
            testDescription: "the premium gradient (linear 3 s)",
            animation: .repeating(.bezier(0, 0, 1, 1, 3), autoreverses: false),
            duration: 3, delay: 0),
        Loop(
            testDescription: "the budget-warning gradient reduced (linear 4.5 s)",
            animation: .repeating(.bezier(0, 0, 1, 1, 4.5), autoreverses: false), duration: 4.5, delay: 0),
        Loop(
            testDescription: "the shimmer (easeInOut 1.5 s)",
            animation: .repeating(.bezier(0.42, 0, 0.58, 1, 1.5), autoreverses: false), duration: 1.5, delay: 0),
        Loop(
            testDescription: "the skeleton pulse (easeInOut 0.75 s, autoreversing)",
            animation: .repeating(.bezier(0.42, 0, 0.58, 1, 0.75), autoreverses: true), duration: 0.75, delay: 0),
        Loop(
            testDescription: "a mic ripple (easeOut 1.5 s after 0.5 s)",
            animation: .delayed(0.5, .repeating(.bezier(0, 0, 0.58, 1, 1.5), autoreverses: false)), duration: 1.5,
            delay: 0.5),
        Loop(
            testDescription: "a loop of a third of a second",
            animation: .repeating(.bezier(0, 0, 1, 1, 1.0 / 3), autoreverses: false),
            duration: 1.0 / 3, delay: 0),
    ]

    /// How many passes have ended by `frame` of an animator whose loop began at `start` (with nothing else running).
    static func passesEnded(_ animator: SwiftUIAnimator) -> Int? {
        guard case .single(_, let state) = animator.runningAnimation else { return nil }
        return state.repeatIndex
    }

    @Test("A loop's passes last a whole number of frames for an hour, wherever it starts", arguments: loops, [60, 120])
    func passesLastWholeFramesForAnHour(loop: Loop, fps: Int) {
        let pass = Self.frames(past: loop.duration, fps: fps, strictly: true)
        // The first pass: its delay and duration from the frame two after the loop's (the phases), the least whole
        // frame whose time past the delay is past the duration.
        var first = 0
        while !(Double(first) / Double(fps) - loop.delay > loop.duration) { first += 1 }
        let hour = 3_600 * fps
        var departures: [String] = []
        for start in [0, 1, fps / 2 + 1, fps - 1] {
            var animator = SwiftUIAnimator(value: 0, fps: fps, frame: start)
            animator.animate(atFrame: start, to: 1, with: loop.animation)
            var end = start + 2 + first
            var index = 1
            while end - start <= hour, departures.count < 5 {
                animator.draw(through: end - 1)
                let before = Self.passesEnded(animator)
                animator.draw(through: end)
                let after = Self.passesEnded(animator)
                if before != index - 1 || after != index {
                    departures.append(
                        "start \(start), pass \(index) at frame \(end): \(String(describing: before)) → \(String(describing: after))"
                    )
                }
                end += pass
                index += 1
            }
        }
        #expect(departures.isEmpty, "pass of \(pass) frames: \(departures)")
    }

    @Test("A loop combined over a running animation counts its passes from its own frame", arguments: [60, 120])
    func combinedLoopCountsFromItsFrame(fps: Int) {
        let loop = SwiftUIAnimation.repeating(.bezier(0, 0, 1, 1, 0.5), autoreverses: false)
        let pass = Self.frames(past: 0.5, fps: fps, strictly: true)
        var departures: [Int] = []
        // While the easeInOut runs (it is removed on frame 2 + 0.6 s + a frame): the loop is combined with it.
        let forwardRemoved = 2 + Self.frames(past: 0.6, fps: fps, strictly: true)
        for d in 3...forwardRemoved {
            var animator = SwiftUIAnimator(value: 0, fps: fps)
            animator.animate(atFrame: 0, to: 1, with: Self.easeInOut)
            animator.animate(atFrame: d, to: 2, with: loop)
            // Far into the hour the newest entry's passes still end on d + m·pass.
            for m in [1, 2, 3, 7_000] where m * pass <= 3_600 * fps {
                animator.draw(through: d + m * pass - 1)
                let before = Self.newestRepeatIndex(animator)
                animator.draw(through: d + m * pass)
                if before != m - 1 || Self.newestRepeatIndex(animator) != m { departures.append(d) }
            }
        }
        #expect(departures.isEmpty, "passes off the whole frames for retargets on frames \(departures)")
    }

    static func newestRepeatIndex(_ animator: SwiftUIAnimator) -> Int? {
        switch animator.runningAnimation {
        case .combined(let chain): return chain.newestEntry.state.repeatIndex
        case .single(_, let state): return state.repeatIndex
        case nil: return nil
        }
    }
}
