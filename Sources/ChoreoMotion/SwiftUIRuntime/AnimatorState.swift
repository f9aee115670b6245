/// SwiftUICore's `AnimatorState` for one number, on a render loop of whole frames: the animation in flight, the
/// whole change it covers, and the phases through which a new animation enters the screen.
///
/// The phases (SwiftUICore `AnimatorState.update(_:at:environment:)`, iOS 26.1 as transcribed; OpenSwiftUI
/// `AnimatableAttribute.swift` for 6.5.4):
/// - the update that carries the transaction holds the start value (`nextTime` is that update's time);
/// - `pending`: the next frame begins the animation, evaluated at elapsed 0;
/// - `first`: the frame after holds that value again and moves the begin time to itself (no test host);
/// - `second`: the next frame runs, with the begin time pulled forward to at most the late-frame allowance ago;
/// - `running`: every later frame evaluates the animation at its elapsed time.
/// A frame not later than `nextTime` holds the last evaluated value (a retarget's own update, for one).
///
/// Times are frame indices: the elapsed time given to the animation is (frame − beginFrame)/fps, one division, so
/// nothing depends on the absolute time at which an animation starts.
struct AnimatorState: Sendable, Hashable {
    enum Phase: Sendable, Hashable {
        case pending, first, second, running
    }

    /// The animation in flight, with its state.
    var animation: RunningAnimation
    /// The whole change since the animator began (SwiftUI's `interval`).
    var interval: Double
    /// The frame from which elapsed time is counted (SwiftUI's `beginTime`).
    var beginFrame: Int
    /// Frames up to this one hold the last evaluated value (SwiftUI's `nextTime`).
    var nextFrame: Int
    /// The offset the last evaluation gave (SwiftUI's `previousAnimationValue`) and its rate, units per second.
    var previousOffset = 0.0
    var previousVelocity = 0.0
    /// The last evaluation's progress toward the interval, and each entry's when combined (oldest first).
    var previousFraction = 0.0
    var previousLayers: [Double]? = nil
    var phase = Phase.pending
    var isLogicallyComplete = false

    /// The late-frame allowance at `fps`, in frames: how far back the begin time may be pulled when the frame
    /// after the second is late. iOS 26.1: 2·max(q, 1/60) s with no frame-interval quantum q (OpenSwiftUI's 6.5.4
    /// transcription has max(q, 1/60) + q: one frame at 60 fps).
    static func lateFrameAllowance(fps: Int) -> Int { 2 * fps / 60 }

    /// A new animator for a transaction taken at `frame`.
    init(animation: SwiftUIAnimation, interval: Double, frame: Int) {
        self.animation = .single(animation, SwiftUIAnimationState())
        self.interval = interval
        beginFrame = frame
        nextFrame = frame
    }

    /// Adds a change of `delta` with `animation` in the update of `frame` (AnimatorState.combine): a fluid spring
    /// merges into what runs, anything else is combined with it; the frame then holds.
    mutating func combine(_ newAnimation: SwiftUIAnimation, delta: Double, frame: Int, fps: Int) {
        let elapsed = AnimationTime(frame: frame - beginFrame, fps: fps)
        isLogicallyComplete = false
        if animation.accepts(merging: newAnimation) {
            animation = animation.merging(newAnimation, value: interval, time: elapsed)
            // One animation now: what was on screen is one fraction of the whole until the next evaluation.
            previousLayers = nil
        } else {
            animation.combine(newAnimation, value: interval, time: elapsed, change: delta)
        }
        interval += delta
        nextFrame = frame
    }

    /// What one update at `frame` shows.
    enum Update {
        /// The last evaluated offset again (no evaluation).
        case hold
        /// A new evaluation; `logicallyComplete` when this frame first reports logical completion.
        case evaluated(logicallyComplete: Bool)
        /// The animation is over: the frame shows the target and the animator is gone.
        case removed
    }

    /// The update of `frame` (AnimatorState.update).
    mutating func update(frame: Int, fps: Int) -> Update {
        guard frame > nextFrame else { return .hold }
        switch phase {
        case .pending:
            beginFrame = frame
            phase = .first
        case .first:
            phase = .second
            nextFrame += frame - beginFrame
            beginFrame = frame
            return .hold
        case .second:
            let allowance = Self.lateFrameAllowance(fps: fps)
            if allowance < frame - beginFrame { beginFrame = frame - allowance }
            phase = .running
        case .running:
            break
        }
        let elapsed = AnimationTime(frame: frame - beginFrame, fps: fps)
        var flag = isLogicallyComplete
        guard let result = animation.evaluate(value: interval, time: elapsed, logicallyComplete: &flag) else {
            return .removed
        }
        let newlyComplete = flag && !isLogicallyComplete
        if newlyComplete { isLogicallyComplete = true }
        previousOffset = result.offset
        previousVelocity = result.velocity
        previousFraction = result.fraction ?? (interval != 0 ? result.offset / interval : 1)
        previousLayers = result.layers
        nextFrame = frame
        return .evaluated(logicallyComplete: newlyComplete)
    }

    /// The last frame, at most `limit`, through which the updates after `frame` (just evaluated) would repeat its
    /// evaluation exactly, changing nothing but `nextFrame`; nil when the next one may differ. Only a lone fluid
    /// spring whose state is ahead of the animator's clock repeats (``FluidSpringAnimation/repeatsLastResult``): a
    /// spring retargeted on every frame keeps the animator pending, so when the retargets stop its clock begins at 0
    /// while the spring's stands where the merges left it, and the spring waits for it. Skipping those updates
    /// keeps a long-retargeted spring's cost independent of how long the retargets went on.
    func repeatsEvaluation(after frame: Int, through limit: Int, fps: Int) -> Int? {
        guard phase == .running, nextFrame == frame, frame < limit,
            case .single(.fluidSpring(let spring), let animationState) = animation
        else { return nil }
        func repeats(_ candidate: Int) -> Bool {
            spring.repeatsLastResult(
                at: AnimationTime(frame: candidate - beginFrame, fps: fps).since(animationState.springStart).seconds,
                state: animationState.spring,
                logicallyComplete: isLogicallyComplete)
        }
        guard repeats(frame + 1) else { return nil }
        // Elapsed time grows with the frame, and each condition holds up to a point: bisect for the last frame.
        var low = frame + 1
        var high = limit
        while low < high {
            let middle = low + (high - low + 1) / 2
            if repeats(middle) { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

extension RunningAnimation {
    /// How many animations are in flight: the combined entries, or one.
    var entryCount: Int {
        if case .combined(let chain) = self { return chain.count }
        return 1
    }

    /// The index of the first animation in flight among every one combined since the animator began (0 unless
    /// finished ones were folded away).
    var firstEntryIndex: Int {
        if case .combined(let chain) = self { return chain.firstIndex }
        return 0
    }

    /// Whether `animation` merges into what runs (shouldMerge): a fluid spring into anything; a delayed one only
    /// into the same delay over a base it merges with.
    func accepts(merging animation: SwiftUIAnimation) -> Bool {
        switch self {
        case .single(let previous, _): return animation.merges(into: previous)
        case .combined: return animation.fluidSpring != nil && animation.delay == 0
        }
    }
}
