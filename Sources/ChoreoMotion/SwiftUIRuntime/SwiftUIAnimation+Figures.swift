/// An animation's figures as SwiftUI's runtime evaluates it from rest over a change of 0 → 1 on its own frames
/// (``SwiftUICurveSampler``; `motion.audit`'s `swiftui` figures): when it is logically complete, when it is
/// removed, and how far it overshoots. A session shows each of these two frames after the transaction's update.
public struct SwiftUIFigures: Sendable {
    /// When the runtime considers it logically complete, not rounded to a frame, in seconds: a spring's response,
    /// an interpolating spring's 2π/√stiffness, a timing curve's duration (where it shows exactly 1).
    public var logicalTime: Double
    /// The own frame (seconds of elapsed time) on which it reports logical completion at `fps` (a timing curve:
    /// its removal frame, as SwiftUI never marks one earlier).
    public var logicalFrameTime: Double?
    /// The own frame (seconds of elapsed time) on which it is removed at `fps` (nil if not within the limit).
    public var removalTime: Double?
    /// The frames per second of `logicalFrameTime` and `removalTime`.
    public var fps: Int
    /// The largest excursion past the target (fraction of the change) and when (seconds): fluid springs on the
    /// integrator's 1/300 s grid, interpolating springs at their continuous peak, timing curves 0.
    public var overshoot: (fraction: Double, time: Double)
}

extension SwiftUIAnimation {
    /// The figures of this animation from rest over 0 → 1, started `delay` seconds after a call (DelayAnimation:
    /// the own frames count from the call, so a 588 ms ease-out 12 ms late is removed at 616.7 ms at 60 fps).
    public func figures(fps: Int, delay: Double = 0, limit: Double = 60) -> SwiftUIFigures {
        let animation: SwiftUIAnimation = delay > 0 ? .delayed(self, delay: delay) : self
        var sampler = SwiftUICurveSampler(animation, interval: 1, fps: fps)
        sampler.runUntilRemoved(limit: delay + limit)
        func seconds(_ frame: Int?) -> Double? { frame.map { Double($0) / Double(fps) } }
        return SwiftUIFigures(
            logicalTime: logicalTime, logicalFrameTime: seconds(sampler.logicallyCompleteFrame),
            removalTime: seconds(sampler.removedFrame), fps: fps, overshoot: unitOvershoot)
    }

    /// When the runtime considers it logically complete, not rounded to a frame, in seconds.
    public var logicalTime: Double {
        switch self {
        case .fluidSpring(let spring): return spring.response
        case .interpolatingSpring(let spring): return spring.logicalTime
        case .bezier(let curve): return curve.duration
        case .delayed(let base, let delay): return delay + base.logicalTime
        case .repeating(let base, let count, _): return count.map { base.logicalTime * Double($0) } ?? .infinity
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
                let time = state.time + FluidSpringAnimation.halfStep
                _ = spring.animate(value: 1, time: time, blendTime: time, state: &state, logicallyComplete: &flag)
                if state.offset - 1 > best.fraction { best = (state.offset - 1, state.time) }
            }
        case .interpolatingSpring(let spring):
            if let peak = spring.firstPeak(), spring.progress(at: peak) - 1 > 0 {
                best = (spring.progress(at: peak) - 1, peak)
            }
        case .delayed(let base, let delay):
            best = base.unitOvershoot
            if best.fraction > 0 { best.time += delay }
        case .bezier, .repeating:
            break
        }
        return best
    }
}

extension InterpolatingSpringAnimation {
    /// The time of the first maximum of the progress after the start (the continuous peak), in seconds: the first
    /// zero of the rate after 0 where it turns from rising to falling, found by bracketing on a 1 ms grid over 10 s
    /// and bisection to 1e-12 s; nil when the progress never turns (critically or over-damped from rest).
    func firstPeak() -> Double? {
        var previous = rate(at: 0)
        var t = 0.0
        let step = 0.001
        for i in 1...10_000 {
            let next = Double(i) * step
            let value = rate(at: next)
            if previous > 0, value <= 0 {
                var lo = t
                var hi = next
                while hi - lo > 1e-12 {
                    let mid = (lo + hi) / 2
                    if rate(at: mid) > 0 { lo = mid } else { hi = mid }
                }
                return (lo + hi) / 2
            }
            previous = value
            t = next
        }
        return nil
    }
}
