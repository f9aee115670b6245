/// One animatable number as SwiftUI's animator runs it, with the render loop drawing frames at n/fps seconds.
///
/// - Frames are drawn at `n / fps` seconds (n = 0, 1, …); an animation started at T has elapsed time `frame − T`.
/// - A value read between frames is what a frame drawn at that instant would show (the state advances from the
///   last drawn frame to the instant without being kept).
/// - An animation is removed (the value becomes the target) only on a frame.
/// - A change at T applies before the frame drawn at T. The presented value is `target − interval + offset`,
///   where `interval` is the whole change since the animator began.
///
/// A pure value: reading never changes it; ``animate(at:to:with:)`` draws the frames before the change.
public struct SwiftUIAnimator: Sendable, Hashable {
    /// Frames per second of the render loop.
    public let fps: Int
    /// Where the value is heading.
    public private(set) var target: Double
    private var running: RunningAnimation?
    private var interval = 0.0
    /// When the running animation began, in seconds.
    private var begin = 0.0
    private var logicallyComplete = false
    private var nextFrame: Int
    /// The frame time (seconds) at which the last animation was removed, if it was.
    public private(set) var removedAt: Double?
    /// The frame time (seconds) at which the current animation became logically complete, if it has.
    public private(set) var logicallyCompleteAt: Double?

    /// An animator at rest at `value`, whose first frame is the first at or after `time` seconds.
    public init(value: Double, fps: Int, at time: Double = 0) {
        precondition(fps > 0, "fps must be positive")
        self.fps = fps
        self.target = value
        var n = Int((time * Double(fps)).rounded(.up))
        while n > 0, Double(n - 1) / Double(fps) >= time { n -= 1 }
        while Double(n) / Double(fps) < time { n += 1 }
        nextFrame = max(n, 0)
    }

    /// Whether an animation is running (not yet removed).
    public var isAnimating: Bool { running != nil }

    /// The time of frame `n`, in seconds.
    public func frameTime(_ n: Int) -> Double { Double(n) / Double(fps) }

    /// One frame at `time`: the presented value; when `record`, the state moves to that frame.
    private mutating func draw(at time: Double, record: Bool) -> Double {
        guard var animation = running else { return target }
        var flag = logicallyComplete
        let offset = animation.animate(value: interval, time: time - begin, logicallyComplete: &flag)
        guard let offset else {
            if record {
                running = nil
                removedAt = time
                if logicallyCompleteAt == nil { logicallyCompleteAt = time }
            }
            return target
        }
        if record {
            if flag, !logicallyComplete {
                logicallyComplete = true
                logicallyCompleteAt = time
            }
            running = animation
        }
        return target - interval + offset
    }

    /// Draws every frame before `until` seconds (and at it, when `inclusive`).
    private mutating func advance(until: Double, inclusive: Bool) {
        while true {
            let t = frameTime(nextFrame)
            if t > until || (t == until && !inclusive) { break }
            guard running != nil else {
                // Nothing moves: skip to the first frame not drawn yet.
                var n = Int((until * Double(fps)).rounded(.down))
                while frameTime(n) > until || (frameTime(n) == until && !inclusive) { n -= 1 }
                nextFrame = max(nextFrame, n + 1)
                break
            }
            _ = draw(at: t, record: true)
            nextFrame += 1
        }
    }

    /// Draws and keeps every frame before `time` seconds, as a read at `time` draws them on its copy: a read at `time`
    /// or later then gives the same values, drawing only the frames after these (``SwiftUIFrameCache``).
    public mutating func drawFrames(before time: Double) {
        advance(until: time, inclusive: false)
    }

    /// What a frame drawn at `time` seconds would show (not before the last frame drawn).
    public func value(at time: Double) -> Double {
        var copy = self
        copy.advance(until: time, inclusive: false)
        return copy.draw(at: time, record: false)
    }

    /// The running fluid spring's own velocity at `time` seconds, in units per second (the last grid step's); nil
    /// when the running animation reports none (timing curves, interpolating springs, combined animations).
    public func springVelocity(at time: Double) -> Double? {
        var copy = self
        copy.advance(until: time, inclusive: false)
        return copy.drawnSpringVelocity(at: time)
    }

    /// ``springVelocity(at:)`` once every frame before `time` is drawn.
    private func drawnSpringVelocity(at time: Double) -> Double? {
        guard var animation = running else { return 0 }
        var flag = logicallyComplete
        guard animation.animate(value: interval, time: time - begin, logicallyComplete: &flag) != nil,
            case .single(.fluidSpring, let state) = animation
        else { return animation.isFluidSpring ? 0 : nil }
        return state.velocity
    }

    /// ``value(at:)`` and ``springVelocity(at:)`` at each of `times` seconds (in increasing order), plus the value
    /// `slopeStep` seconds later (for a velocity where the animation reports none), exactly as one read at a time
    /// gives them, but drawing the frames once: n reads cost one pass, not n.
    public func samples(at times: [Double], slopeStep: Double) -> [(value: Double, later: Double, spring: Double?)] {
        var frames = self
        var samples: [(value: Double, later: Double, spring: Double?)] = []
        samples.reserveCapacity(times.count)
        for time in times {
            frames.advance(until: time, inclusive: false)
            var now = frames
            let value = now.draw(at: time, record: false)
            let spring = frames.drawnSpringVelocity(at: time)
            var later = frames
            later.advance(until: time + slopeStep, inclusive: false)
            samples.append((value, later.draw(at: time + slopeStep, record: false), spring))
        }
        return samples
    }

    /// Sets the target to `to` at `time` seconds with `animation` (nil: at once, any animation in flight keeps
    /// running relative to the new target). A fluid spring merges into what runs; anything else is combined. An
    /// unchanged target starts nothing.
    public mutating func animate(at time: Double, to newTarget: Double, with animation: SwiftUIAnimation?) {
        advance(until: time, inclusive: false)
        let delta = newTarget - target
        target = newTarget
        guard let animation, delta != 0 else { return }
        guard let current = running else {
            running = .single(animation, FluidSpringState())
            interval = delta
            begin = time
            logicallyComplete = false
            logicallyCompleteAt = nil
            removedAt = nil
            return
        }
        let elapsed = time - begin
        logicallyComplete = false
        logicallyCompleteAt = nil
        if case .fluidSpring(let spring) = animation {
            running = current.merging(spring, value: interval, time: elapsed)
        } else {
            running = current.combining(animation, value: interval, time: elapsed, change: delta)
        }
        interval += delta
    }

    /// Draws frames until the animation is removed or `limit` seconds pass; returns the removal frame's time (nil
    /// when nothing runs or it was not removed by the limit).
    public mutating func runUntilRemoved(limit: Double) -> Double? {
        while running != nil {
            let t = frameTime(nextFrame)
            if t > limit { return nil }
            advance(until: t, inclusive: true)
        }
        return removedAt
    }
}

extension RunningAnimation {
    var isFluidSpring: Bool {
        if case .single(.fluidSpring, _) = self { return true }
        return false
    }
}
