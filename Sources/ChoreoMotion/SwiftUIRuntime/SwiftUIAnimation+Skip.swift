/// What updating a range of frames without evaluating them would leave unseen.
enum FrameSkip: Sendable, Hashable {
    /// The frames cannot be skipped: a state of the animation's own (a fluid spring's) decides what they do.
    case unknowable
    /// Nothing on them would be seen: the animation is neither removed nor newly logically complete.
    case quiet
    /// Frame `frame` would be seen (the animation `removed` there, or newly logically complete): only the frames
    /// before it are skipped.
    case seen(at: Int, removed: Bool)
}

extension SwiftUIAnimation {
    /// Whether an evaluation at `seconds` removes it, when that depends on the time alone (timing curves,
    /// interpolating springs and delays of them: exactly the conditions of ``evaluate(value:time:state:logicallyComplete:)``);
    /// nil when a state decides (a fluid spring, a repeat).
    func removes(at seconds: Double) -> Bool? {
        switch self {
        case .bezier(let curve): return !(curve.duration > 0 && curve.duration >= seconds)
        case .interpolatingSpring(let spring):
            return !(spring.removalBound > seconds) || !spring.progress(at: seconds).isFinite
        case .delayed(let base, let delay): return base.removes(at: max(0, seconds - delay))
        case .fluidSpring, .repeating: return nil
        }
    }

    /// Whether an evaluation at `seconds` leaves everything as it was, for an animation without a state of its own: a
    /// timing curve that has not begun (at or before 0: progress 0, rate 0), or one still in its delay whose base
    /// shows its start (the delay reports rate 0). Such an entry of a combined animation adds 0 to what the older
    /// ones give and to their rate, and its layer is 0. Holds at every earlier time where it holds.
    func isDormant(at seconds: Double) -> Bool {
        switch self {
        case .bezier(let curve): return curve.duration > 0 && seconds <= 0
        case .delayed(let base, let delay):
            guard seconds - delay <= 0 else { return false }
            switch base {
            case .bezier(let curve): return curve.duration > 0
            case .interpolatingSpring(let spring): return spring.removalBound > 0 && spring.progress(at: 0) == 0
            default: return false
            }
        case .interpolatingSpring, .fluidSpring, .repeating: return false
        }
    }

    /// Whether an evaluation at `seconds` that does not remove it reports logical completion, when that depends on
    /// the time alone (a timing curve never does; SwiftUI reports it at removal); nil when a state decides.
    func completes(at seconds: Double) -> Bool? {
        switch self {
        case .bezier: return false
        case .interpolatingSpring(let spring): return seconds >= spring.logicalTime
        case .delayed(let base, let delay): return base.completes(at: max(0, seconds - delay))
        case .fluidSpring, .repeating: return nil
        }
    }

    /// Skips the updates of `frames` (frame n is given `time(n)`), moving `state` over the frames before the first
    /// one that would be seen as evaluating them would, without evaluating them: the removal frame and, unless
    /// `logicallyComplete` already, the frame of logical completion, found by bisection (both conditions hold from
    /// some frame on, as the time grows with the frame), and a repeat's passes by integer division (every pass after
    /// the first lasts the same whole number of frames).
    func skip(
        _ frames: ClosedRange<Int>, time: (Int) -> AnimationTime, state: inout SwiftUIAnimationState,
        logicallyComplete: Bool
    ) -> FrameSkip {
        switch self {
        case .delayed(let base, let delay):
            return base.skip(
                frames, time: { time($0).delayed(by: delay) }, state: &state, logicallyComplete: logicallyComplete)
        case .repeating(let base, let count, _):
            return skipPasses(of: base, count: count, frames, time: time, state: &state)
        case .fluidSpring:
            return .unknowable
        case .bezier, .interpolatingSpring:
            let removal = Self.firstFrame(in: frames) { removes(at: time($0).seconds) ?? true }
            var completion: Int?
            if !logicallyComplete, frames.lowerBound <= (removal ?? frames.upperBound + 1) - 1 {
                completion = Self.firstFrame(in: frames.lowerBound...((removal ?? frames.upperBound + 1) - 1)) {
                    completes(at: time($0).seconds) ?? false
                }
            }
            if let completion { return .seen(at: completion, removed: false) }
            if let removal { return .seen(at: removal, removed: true) }
            return .quiet
        }
    }

    /// A repeat's skip: the first pass ends on the first frame its base removes itself (bisection); every later pass
    /// lasts `passLength` frames, so the passes in between are counted, not run. The base must depend on time alone.
    private func skipPasses(
        of base: SwiftUIAnimation, count: Int?, _ frames: ClosedRange<Int>, time: (Int) -> AnimationTime,
        state: inout SwiftUIAnimationState
    ) -> FrameSkip {
        guard base.removes(at: 0) != nil else { return .unknowable }
        var next = state
        var frame = frames.lowerBound
        while frame <= frames.upperBound {
            // The frame on which the current pass ends, if within the frames.
            let start = next.repeatStart
            guard
                let passEnd = Self.firstFrame(
                    in: frame...frames.upperBound, where: { base.removes(at: time($0).since(start).seconds) ?? true })
            else { break }
            if let count, next.repeatIndex + 1 >= count {
                state = next
                return .seen(at: passEnd, removed: true)
            }
            // The pass ends: a fresh state from this frame, as RepeatAnimation leaves it.
            var ended = SwiftUIAnimationState()
            ended.repeatIndex = next.repeatIndex + 1
            ended.repeatStart = time(passEnd)
            next = ended
            // Later passes of whole frames: count those that end within the frames (before a counted repeat's last).
            if let length = Self.passLength(of: base, fps: time(passEnd).fps), time(passEnd).frame != nil {
                var passes = (frames.upperBound - passEnd) / length
                if let count { passes = min(passes, count - 1 - next.repeatIndex) }
                if passes > 0 {
                    next.repeatIndex += passes
                    next.repeatStart = time(passEnd + passes * length)
                }
                frame = passEnd + passes * length + 1
            } else {
                frame = passEnd + 1
            }
        }
        state = next
        return .quiet
    }

    /// How many whole frames a pass of `base` lasts after the first at `fps`: the first frame j ≥ 1 on which it is
    /// removed, evaluated at j/fps; nil when it never is.
    static func passLength(of base: SwiftUIAnimation, fps: Int) -> Int? {
        func ends(_ frames: Int) -> Bool { base.removes(at: AnimationTime(frame: frames, fps: fps).seconds) ?? true }
        var high = 1
        while !ends(high) {
            guard high < 1 << 52 else { return nil }
            high *= 2
        }
        return firstFrame(in: max(1, high / 2)...high, where: ends)
    }

    /// The first frame of `frames` on which `holds`, for a condition that holds on every frame after one on which it
    /// does: the first frame checked, then bisection; nil when it holds on none.
    static func firstFrame(in frames: ClosedRange<Int>, where holds: (Int) -> Bool) -> Int? {
        if holds(frames.lowerBound) { return frames.lowerBound }
        guard holds(frames.upperBound) else { return nil }
        var low = frames.lowerBound
        var high = frames.upperBound
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if holds(middle) { high = middle } else { low = middle }
        }
        return high
    }
}
