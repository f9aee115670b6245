import ChoreoMotion
import Testing

/// The facts `shared/guide/MOTION.md` states about the seeds' curves, including where the seeds contradict physics.
struct MotionFactsTests {
    /// Seed 000's "400ms spring animation (response: 0.4, damping: 0.8)", released one unit from its target.
    let seed000 = SpringMotion(
        spring: Spring(response: 0.4, dampingFraction: 0.8),
        initialDisplacement: -1,
        initialVelocity: 0
    )
    /// Seed 004's interpolatingSpring(stiffness: 130, damping: 12).
    let seed004 = SpringMotion(spring: Spring(stiffness: 130, damping: 12), initialDisplacement: -1, initialVelocity: 0)
    /// Seed 004's 60 Hz tuning, interpolatingSpring(stiffness: 130, damping: 10.5).
    let seed004Tuned = SpringMotion(
        spring: Spring(stiffness: 130, damping: 10.5),
        initialDisplacement: -1,
        initialVelocity: 0
    )

    @Test func easeInOutIsExactlyHalfwayAtHalfItsDuration() {
        #expect(isClose(TimingFunction.easeInOut.progress(atFraction: 0.5), 0.5, within: 1e-12))
        #expect(isClose(Curve.timing(.easeInOut, duration: 0.35).progress(at: 0.175), 0.5, within: 1e-12))
    }

    @Test func responseIsAPeriodSoTheSeed000SpringPeaksAt333Milliseconds() {
        let overshoot = seed000.overshoot
        #expect(isClose(overshoot.time, 1.0 / 3.0, within: 1e-9))
        #expect(isClose(overshoot.fraction, 0.015, within: 0.001))
    }

    @Test func seed000SpringIsLogicallyCompleteAt400MillisecondsButSettlesAfter540() {
        #expect(isClose(Curve.spring(seed000.spring).logicallyCompleteTime, 0.4, within: 1e-12))
        // Position alone stays within 0.1% from about 540 ms on...
        #expect(isClose(seed000.displacementSettleTime(), 0.540, within: 0.002))
        // ...and the velocity is within 0.1% of the change times ω₀ some 30 ms later.
        #expect(isClose(seed000.settleTime(), 0.571, within: 0.002))
    }

    @Test func seed000DampingIsAFractionNotACoefficient() {
        #expect(isClose(seed000.spring.dampingRatio, 0.8, within: 1e-12))
        #expect(isClose(seed000.spring.damping, 4 * Double.pi * 0.8 / 0.4, relative: 1e-12))
    }

    @Test func seed004SpringBouncesFourteenPercentDespiteClaimingNoBounce() {
        #expect(isClose(seed004.spring.dampingRatio, 0.53, within: 0.005))
        let overshoot = seed004.overshoot
        #expect(isClose(overshoot.fraction, 0.14, within: 0.005))
        #expect(isClose(overshoot.time, 0.324, within: 0.001))
    }

    @Test func seed004SpringTakesOver750MillisecondsToStayWithinOnePercent() {
        #expect(seed004.displacementSettleTime(tolerance: 0.01) > 0.75)
        #expect(seed004.settleTime(tolerance: 0.01) > 0.75)
        #expect(seed004.settleTime() > 0.4)
    }

    @Test func seed004TunedDampingOvershootsMore() {
        #expect(seed004Tuned.overshoot.fraction > seed004.overshoot.fraction)
    }

    @Test func criticalDampingAtStiffness130IsAbout22Point8() {
        let critical = Spring(stiffness: 130, damping: 2 * 130.0.squareRoot())
        #expect(isClose(critical.damping, 22.8, within: 0.05))
        #expect(isClose(critical.dampingRatio, 1, within: 1e-12))
        let motion = SpringMotion(spring: critical, initialDisplacement: -1, initialVelocity: 0)
        #expect(motion.overshoot.fraction == 0)
    }
}
