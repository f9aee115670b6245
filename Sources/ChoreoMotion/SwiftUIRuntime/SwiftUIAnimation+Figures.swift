/// An animation's figures as SwiftUI's runtime runs it from rest over a change of 0 → 1 (`motion.audit`'s `swiftui`
/// figures): when it is logically complete, when the render loop removes it, and how far it overshoots.
public struct SwiftUIFigures: Sendable {
    /// When the runtime considers it logically complete, not rounded to a frame, in seconds: a spring's response,
    /// an interpolating spring's 2π/√stiffness, a timing curve's duration (where it shows exactly 1).
    public var logicalTime: Double
    /// The frame (seconds from the call) at which the animator records it logically complete at `fps` (a timing
    /// curve: its removal frame, as SwiftUI never marks one earlier).
    public var logicalFrameTime: Double?
    /// The frame (seconds from the call) at which the render loop removes it at `fps` (nil if not within the limit).
    public var removalTime: Double?
    /// The frames per second of `logicalFrameTime` and `removalTime`.
    public var fps: Int
    /// The largest excursion past the target (fraction of the change) and when (seconds): fluid springs on the
    /// integrator's 1/300 s grid, interpolating springs on a 0.1 ms grid over 3 s, timing curves 0.
    public var overshoot: (fraction: Double, time: Double)
}

extension SwiftUIAnimation {
    /// The figures of this animation from rest over 0 → 1, started `delay` seconds after a call made on a frame:
    /// the render loop keeps drawing at n/`fps` s from the call, so a delayed animation ends on the call's frames
    /// (a 588 ms ease-out 12 ms late is removed at 616.7 ms at 60 fps, not at 12 + 600 ms).
    public func figures(fps: Int, delay: Double = 0, limit: Double = 60) -> SwiftUIFigures {
        var animator = SwiftUIAnimator(value: 0, fps: fps)
        animator.animate(at: delay, to: 1, with: self)
        let removal = animator.runUntilRemoved(limit: delay + limit)
        return SwiftUIFigures(
            logicalTime: logicalTime, logicalFrameTime: animator.logicallyCompleteAt, removalTime: removal, fps: fps,
            overshoot: unitOvershoot)
    }

    /// When the runtime considers it logically complete, not rounded to a frame, in seconds.
    public var logicalTime: Double {
        switch self {
        case .fluidSpring(let spring): return spring.response
        case .interpolatingSpring(let spring): return spring.logicalTime
        case .bezier(let curve): return curve.duration
        }
    }

    /// The largest excursion past the target of a 0 → 1 change, as a fraction of it, and when (seconds).
    public var unitOvershoot: (fraction: Double, time: Double) {
        var best = (fraction: 0.0, time: 0.0)
        switch self {
        case .fluidSpring(let spring):
            // The integrator's own grid, one 1/300 s step per call, without removal, for 5 s.
            var state = FluidSpringState()
            var flag = false
            while state.time < 5 {
                _ = spring.animate(
                    value: 1, time: state.time + FluidSpringAnimation.halfStep, state: &state, logicallyComplete: &flag)
                if state.offset - 1 > best.fraction { best = (state.offset - 1, state.time) }
            }
        case .interpolatingSpring(let spring):
            for i in 0...30_000 {
                let t = Double(i) * 1e-4
                let excess = spring.progress(at: t) - 1
                if excess > best.fraction { best = (excess, t) }
            }
        case .bezier:
            break
        }
        return best
    }
}
