import ChoreoEngine
import ChoreoMotion
import Testing

struct AnimatedPropertyTests {
    let ms = VirtualTime.milliseconds

    @Test func aTimingCurveFollowsItsBezier() {
        var p = AnimatedProperty(value: 0)
        _ = p.animate(to: 10, curve: .timing(.easeInOut, duration: 0.4), startingAt: .zero)
        #expect(abs(p.value(at: ms(200)) - 5) < 1e-9)
        #expect(p.value(at: ms(400)) == 10)
        #expect(p.value(at: ms(10_000)) == 10)
    }

    @Test func retargetingASpringKeepsPositionAndVelocityContinuous() {
        var p = AnimatedProperty(value: 0)
        _ = p.animate(to: 1, curve: .spring(Spring(response: 0.4, dampingFraction: 0.8)), startingAt: .zero)
        let t = ms(150)
        let before = (p.value(at: t), p.velocity(at: t))
        _ = p.animate(to: -2, curve: .spring(Spring(response: 0.6, dampingFraction: 0.7)), startingAt: t)
        #expect(abs(p.value(at: t) - before.0) < 1e-12)
        #expect(abs(p.velocity(at: t) - before.1) < 1e-9)
        #expect(p.target == -2)
    }

    @Test func retargetingATimingCurveIsAdditiveAndContinuous() {
        var p = AnimatedProperty(value: 0)
        _ = p.animate(to: 1, curve: .timing(.easeInOut, duration: 0.4), startingAt: .zero)
        let t = ms(100)
        let before = (p.value(at: t), p.velocity(at: t))
        let times = p.animate(to: 3, curve: .timing(.easeInOut, duration: 0.4), startingAt: t)
        #expect(abs(p.value(at: t) - before.0) < 1e-12)
        #expect(abs(p.velocity(at: t) - before.1) < 1e-9, "ease curves start at rest, so velocity carries over")
        #expect(times.settled == ms(500))
        #expect(p.value(at: ms(500)) == 3)
    }

    @Test func aDelayedAnimationHoldsTheOldValueUntilItStarts() {
        var p = AnimatedProperty(value: 5)
        _ = p.animate(to: 6, curve: .timing(.linear, duration: 0.1), startingAt: ms(100))
        #expect(p.value(at: ms(50)) == 5)
        #expect(abs(p.value(at: ms(150)) - 5.5) < 1e-12)
    }

    @Test func anAutoreversingLoopGoesBackAndForth() {
        var p = AnimatedProperty(value: 0)
        p.loop(from: -1, to: 1, curve: .timing(.linear, duration: 1.5), autoreverses: true, startingAt: .zero)
        #expect(abs(p.value(at: ms(750)) - 0) < 1e-12)
        #expect(abs(p.value(at: ms(1500)) - -1) < 1e-12 || abs(p.value(at: ms(1500)) - 1) < 1e-12)
        #expect(abs(p.value(at: ms(2250)) - 0) < 1e-12)
        #expect(p.velocity(at: ms(2000)) < 0, "the second pass runs backwards")
        #expect(p.restsAt == .distantFuture)
    }
}
