/// One animatable number as SwiftUI shows it: an ``AnimatorState`` updated once per frame of a render loop at
/// `fps` frames per second, frames counted in whole indices.
///
/// - A transaction (an animated change) is taken in the update of a frame; that update holds the start value, and
///   the animation enters the screen through AnimatorState's phases (two frames later than its own clock).
/// - Every frame while an animation runs is updated in order; the screen shows the last updated frame.
/// - The animation is removed on the frame its evaluation ends; that frame shows the target.
/// - The presented value is `(target + offset) − interval`, where `interval` is the whole change since the animator
///   began.
///
/// A pure value: ``draw(through:)`` and ``animate(atFrame:to:with:)`` move it; ``shown(atFrame:)`` reads a copy.
public struct SwiftUIAnimator: Sendable, Hashable {
    /// Frames per second of the render loop.
    public let fps: Int
    /// Where the value is heading (the model value).
    public private(set) var target: Double
    private var state: AnimatorState?
    /// The next frame the render loop updates.
    public private(set) var nextFrame: Int
    /// What the last updated frame shows.
    public private(set) var shown: Double
    /// The rate of change of what the last updated frame shows, in units per second: the last evaluation's.
    public private(set) var shownVelocity = 0.0
    /// What the last updated frame shows of each animation in flight, oldest first: its progress toward its own
    /// target (DefaultCombiningAnimation's entries, from the last finished one; one when nothing was combined; 0 for
    /// each before its first evaluation). None at rest.
    public var shownLayers: AnimationLayers {
        guard let state else { return .none }
        let entries = state.animation.entryCount
        let first = state.animation.firstEntryIndex
        // A merge since the last evaluation leaves one animation: what was on screen, as one fraction of the whole
        // (followed by what was combined since).
        guard let layers = state.previousLayers, layers.count <= entries else {
            return AnimationLayers(first: first, count: entries, leading: [state.previousFraction])
        }
        return AnimationLayers(first: first, count: entries, leading: layers)
    }
    /// The frame on which the last animation was removed, if it was.
    public private(set) var removedFrame: Int?
    /// The frame on which the current animation became logically complete (or was removed), if it has.
    public private(set) var logicallyCompleteFrame: Int?

    /// An animator at rest at `value` whose next frame is `frame`.
    public init(value: Double, fps: Int, frame: Int = 0) {
        precondition(fps > 0, "fps must be positive")
        self.fps = fps
        target = value
        shown = value
        nextFrame = frame
    }

    /// Whether an animation is running (not yet removed).
    public var isAnimating: Bool { state != nil }

    /// What runs, if anything.
    var runningAnimation: RunningAnimation? { state?.animation }

    /// The update of `frame`.
    private mutating func update(frame: Int) {
        guard var animator = state else {
            shown = target
            shownVelocity = 0
            return
        }
        switch animator.update(frame: frame, fps: fps) {
        case .hold:
            shown = target + animator.previousOffset - animator.interval
            shownVelocity = animator.previousVelocity
            state = animator
        case .evaluated(let logicallyComplete):
            if logicallyComplete { logicallyCompleteFrame = frame }
            // SwiftUI's order: value += offset; value -= interval.
            shown = target + animator.previousOffset - animator.interval
            shownVelocity = animator.previousVelocity
            state = animator
        case .removed:
            state = nil
            removedFrame = frame
            if logicallyCompleteFrame == nil { logicallyCompleteFrame = frame }
            shown = target
            shownVelocity = 0
        }
    }

    /// Updates every frame up to and including `frame` not updated yet.
    public mutating func draw(through frame: Int) {
        while nextFrame <= frame {
            guard state != nil else {
                // Nothing moves: the frames show the target.
                shown = target
                shownVelocity = 0
                nextFrame = frame + 1
                return
            }
            update(frame: nextFrame)
            nextFrame += 1
            skipRepeatedUpdates(through: frame)
        }
    }

    /// Skips the updates after the last one that nobody would see: those before `limit` whose animation depends on
    /// time alone (``AnimatorState/skipUpdates(after:before:fps:)``: a repeat's passes counted, finished entries of a
    /// combined chain folded), or, up to `limit`, those that would repeat a fluid spring's evaluation exactly
    /// (``AnimatorState/repeatsEvaluation(after:through:fps:)``). The state is the one updating them gives.
    private mutating func skipRepeatedUpdates(through limit: Int) {
        if var skipping = state, let last = skipping.skipUpdates(after: nextFrame - 1, before: limit, fps: fps) {
            state = skipping
            nextFrame = last + 1
            return
        }
        guard let last = state?.repeatsEvaluation(after: nextFrame - 1, through: limit, fps: fps) else { return }
        state!.nextFrame = last
        nextFrame = last + 1
    }

