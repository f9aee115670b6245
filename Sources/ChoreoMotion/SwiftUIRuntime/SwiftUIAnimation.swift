/// An animation as SwiftUI's runtime runs it (the `swiftui` physics).
public indirect enum SwiftUIAnimation: Sendable, Hashable {
    /// `spring(response:dampingFraction:blendDuration:)` and its relatives: merges on retarget.
    case fluidSpring(FluidSpringAnimation)
    /// `interpolatingSpring(...)`: combined with what runs already.
    case interpolatingSpring(InterpolatingSpringAnimation)
    /// A timing curve: combined with what runs already.
    case bezier(BezierAnimation)
    /// `.delay(seconds)` (DelayAnimation): the base at max(0, elapsed − delay); merges only into the same delay
    /// whose base merges.
    case delayed(SwiftUIAnimation, delay: Double)
    /// `.repeatForever(autoreverses:)` (count nil) or `.repeatCount(_:autoreverses:)` (RepeatAnimation): the base
    /// again and again, each pass from the frame on which the previous one ended, from a fresh state; removed once
    /// `count` passes have ended (never without a count); never merges.
    case repeating(SwiftUIAnimation, count: Int?, autoreverses: Bool)

    /// One evaluation at `time` since the animation was added, for an `interval`: the offset from the start value,
    /// its rate of change (units per second) and, when the offset is a fraction of the interval (timing curves,
    /// interpolating springs), that fraction; nil when removed. `state` moves to this evaluation.
    func evaluate(
        value interval: Double, time: AnimationTime, state: inout SwiftUIAnimationState, logicallyComplete: inout Bool
    ) -> Evaluation? {
        switch self {
        case .fluidSpring(let spring):
            guard
                let offset = spring.animate(
                    value: interval, time: time.since(state.springStart).seconds,
                    blendTime: time.since(state.blendStart).seconds, state: &state.spring,
                    logicallyComplete: &logicallyComplete)
            else { return nil }
            return Evaluation(offset: offset, velocity: state.spring.velocity, fraction: nil)
        case .interpolatingSpring(let spring):
            let seconds = time.seconds
            guard spring.animate(value: interval, time: seconds, logicallyComplete: &logicallyComplete) != nil
            else { return nil }
            let progress = spring.progress(at: seconds)
            return Evaluation(
                offset: interval * progress, velocity: interval * spring.rate(at: seconds), fraction: progress)
        case .bezier(let curve):
            guard let progress = curve.fraction(elapsed: time.seconds) else { return nil }
            return Evaluation(
                offset: interval * progress, velocity: interval * curve.rate(elapsed: time.seconds), fraction: progress)
        case .delayed(let base, let delay):
            guard
                let result = base.evaluate(
                    value: interval, time: time.delayed(by: delay), state: &state,
                    logicallyComplete: &logicallyComplete)
            else { return nil }
            return time.seconds - delay > 0
                ? result : Evaluation(offset: result.offset, velocity: 0, fraction: result.fraction)
        case .repeating(let base, let count, let autoreverses):
            let reversed = autoreverses && state.repeatIndex & 1 != 0
            var passComplete = false
            guard
                let result = base.evaluate(
                    value: interval, time: time.since(state.repeatStart), state: &state,
                    logicallyComplete: &passComplete)
            else {
                // The pass ended on this frame: the frame shows its end, and the next pass starts here from a fresh
                // state (RepeatAnimation resets the context's state), counted in whole frames from this one.
                let index = state.repeatIndex + 1
                state = SwiftUIAnimationState()
                state.repeatIndex = index
                state.repeatStart = time
                if let count, index >= count { return nil }
                return Evaluation(offset: reversed ? 0 : interval, velocity: 0, fraction: reversed ? 0 : 1)
            }
            guard reversed else { return result }
            return Evaluation(
                offset: interval - result.offset, velocity: -result.velocity, fraction: result.fraction.map { 1 - $0 })
        }
    }

    /// Whether a new animation merges into `previous` (shouldMerge): a fluid spring always does; a delayed one only
    /// into the same delay whose base merges; everything else is combined.
    func merges(into previous: SwiftUIAnimation) -> Bool {
        switch self {
        case .fluidSpring: return true
        case .delayed(let base, let delay):
            guard case .delayed(let previousBase, let previousDelay) = previous, previousDelay == delay else {
                return false
            }
            return base.merges(into: previousBase)
        case .interpolatingSpring, .bezier, .repeating: return false
        }
    }

    /// The fluid spring at the heart of the animation, when it is one (possibly delayed).
    var fluidSpring: FluidSpringAnimation? {
        switch self {
        case .fluidSpring(let spring): return spring
        case .delayed(let base, _): return base.fluidSpring
        default: return nil
        }
    }

    /// Whether it repeats for ever (possibly after a delay).
    public var repeats: Bool {
        switch self {
        case .repeating(_, let count, _): return count == nil
        case .delayed(let base, _): return base.repeats
        default: return false
        }
    }

    /// The delay before the base animation, in seconds (0 when not delayed).
    var delay: Double {
        if case .delayed(_, let delay) = self { return delay }
        return 0
    }
}

/// One evaluation of an animation: the offset from the start value, its rate (units per second), and the fraction
/// of the interval the offset is, when it is one (nil for a fluid spring, whose offset is a state of its own).
struct Evaluation: Sendable, Hashable {
    var offset: Double
    var velocity: Double
    var fraction: Double?
    /// Of a combined animation: each entry's progress toward its own target, oldest first (1 once finished), from
    /// the last finished one (those before are folded away).
    var layers: [Double]? = nil
}

/// The state an animation keeps between frames (SwiftUI's AnimationState): a fluid spring's and where its clock
/// starts, and a repeat's pass count and the time at which the current pass began.
public struct SwiftUIAnimationState: Sendable, Hashable {
    var spring = FluidSpringState()
    /// How many passes of a repeat have ended.
    var repeatIndex = 0
    /// The time given on the frame that ended the last pass, where the current pass begins (SwiftUI's
    /// `timeOffset`); nil during the first pass. Passes are counted in whole frames from it.
    var repeatStart: AnimationTime? = nil
    /// The time given on the frame a fluid spring merged (the 0 of its own clock: SwiftUI's `startTime`, where the
    /// integrator and a blend start); the counter's 0 (``ClockStart/origin``) for one that started with the animator.
    /// Counted in whole frames from it, so a merged spring runs the same whatever the frame it merged on.
    var springStart = ClockStart.origin
    /// The time given on the frame a blend of responses began (SwiftUI's `blendStart`); the counter's 0 before any.
    var blendStart = ClockStart.origin

    /// The state before the first frame.
    public init() {}
}
