import Testing

@testable import ChoreoMotion

/// ``SwiftUIFrameCache`` gives, at any time and in any order of reads, exactly what the animator itself gives.
@Suite("SwiftUIFrameCache")
struct SwiftUIFrameCacheTests {
    /// Two animators (a spring, then a retarget that combines a Bézier with it; and an interpolating spring) read
    /// through one cache, at times that go forward, back, repeat and switch between the animators.
    @Test("Reads through the cache equal reads of the animator, in any order")
    func cachedReadsEqualDirectReads() {
        var spring = SwiftUIAnimator(value: 0, fps: 60)
        spring.animate(at: 0, to: 100, with: .fluid(0.4, 0.8, 0))
        var retargeted = spring
        retargeted.animate(at: 0.25, to: -50, with: .bezier(0.2, 0, 0, 1, 0.5))
        var interpolating = SwiftUIAnimator(value: 10, fps: 120, at: 0.1)
        interpolating.animate(at: 0.1, to: 20, with: .interpolating(130, 12, 1))
        let animators = [spring, retargeted, interpolating]
        let cache = SwiftUIFrameCache()
        var state: UInt64 = 20
        var reads = 0
        for step in 0..<3000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let animator = animators[Int(state >> 60) % animators.count]
            // Mostly forward in time, sometimes back, sometimes exactly on a frame.
            let base = Double(step % 500) / 400
            let time = (state >> 59) & 3 == 0 ? Double(Int(base * 60)) / 60 : base + Double(state >> 54 & 7) / 1000
            #expect(cache.value(of: animator, at: time) == animator.value(at: time), "value at \(time)")
            #expect(cache.springVelocity(of: animator, at: time) == animator.springVelocity(at: time))
            var drawn = animator
            drawn.drawFrames(before: time)
            #expect(cache.drawn(animator, before: time) == drawn)
            reads += 1
        }
        #expect(reads == 3000)
    }
}
