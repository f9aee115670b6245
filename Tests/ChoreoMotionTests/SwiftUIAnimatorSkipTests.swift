import Testing

@testable import ChoreoMotion

/// A fluid spring retargeted on every frame keeps its animator pending; when the retargets stop, the animator's
/// clock begins at 0 while the spring's state stands where the merges left it, and the spring waits frame after
/// frame for the clock to catch up. Drawing skips those waiting frames in one step; these tests check that the
/// animator it leaves is exactly the one updating every frame gives.
@Suite("SwiftUIAnimator skips waiting frames")
struct SwiftUIAnimatorSkipTests {
    /// A spring retargeted `retargets` times, `perFrame` times a frame, alternating 0 and 1 (with a second response,
    /// and a blend, every seventh time).
    static func retargeted(retargets: Int, perFrame: Int, blend: Bool) -> SwiftUIAnimator {
        var animator = SwiftUIAnimator(value: 0, fps: 60, frame: 3)
        for step in 0..<retargets {
            let response = blend && step % 7 == 0 ? 0.25 : 0.4
            let spring = FluidSpringAnimation(response: response, dampingFraction: 0.8, blendDuration: blend ? 0.3 : 0)
            animator.animate(atFrame: 3 + step / perFrame, to: Double(step % 2) * 10, with: .fluidSpring(spring))
        }
        return animator
    }

    /// Every frame updated one call at a time (a call never skips past the frame it was asked for).
    static func frameByFrame(_ animator: SwiftUIAnimator, through frame: Int) -> SwiftUIAnimator {
        var copy = animator
        while copy.nextFrame <= frame { copy.draw(through: copy.nextFrame) }
        return copy
    }

    @Test(
        "Drawing far ahead equals drawing every frame",
        arguments: [(600, 1, false), (1_000, 16, false), (600, 1, true), (40, 1, false), (3, 1, false)])
    func farDrawEqualsEveryFrame(retargets: Int, perFrame: Int, blend: Bool) {
        let animator = Self.retargeted(retargets: retargets, perFrame: perFrame, blend: blend)
        let start = animator.nextFrame
        for span in [1, 2, 17, 300, 1_500] {
            var far = animator
            far.draw(through: start + span)
            let stepped = Self.frameByFrame(animator, through: start + span)
            #expect(far == stepped, "span \(span)")
            #expect(far.shown == stepped.shown && far.shownVelocity == stepped.shownVelocity)
        }
    }

    @Test("Running until removed equals updating every frame", arguments: [(600, 1), (1_000, 16), (40, 1)])
    func removalEqualsEveryFrame(retargets: Int, perFrame: Int) {
        let animator = Self.retargeted(retargets: retargets, perFrame: perFrame, blend: false)
        var fast = animator
        let removed = fast.runUntilRemoved(limitFrame: animator.nextFrame + 36_000)
        var slow = animator
        var frame = slow.nextFrame
        while slow.isAnimating, frame <= animator.nextFrame + 36_000 {
            slow.draw(through: frame)
            frame += 1
        }
        #expect(removed != nil)
        #expect(removed == slow.removedFrame)
        #expect(fast.logicallyCompleteFrame == slow.logicallyCompleteFrame)
        #expect(fast.shown == slow.shown)
    }

    /// The waiting is SwiftUI's (the spring's state is ahead of a clock that began again): after 600 frames of
    /// retargets the spring stays where it was for about as long, then moves.
    @Test("A long-retargeted spring waits for the clock before it moves")
    func waitsForTheClock() {
        let animator = Self.retargeted(retargets: 600, perFrame: 1, blend: false)
        let start = animator.nextFrame
        let early = animator.shown(atFrame: start + 300)
        let late = animator.shown(atFrame: start + 700)
        #expect(early.value == animator.shown(atFrame: start + 1).value)
        #expect(late.value != early.value)
    }
}