    /// What `frame` shows and its rate (units per second), on a copy; `frame` may be the last updated one or later.
    public func shown(atFrame frame: Int) -> (value: Double, velocity: Double) {
        var copy = self
        copy.draw(through: frame)
        return (copy.shown, copy.shownVelocity)
    }

    /// A transaction taken in the update of `frame`: the target becomes `newTarget`, with `animation` (nil: at once,
    /// any animation in flight keeps running relative to the new target). A fluid spring merges into what runs;
    /// anything else is combined. An unchanged target starts nothing and changes nothing. Frames before `frame` are
    /// updated first; `frame` itself is updated when it is drawn, after every transaction taken on it (SwiftUI
    /// combines them all, then updates once: a change that changes nothing, or one without an animation, draws no
    /// frame of its own before a later one on the same frame). A transaction on a frame already drawn makes its
    /// update again.
    public mutating func animate(atFrame frame: Int, to newTarget: Double, with animation: SwiftUIAnimation?) {
        animate(atFrame: frame, to: newTarget, with: animation, inOwnUpdate: false)
    }

    /// ``animate(atFrame:to:with:)``, for a change that comes from outside the render loop in an update of its own
    /// just before `frame` (`inOwnUpdate`: a CoreMotion reading delivered on the main queue between display frames,
    /// behavior.md C16): that update combines it at `frame`'s elapsed time and holds (SwiftUI's `nextTime` is its
    /// own time), so `frame`'s update is not held by it and evaluates; a new animator begins on `frame`.
    public mutating func animate(
        atFrame frame: Int, to newTarget: Double, with animation: SwiftUIAnimation?, inOwnUpdate: Bool
    ) {
        precondition(frame >= nextFrame - 1, "a transaction cannot go back before the last frame drawn")
        let drawnAlready = frame < nextFrame
        draw(through: frame - 1)
        let delta = newTarget - target
        target = newTarget
        if let animation, delta != 0 {
            if state != nil {
                state!.combine(animation, delta: delta, frame: frame, fps: fps)
                logicallyCompleteFrame = nil
            } else {
                state = AnimatorState(animation: animation, interval: delta, frame: frame)
                logicallyCompleteFrame = nil
                removedFrame = nil
            }
            if inOwnUpdate { state!.nextFrame = frame - 1 }
        }
        guard drawnAlready else { return }
        update(frame: frame)
        nextFrame = frame + 1
    }

    /// When the animation running now is logically complete (or removed, if it never reports completion) and when
    /// it is removed, updating from the next frame through `limitFrame` (nil: not by then): what
    /// ``runUntilRemoved(limitFrame:)`` leaves in ``logicallyCompleteFrame`` and ``removedFrame``. Found without
    /// updating the frames when what decides them depends on time alone (``AnimatorState/milestones(from:through:fps:)``),
    /// so its cost does not grow with how far off they are or with how many animations a combined chain holds;
    /// otherwise by updating them on a copy.
    public func milestones(limitFrame: Int) -> (logicallyComplete: Int?, removed: Int?) {
        guard let state else { return (logicallyCompleteFrame, nil) }
        if let predicted = state.milestones(from: nextFrame, through: limitFrame, fps: fps) {
            return (logicallyCompleteFrame ?? predicted.logicallyComplete ?? predicted.removed, predicted.removed)
        }
        var rest = self
        let removed = rest.runUntilRemoved(limitFrame: limitFrame)
        return (rest.logicallyCompleteFrame, removed)
    }

    /// Updates frames until the animation is removed or `limit` frames pass; returns the removal frame (nil when
    /// nothing runs or it was not removed by then).
    public mutating func runUntilRemoved(limitFrame: Int) -> Int? {
        guard state != nil else { return nil }
        while state != nil {
            if nextFrame > limitFrame { return nil }
            update(frame: nextFrame)
            nextFrame += 1
            skipRepeatedUpdates(through: limitFrame)
        }
        return removedFrame
    }
}
