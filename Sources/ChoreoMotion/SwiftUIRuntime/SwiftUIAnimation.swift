/// An animation as SwiftUI's runtime runs it (the `swiftui` physics).
public enum SwiftUIAnimation: Sendable, Hashable {
    /// `spring(response:dampingFraction:blendDuration:)` and its relatives: merges on retarget.
    case fluidSpring(FluidSpringAnimation)
    /// `interpolatingSpring(...)`: combined with what runs already.
    case interpolatingSpring(InterpolatingSpringAnimation)
    /// A timing curve: combined with what runs already.
    case bezier(BezierAnimation)

    /// Advances `state` to `time` (seconds since the animation was added) for an `interval`; the offset from the
    /// start value, or nil when removed.
    func animate(value interval: Double, time: Double, state: inout FluidSpringState, logicallyComplete: inout Bool)
        -> Double?
    {
        switch self {
        case .fluidSpring(let spring):
            return spring.animate(value: interval, time: time, state: &state, logicallyComplete: &logicallyComplete)
        case .interpolatingSpring(let spring):
            return spring.animate(value: interval, time: time, logicallyComplete: &logicallyComplete)
        case .bezier(let curve):
            return curve.fraction(elapsed: time).map { interval * $0 }
        }
    }
}

/// What an animator is running: one animation with its state, or overlapping animations that did not merge.
enum RunningAnimation: Sendable, Hashable {
    /// One animation and its state (only a fluid spring uses the state).
    case single(SwiftUIAnimation, FluidSpringState)
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
        var state = FluidSpringState()
        /// Once finished, the entry gives its whole target.
        var finished = false
    }

    /// The offset from the start value at `time` seconds since the animator began, or nil when removed.
    mutating func animate(value interval: Double, time: Double, logicallyComplete: inout Bool) -> Double? {
        switch self {
        case .single(let animation, var state):
            let offset = animation.animate(
                value: interval, time: time, state: &state, logicallyComplete: &logicallyComplete)
            self = .single(animation, state)
            return offset
        case .combined(var entries):
            defer { self = .combined(entries) }
            var result = 0.0
            for index in entries.indices {
                if entries[index].finished {
                    result = entries[index].target
                    continue
                }
                var flag = logicallyComplete
                let entryValue = entries[index].target - result
                let animated = entries[index].animation.animate(
                    value: entryValue, time: time - entries[index].added, state: &entries[index].state,
                    logicallyComplete: &flag)
                if let animated {
                    result += animated
                } else {
                    entries[index].finished = true
                    result += entryValue
                }
                if index == entries.count - 1 {
                    logicallyComplete = flag
                    return animated == nil ? nil : result
                }
            }
            return nil
        }
    }

    /// Merges a fluid spring into what runs at `time` (FluidSpringAnimation.shouldMerge): it keeps the offset
    /// (advanced to `time`), the last frame's velocity and force (a previous fluid spring's; from rest after
    /// anything else), and blends from a previous fluid spring's different response.
    func merging(_ spring: FluidSpringAnimation, value interval: Double, time: Double) -> RunningAnimation {
        var state = FluidSpringState()
        var previousResponse: Double?
        if case .single(.fluidSpring(let previous), let previousState) = self {
            state = previousState
            previousResponse = previous.response
        }
        var advanced = self
        var flag = false
        state.offset = advanced.animate(value: interval, time: time, logicallyComplete: &flag) ?? interval
        state.time = time
        state.startTime = time
        if let previousResponse, previousResponse != spring.response {
            state.blendInterval = previousResponse - spring.response
            state.blendStart = time
        }
        return .single(.fluidSpring(spring), state)
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
