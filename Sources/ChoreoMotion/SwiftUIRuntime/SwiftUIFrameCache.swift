import Synchronization

/// The frames of a ``SwiftUIAnimator`` drawn by earlier reads, kept for the next read at the same or a later time.
///
/// An animator is a pure value: reading it at `t` seconds draws, on a copy, every frame from its first up to `t`
/// (``SwiftUIAnimator/value(at:)``). A property read at every step of a journey would draw its first frames again
/// each time. This keeps the copy as drawn by the latest read, so a read at a later time draws only the frames in
/// between. Drawing is deterministic and frame by frame, so the values are the very ones a fresh copy gives; a read
/// at an earlier time than the kept one, or of another animator, starts from the animator itself.
///
/// Shared by the copies of whatever holds it (a forked session's properties share their parent's); the frames are
/// guarded by a mutex.
public final class SwiftUIFrameCache: Sendable {
    private struct Drawn: Sendable {
        /// The animator the frames were drawn from.
        var origin: SwiftUIAnimator
        /// `origin` with every frame before `until` drawn.
        var frames: SwiftUIAnimator
        /// The read time the frames were drawn for, in seconds.
        var until: Double
    }

    private let drawn = Mutex<Drawn?>(nil)

    public init() {}

    /// ``SwiftUIAnimator/value(at:)`` of `animator` at `time` seconds.
    public func value(of animator: SwiftUIAnimator, at time: Double) -> Double {
        withFrames(of: animator, drawnBefore: time) { $0.value(at: time) }
    }

    /// ``SwiftUIAnimator/springVelocity(at:)`` of `animator` at `time` seconds.
    public func springVelocity(of animator: SwiftUIAnimator, at time: Double) -> Double? {
        withFrames(of: animator, drawnBefore: time) { $0.springVelocity(at: time) }
    }

    /// `animator` with every frame before `time` seconds drawn (what ``SwiftUIAnimator/animate(at:to:with:)`` at
    /// `time` draws first).
    public func drawn(_ animator: SwiftUIAnimator, before time: Double) -> SwiftUIAnimator {
        withFrames(of: animator, drawnBefore: time) { $0 }
    }

    /// Calls `body` with `animator` with every frame before `time` seconds drawn, starting from the kept frames
    /// when they are `animator`'s and were drawn for no later time; keeps the result unless the kept frames are
    /// `animator`'s and further along.
    private func withFrames<R>(
        of animator: SwiftUIAnimator, drawnBefore time: Double, _ body: (SwiftUIAnimator) -> R
    ) -> R {
        drawn.withLock { drawn in
            let ours = drawn.flatMap { $0.origin == animator ? $0 : nil }
            if let ours, ours.until > time {
                var frames = animator
                frames.drawFrames(before: time)
                return body(frames)
            }
            var frames = ours?.frames ?? animator
            frames.drawFrames(before: time)
            drawn = Drawn(origin: animator, frames: frames, until: time)
            return body(frames)
        }
    }
}
