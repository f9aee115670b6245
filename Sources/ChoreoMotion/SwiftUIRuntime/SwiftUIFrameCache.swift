import ChoreoLocks
/// The frames of a ``SwiftUIAnimator`` drawn by earlier reads, kept for the next read at the same or a later frame.
///
/// An animator is a pure value: reading it at frame m updates, on a copy, every frame from its next one up to m
/// (``SwiftUIAnimator/shown(atFrame:)``). A property read at every step of a journey would update its first frames
/// again each time. This keeps the copy as drawn by the latest read, so a read at a later frame updates only the
/// frames in between. Updating is deterministic and frame by frame, so the values are the very ones a fresh copy
/// gives; a read at an earlier frame than the kept one, or of another animator, starts from the animator itself.
///
/// Shared by the copies of whatever holds it (a forked session's properties share their parent's); the frames are
/// guarded by a pthread mutex (``Locked``), which ThreadSanitizer sees.
public final class SwiftUIFrameCache: Sendable {
    private struct Drawn: Sendable {
        /// The animator the frames were drawn from.
        var origin: SwiftUIAnimator
        /// `origin` with every frame up to a read's frame updated.
        var frames: SwiftUIAnimator
    }

    private let kept = Locked<Drawn?>(nil)

    public init() {}

    /// ``SwiftUIAnimator/shown(atFrame:)`` of `animator` at `frame`.
    public func shown(of animator: SwiftUIAnimator, atFrame frame: Int) -> (value: Double, velocity: Double) {
        // Read again at the frame the kept copy was drawn through (every read of a state at one time): read in
        // place, without copying the animator out.
        let kept = self.kept.withLock { drawn -> (value: Double, velocity: Double)? in
            guard drawn?.frames.nextFrame == frame + 1, drawn?.origin == animator, let shown = drawn?.frames.shown,
                let velocity = drawn?.frames.shownVelocity
            else { return nil }
            return (shown, velocity)
        }
        if let kept { return kept }
        let frames = drawn(animator, through: frame)
        return (frames.shown, frames.shownVelocity)
    }

    /// `animator` with every frame up to and including `frame` updated (at least its own).
    public func drawn(_ animator: SwiftUIAnimator, through frame: Int) -> SwiftUIAnimator {
        kept.withLock { drawn in
            let ours = drawn.flatMap { $0.origin == animator ? $0 : nil }
            var frames = animator
            if let ours, ours.frames.nextFrame <= frame + 1 { frames = ours.frames }
            frames.draw(through: frame)
            // Kept unless the kept copy is as far or further (then it holds these very frames, or later ones).
            if ours == nil || ours!.frames.nextFrame < frames.nextFrame {
                drawn = Drawn(origin: animator, frames: frames)
            }
            return frames
        }
    }
}
