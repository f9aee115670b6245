/// What an animator is running: one animation with its state, or overlapping animations that did not merge.
enum RunningAnimation: Sendable, Hashable {
    /// One animation and its state.
    case single(SwiftUIAnimation, SwiftUIAnimationState)
    /// Overlapping animations, oldest first (DefaultCombiningAnimation), without those no frame reaches any more.
    case combined(CombinedChain)

    /// The offset from the start value at `time` since the animator began and its rate (units per second), or nil
    /// when removed.
    mutating func evaluate(value interval: Double, time: AnimationTime, logicallyComplete: inout Bool) -> Evaluation? {
        switch self {
        case .single(let animation, var state):
            let result = animation.evaluate(
                value: interval, time: time, state: &state, logicallyComplete: &logicallyComplete)
            self = .single(animation, state)
            return result
        case .combined(var chain):
            // The chain leaves `self` while it changes, so that its states are not copied.
            self = Self.vacated
            defer { self = .combined(chain) }
            return chain.evaluate(time: time, logicallyComplete: &logicallyComplete)
        }
    }

    /// What `self` holds for the instant its chain is being changed (so that the chain's storage is not shared).
    private static let vacated = RunningAnimation.single(
        .bezier(BezierAnimation(CubicBezier(x1: 0, y1: 0, x2: 1, y2: 1), duration: 0)), SwiftUIAnimationState())

    /// Merges a fluid spring (possibly delayed) into what runs at `time` (FluidSpringAnimation.shouldMerge): it
    /// keeps the offset (advanced to `time`), the last frame's velocity and force (a previous fluid spring's, delayed
    /// or not; from rest after anything else), and blends from a previous fluid spring's different response (not
    /// from a delayed one, which is a DelayAnimation, not a FluidSpringAnimation). The spring's own clock starts at
    /// `time` (past the new animation's delay), counted in whole frames.
    func merging(_ animation: SwiftUIAnimation, value interval: Double, time: AnimationTime) -> RunningAnimation {
        guard animation.fluidSpring != nil else { return self }
        var state = SwiftUIAnimationState()
        var previousResponse: Double?
        if case .single(let previous, let previousState) = self, previous.fluidSpring != nil {
            state = previousState
            if case .fluidSpring(let previousSpring) = previous { previousResponse = previousSpring.response }
        }
        var advanced = self
        var flag = false
        state.spring.offset =
            advanced.evaluate(value: interval, time: time, logicallyComplete: &flag)?.offset ?? interval
        state.spring.time = 0
        state.springStart = ClockStart(time.delayed(by: animation.delay))
        if let previousResponse, let spring = animation.fluidSpring, previousResponse != spring.response {
            state.spring.blendInterval = previousResponse - spring.response
            state.blendStart = state.springStart
        }
        return .single(animation, state)
    }

    /// Adds a non-merging animation on frame `time` with its cumulative target (combineAnimation).
    mutating func combine(_ animation: SwiftUIAnimation, value interval: Double, time: AnimationTime, change: Double) {
        let entry = CombinedEntry(
            animation: animation, added: time.seconds, addedFrame: time.frame ?? 0, target: interval + change)
        switch self {
        case .combined(var chain):
            self = Self.vacated
            chain.append(entry)
            self = .combined(chain)
        case .single(let old, let state):
            let first = CombinedEntry(animation: old, added: 0, addedFrame: 0, target: interval)
            self = .combined(CombinedChain([first, entry], firstState: state))
        }
    }
}
