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
        /// The frame since the animator began on which the entry was added (`added` in whole frames).
        var addedFrame: Int
        /// The entry's cumulative target, relative to the start value.
        var target: Double
        var state = SwiftUIAnimationState()
        /// Once finished, the entry gives its whole target.
        var finished = false
    }

    /// The offset from the start value at `time` since the animator began and its rate (units per second), or nil
    /// when removed. Combined: r_i' = r_(i−1)'·(1 − f_i) + the entry's own rate, f_i = a_i/(target_i − r_(i−1)).
    mutating func evaluate(value interval: Double, time: AnimationTime, logicallyComplete: inout Bool) -> Evaluation? {
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
                    value: entryValue,
                    time: time.sinceEntry(added: entries[index].added, addedFrame: entries[index].addedFrame),
                    state: &entries[index].state, logicallyComplete: &flag)
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
    func merging(_ animation: SwiftUIAnimation, value interval: Double, time: AnimationTime) -> RunningAnimation {
        guard let spring = animation.fluidSpring else { return self }
        let springTime = max(0, time.seconds - animation.delay)
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
        _ animation: SwiftUIAnimation, value interval: Double, time: AnimationTime, change: Double
    ) -> RunningAnimation {
        let entry = CombinedEntry(
            animation: animation, added: time.seconds, addedFrame: time.frame ?? 0, target: interval + change)
        switch self {
        case .combined(var entries):
            entries.append(entry)
            return .combined(entries)
        case .single(let old, let state):
            return .combined([
                CombinedEntry(animation: old, added: 0, addedFrame: 0, target: interval, state: state), entry,
            ])
        }
    }
}
