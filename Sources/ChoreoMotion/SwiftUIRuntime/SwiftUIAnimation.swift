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

    /// One evaluation `time` seconds after the animation was added, for an `interval`: the offset from the start
    /// value, its rate of change (units per second) and, when the offset is a fraction of the interval (timing
    /// curves, interpolating springs), that fraction; nil when removed. `state` moves to this evaluation.
    func evaluate(
        value interval: Double, time: Double, state: inout SwiftUIAnimationState, logicallyComplete: inout Bool
    ) -> Evaluation? {
        switch self {
        case .fluidSpring(let spring):
            guard
                let offset = spring.animate(
                    value: interval, time: time, state: &state.spring, logicallyComplete: &logicallyComplete)
            else { return nil }
            return Evaluation(offset: offset, velocity: state.spring.velocity, fraction: nil)
        case .interpolatingSpring(let spring):
            guard spring.animate(value: interval, time: time, logicallyComplete: &logicallyComplete) != nil
            else { return nil }
            let progress = spring.progress(at: time)
            return Evaluation(
                offset: interval * progress, velocity: interval * spring.rate(at: time), fraction: progress)
        case .bezier(let curve):
            guard let progress = curve.fraction(elapsed: time) else { return nil }
            return Evaluation(
                offset: interval * progress, velocity: interval * curve.rate(elapsed: time), fraction: progress)
        case .delayed(let base, let delay):
            let delayed = max(0, time - delay)
            guard
                let result = base.evaluate(
                    value: interval, time: delayed, state: &state, logicallyComplete: &logicallyComplete)
            else { return nil }
            return time - delay > 0 ? result : Evaluation(offset: result.offset, velocity: 0, fraction: result.fraction)
        case .repeating(let base, let count, let autoreverses):
            let reversed = autoreverses && state.repeatIndex & 1 != 0
            var passComplete = false
            guard
                let result = base.evaluate(
                    value: interval, time: time - state.repeatOffset, state: &state, logicallyComplete: &passComplete)
            else {
                // The pass ended on this frame: the frame shows its end, and the next pass starts here from a fresh
                // state (RepeatAnimation resets the context's state).
                let index = state.repeatIndex + 1
                state = SwiftUIAnimationState()
                state.repeatIndex = index
                state.repeatOffset = time
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
    /// Of a combined animation: each entry's progress toward its own target, oldest first (1 once finished).
    var layers: [Double]? = nil
}

/// The state an animation keeps between frames (SwiftUI's AnimationState): a fluid spring's, and a repeat's pass
/// count and the elapsed time (seconds) at which the current pass began.
public struct SwiftUIAnimationState: Sendable, Hashable {
    var spring = FluidSpringState()
    var repeatIndex = 0
    var repeatOffset = 0.0

    /// The state before the first frame.
    public init() {}
}

/// What an animator is running: one animation with its state, or overlapping animations that did not merge.
enum RunningAnimation: Sendable, Hashable {
    /// One animation and its state.
    case single(SwiftUIAnimation, SwiftUIAnimationState)
    /// Overlapping animations, oldest first (DefaultCombiningAnimation).
    case combined([CombinedEntry])

    /// One entry of a combined animation: entry i moves from what the older ones give toward its own cumulative
    /// `target` (relative to the animator's start value), r_i = r_(i−1) + f_i(t − added_i)·(target_i − r_(i−1)).
    struct CombinedEntry: Sendable, Hashable {
        var animation: SwiftUIAnimation
        /// Seconds since the animator began at which the entry was added.
        var added: Double
        /// The entry's cumulative target, relative to the start value.
        var target: Double
        var state = SwiftUIAnimationState()
        /// Once finished, the entry gives its whole target.
        var finished = false
    }

    /// The offset from the start value at `time` seconds since the animator began and its rate (units per second),
    /// or nil when removed. Combined: r_i' = r_(i−1)'·(1 − f_i) + the entry's own rate, f_i = a_i/(target_i − r_(i−1)).
    mutating func evaluate(value interval: Double, time: Double, logicallyComplete: inout Bool) -> Evaluation? {
        switch self {
        case .single(let animation, var state):
            let result = animation.evaluate(
                value: interval, time: time, state: &state, logicallyComplete: &logicallyComplete)
            self = .single(animation, state)
            return result
        case .combined(var entries):
            defer { self = .combined(entries) }
            var result = 0.0
            var rate = 0.0
            var layers: [Double] = []
            for index in entries.indices {
                if entries[index].finished {
                    result = entries[index].target
                    rate = 0
                    layers.append(1)
                    continue
                }
                var flag = logicallyComplete
                let entryValue = entries[index].target - result
                let animated = entries[index].animation.evaluate(
                    value: entryValue, time: time - entries[index].added, state: &entries[index].state,
                    logicallyComplete: &flag)
                if let animated {
                    // A timing curve or interpolating spring entry is f·(its value), and its value moves with what
                    // the older entries give; a fluid spring's offset is a state of its own.
                    rate = rate * (1 - (animated.fraction ?? 0)) + animated.velocity
                    result += animated.offset
                    layers.append(animated.fraction ?? (entryValue != 0 ? animated.offset / entryValue : 1))
                } else {
                    entries[index].finished = true
                    result += entryValue
                    rate = 0
                    layers.append(1)
                }
                if index == entries.count - 1 {
                    logicallyComplete = flag
                    guard animated != nil else { return nil }
                    var evaluation = Evaluation(offset: result, velocity: rate, fraction: nil)
                    evaluation.layers = layers
                    return evaluation
                }
            }
            return nil
        }
    }

    /// Merges a fluid spring (possibly delayed) into what runs at `time` (FluidSpringAnimation.shouldMerge): it
    /// keeps the offset (advanced to `time`), the last frame's velocity and force (a previous fluid spring's; from
    /// rest after anything else), and blends from a previous fluid spring's different response.
    func merging(_ animation: SwiftUIAnimation, value interval: Double, time: Double) -> RunningAnimation {
        guard let spring = animation.fluidSpring else { return self }
        let springTime = max(0, time - animation.delay)
        var state = SwiftUIAnimationState()
        var previousResponse: Double?
        if case .single(let previous, let previousState) = self, let previousSpring = previous.fluidSpring {
            state = previousState
            previousResponse = previousSpring.response
        }
        var advanced = self
        var flag = false
        state.spring.offset =
            advanced.evaluate(value: interval, time: time, logicallyComplete: &flag)?.offset ?? interval
        state.spring.time = springTime
        state.spring.startTime = springTime
        if let previousResponse, previousResponse != spring.response {
            state.spring.blendInterval = previousResponse - spring.response
            state.spring.blendStart = springTime
        }
        return .single(animation, state)
    }

    /// Adds a non-merging animation at `time` with its cumulative target (combineAnimation).
    func combining(
        _ animation: SwiftUIAnimation, value interval: Double, time: Double, change: Double
    ) -> RunningAnimation {
        switch self {
        case .combined(var entries):
            entries.append(CombinedEntry(animation: animation, added: time, target: interval + change))
            return .combined(entries)
        case .single(let old, let state):
            return .combined([
                CombinedEntry(animation: old, added: 0, target: interval, state: state),
                CombinedEntry(animation: animation, added: time, target: interval + change),
            ])
        }
    }
}
