import Testing

@testable import ChoreoMotion

/// A spring with a blendDuration that merges into a *delayed* spring does not blend its response: a delayed spring is
/// a DelayAnimation, not a FluidSpringAnimation, in OpenSwiftUI and in iOS 26.1, and FluidSpringAnimation.shouldMerge
/// blends only from a previous FluidSpringAnimation (the velocity and force it stored carry over all the same).
@Suite("No blend from a delayed spring")
struct SwiftUIDelayedSpringBlendTests {
    /// Frames 21, 24 and 30 (350, 400, 500 ms) of 0 → 100 on `first` at frame 0, → 50 on `second` at frame 18.
    static func frames(_ first: SwiftUIAnimation, then second: SwiftUIAnimation) -> [Double] {
        var animator = SwiftUIAnimator(value: 0, fps: 60)
        animator.animate(atFrame: 0, to: 100, with: first)
        animator.animate(atFrame: 18, to: 50, with: second)
        return [21, 24, 30].map { animator.shown(atFrame: $0).value }
    }

    @Test func aBlendingSpringMergedIntoADelayedOneDoesNotBlend() {
        let delayed = SwiftUIAnimation.delayed(0.1, .fluid(0.4, 0.8, 0))
        let blended = Self.frames(delayed, then: .fluid(0.15, 0.86, 0.25))
        #expect(blended == Self.frames(delayed, then: .fluid(0.15, 0.86, 0)))
        // scripts/swiftui_physics.py: sample_property(0, [(0, 100, Delay(FluidSpring(0.4, 0.8), 0.1)),
        // (300, 50, FluidSpring(0.15, 0.86, 0.25))], 60), reads at 350, 400 and 500 ms.
        for (value, reference) in zip(blended, [63.66177498981344, 51.38920995278528, 49.98171335325566]) {
            #expect(abs(value - reference) <= 1e-9 * 100, "\(value) against \(reference)")
        }
        // From a spring that is not delayed the response blends (the value still rises after the retarget).
        let plain = SwiftUIAnimation.fluid(0.4, 0.8, 0)
        #expect(Self.frames(plain, then: .fluid(0.15, 0.86, 0.25)) != Self.frames(plain, then: .fluid(0.15, 0.86, 0)))
    }
}
