/// An animation's own function of elapsed time, as SwiftUI's runtime evaluates it from rest over one change, with
/// no render loop around it: evaluated on its own frames at k/fps seconds of elapsed time (k whole, one division),
/// removed on the first such frame whose evaluation ends; a read at t evaluates at t itself once the frames before
/// t are evaluated. `motion.sample` and `motion.audit` report this; a session shows the same evaluations two frames
/// after the transaction's update (``AnimatorState``'s phases) and only on frames.
public struct SwiftUICurveSampler: Sendable {
    /// The animation, from rest.
    public let animation: SwiftUIAnimation
    /// The change it covers.
    public let interval: Double
    /// Frames per second of its own frames.
    public let fps: Int

    /// The animation's state while it runs, nil once it has been removed. One animation from rest never combines
    /// with another, so the sampler keeps its state alone, not a ``RunningAnimation`` (which it would copy out and
    /// back on every frame).
    private var state: SwiftUIAnimationState? = SwiftUIAnimationState()
    private var logicallyComplete = false
    /// The next own frame to evaluate.
    private var nextFrame = 0
    /// The own frame on which it became logically complete (or was removed), if it has.
    public private(set) var logicallyCompleteFrame: Int?
    /// The own frame on which it was removed, if it was.
    public private(set) var removedFrame: Int?

    /// `animation` over a change of `interval` from rest, on own frames at `fps`.
    public init(_ animation: SwiftUIAnimation, interval: Double = 1, fps: Int) {
        precondition(fps > 0, "fps must be positive")
        self.animation = animation
        self.interval = interval
        self.fps = fps
    }

    private func frameTime(_ k: Int) -> Double { Double(k) / Double(fps) }

    /// `time` seconds of elapsed time, on own frame k when it is that frame's time k/fps.
    private func ownTime(_ time: Double) -> AnimationTime {
        let scaled = (time * Double(fps)).rounded()
        guard scaled.magnitude < 1e15, frameTime(Int(scaled)) == time else {
            return AnimationTime(seconds: time, frame: nil, fps: fps)
        }
        return AnimationTime(frame: Int(scaled), fps: fps)
    }

    /// Evaluates own frame `k` (the next one).
    private mutating func evaluateNextFrame() {
        guard state != nil else { return }
        var flag = logicallyComplete
        if animation.evaluate(
            value: interval, time: AnimationTime(frame: nextFrame, fps: fps), state: &state!, logicallyComplete: &flag)
            == nil
        {
            state = nil
            removedFrame = nextFrame
            if logicallyCompleteFrame == nil { logicallyCompleteFrame = nextFrame }
        } else {
            if flag, !logicallyComplete {
                logicallyComplete = true
                logicallyCompleteFrame = nextFrame
            }
        }
        nextFrame += 1
    }

    /// The offset from the start value and its rate (units per second) at `time` seconds of elapsed time; reads
    /// must come in increasing order of time.
    public mutating func sample(at time: Double) -> (offset: Double, velocity: Double) {
        // Without a frame limit there is always a sample.
        sample(at: time, frameLimit: .max) ?? (interval, 0)
    }

    /// ``sample(at:)``, evaluating at most `frameLimit` own frames in all (counted from the first): nil when the
    /// animation is still running after that many and `time` lies beyond them (a curve that never settles, sampled
    /// far out), which bounds the work to `frameLimit` frames.
    public mutating func sample(at time: Double, frameLimit: Int) -> (offset: Double, velocity: Double)? {
        sample(at: ownTime(time), frameLimit: frameLimit)
    }

    /// ``sample(at:frameLimit:)`` at own frame `frame` (k/fps seconds, one division): what that frame evaluates,
    /// for a read at a frame's time as a session prints it (rounded to the nanosecond, RL1 and RL13).
    public mutating func sample(atFrame frame: Int, frameLimit: Int) -> (offset: Double, velocity: Double)? {
        sample(at: AnimationTime(frame: frame, fps: fps), frameLimit: frameLimit)
    }

    private mutating func sample(at time: AnimationTime, frameLimit: Int) -> (offset: Double, velocity: Double)? {
        while state != nil, time.frame.map({ nextFrame < $0 }) ?? (frameTime(nextFrame) < time.seconds) {
            guard nextFrame < frameLimit else { return nil }
            evaluateNextFrame()
        }
        guard var copy = state else { return (interval, 0) }
        var flag = logicallyComplete
        guard let evaluation = animation.evaluate(value: interval, time: time, state: &copy, logicallyComplete: &flag)
        else {
            return (interval, 0)
        }
        return (evaluation.offset, evaluation.velocity)
    }

    /// Evaluates own frames until the animation is removed or `limit` seconds of elapsed time pass.
    public mutating func runUntilRemoved(limit: Double) {
        while state != nil, frameTime(nextFrame) <= limit { evaluateNextFrame() }
    }
}
