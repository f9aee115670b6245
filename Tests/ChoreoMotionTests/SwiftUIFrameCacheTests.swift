import Testing

@testable import ChoreoMotion

/// ``SwiftUIFrameCache`` gives, at any frame and in any order of reads, exactly what the animator itself gives.
@Suite("SwiftUIFrameCache")
struct SwiftUIFrameCacheTests {
    /// Three animators (a spring; the spring retargeted with a Bézier that combines with it; an interpolating spring
    /// started at frame 12 at 120 fps) read through one cache, at frames that go forward, back, repeat and switch
    /// between the animators.
    @Test("Reads through the cache equal reads of the animator, in any order")
    func cachedReadsEqualDirectReads() {
        var spring = SwiftUIAnimator(value: 0, fps: 60)
        spring.animate(atFrame: 0, to: 100, with: .fluid(0.4, 0.8, 0))
        var retargeted = spring
        retargeted.animate(atFrame: 15, to: -50, with: .bezier(0.2, 0, 0, 1, 0.5))
        var interpolating = SwiftUIAnimator(value: 10, fps: 120, frame: 12)
        interpolating.animate(atFrame: 12, to: 20, with: .interpolating(130, 12, 1))
        let animators = [spring, retargeted, interpolating]
        let cache = SwiftUIFrameCache()
        var state: UInt64 = 20
        var reads = 0
        for step in 0..<3000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let animator = animators[Int(state >> 60) % animators.count]
            // Mostly forward in time, sometimes back.
            let frame = animator.nextFrame - 1 + (step % 500) / 4 + Int(state >> 59 & 3)
            let direct = animator.shown(atFrame: frame)
            let cached = cache.shown(of: animator, atFrame: frame)
            #expect(cached.value == direct.value && cached.velocity == direct.velocity, "frame \(frame)")
            var drawn = animator
            drawn.draw(through: frame)
            #expect(cache.drawn(animator, through: frame) == drawn)
            reads += 1
        }
        #expect(reads == 3000)
    }
}
