import ChoreoMotion
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

struct SpringMotionTests {
    @Test(arguments: MotionCase.regimes)
    func settleTimeIsTheLastMomentOutsideTheTolerance(_ testCase: MotionCase) {
        let motion = testCase.motion
        let settle = motion.settleTime()
        let displacementBound = 0.001 * motion.scale
        let velocityBound = displacementBound * motion.spring.naturalFrequency
        func excess(_ t: Double) -> Double {
            max(abs(motion.displacement(at: t)) / displacementBound, abs(motion.velocity(at: t)) / velocityBound)
        }
        #expect(excess(settle - 1e-9) > 1)
        for t in stride(from: settle, through: settle + 3, by: 1e-4) {
            #expect(excess(t) <= 1 + 1e-9, "t = \(t)")
        }
    }

    @Test(arguments: MotionCase.regimes)
    func looserTolerancesSettleSooner(_ testCase: MotionCase) {
        let motion = testCase.motion
        #expect(motion.settleTime(tolerance: 0.01) <= motion.settleTime(tolerance: 0.001))
        #expect(motion.settleTime(tolerance: 0.001) <= motion.settleTime(tolerance: 0.0001))
        #expect(motion.displacementSettleTime() <= motion.settleTime())
    }

    @Test func criticallyDampedSpringNeverOvershoots() {
        let spring = Spring(stiffness: 100, damping: 20)
        // With x0 = −1 it crosses the target only when launched toward it faster than ω₀·|x0| = 10 units/s.
        for velocity in [-5.0, 0, 5, 10] {
            let motion = SpringMotion(spring: spring, initialDisplacement: -1, initialVelocity: velocity)
            #expect(motion.overshoot.fraction == 0)
            #expect(motion.overshoot.time == 0)
            for t in stride(from: 0.0, through: 3, by: 0.001) {
                #expect(motion.displacement(at: t) <= 0)
            }
        }
    }

    @Test func overDampedSpringReleasedFromRestNeverOvershoots() {
        let motion = SpringMotion(
            spring: Spring(duration: 0.5, bounce: -0.3),
            initialDisplacement: 40,
            initialVelocity: 0
        )
        #expect(motion.overshoot.fraction == 0)
        for t in stride(from: 0.0, through: 3, by: 0.001) {
            #expect(motion.displacement(at: t) >= 0)
        }
    }

    @Test func underDampedOvershootFollowsTheTextbookFormula() {
        for dampingFraction in [0.1, 0.3, 0.5, 0.7, 0.9, 0.99] {
            let spring = Spring(response: 0.5, dampingFraction: dampingFraction)
            let motion = SpringMotion(spring: spring, initialDisplacement: -1, initialVelocity: 0)
            let root = (1 - dampingFraction * dampingFraction).squareRoot()
            #expect(isClose(motion.overshoot.fraction, exp(-dampingFraction * Double.pi / root), relative: 1e-12))
            #expect(isClose(motion.overshoot.time, Double.pi / (spring.naturalFrequency * root), relative: 1e-12))
        }
    }

    @Test func motionAtRestOnItsTargetIsSettledFromTheStart() {
        let motion = SpringMotion(
            spring: Spring(response: 0.4, dampingFraction: 0.8),
            initialDisplacement: 0,
            initialVelocity: 0
        )
        #expect(motion.displacement(at: 0.3) == 0)
        #expect(motion.velocity(at: 0.3) == 0)
        #expect(motion.settleTime() == 0)
        #expect(motion.displacementSettleTime() == 0)
        #expect(motion.overshoot.fraction == 0)
    }

    @Test func motionReleasedAtTheTargetMeasuresItsToleranceFromTheVelocity() {
        let spring = Spring(response: 0.3, dampingFraction: 0.5)
        let motion = SpringMotion(spring: spring, initialDisplacement: 0, initialVelocity: 2)
        #expect(isClose(motion.scale, 2 / spring.naturalFrequency, relative: 1e-15))
        #expect(motion.settleTime() > 0)
        #expect(motion.overshoot.fraction > 0)
    }

    @Test func motionIsLinearInItsInitialState() {
        let spring = Spring(response: 0.55, dampingFraction: 0.825)
        let unit = SpringMotion(spring: spring, initialDisplacement: 1, initialVelocity: -4.8)
        let points = SpringMotion(spring: spring, initialDisplacement: 250, initialVelocity: -1200)
        for t in stride(from: 0.0, through: 2, by: 0.05) {
            #expect(isClose(points.displacement(at: t), 250 * unit.displacement(at: t), within: 1e-12 * 250))
        }
        #expect(isClose(points.settleTime(), unit.settleTime(), within: 1e-9))
        #expect(isClose(points.overshoot.fraction, unit.overshoot.fraction, within: 1e-12))
    }

    @Test func undampedSpringOscillatesForeverAndNeverSettles() {
        let spring = Spring(stiffness: 100, damping: 0)
        let motion = SpringMotion(spring: spring, initialDisplacement: -1, initialVelocity: 0)
        #expect(motion.settleTime() == .infinity)
        #expect(motion.displacementSettleTime() == .infinity)
        #expect(isClose(motion.overshoot.fraction, 1, within: 1e-12))
        #expect(isClose(motion.overshoot.time, Double.pi / 10, within: 1e-12))
        #expect(isClose(motion.displacement(at: 1000 * Double.pi / 5), -1, within: 1e-9))
    }

    @Test func extremeSpringsNeverProduceNaN() {
        let springs = [
            Spring(stiffness: 1e6, damping: 1e-3),
            Spring(stiffness: 1e-3, damping: 1e3),
            Spring(stiffness: 1, damping: 2000, mass: 1),
            Spring(stiffness: 1e4, damping: 200),
            Spring(response: 10, dampingFraction: 0.01),
            Spring(response: 0.01, dampingFraction: 100),
        ]
        for spring in springs {
            let motion = SpringMotion(spring: spring, initialDisplacement: -3, initialVelocity: 7)
            for t in [0, 1e-9, 0.5, 1, 60, 1e4, 1e7] {
                #expect(motion.displacement(at: t).isFinite, "\(spring) at \(t)")
                #expect(motion.velocity(at: t).isFinite, "\(spring) at \(t)")
            }
            #expect(!motion.settleTime().isNaN)
            #expect(!motion.overshoot.fraction.isNaN)
            #expect(!motion.overshoot.time.isNaN)
        }
    }
}
