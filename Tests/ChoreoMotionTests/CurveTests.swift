import ChoreoMotion
import Testing

struct CurveTests {
    @Test func timingCurveRestsAtZeroBeforeTheStartAndAtOneFromItsDuration() {
        let curve = Curve.timing(.easeOut, duration: 0.35)
        #expect(curve.progress(at: -0.01) == 0)
        #expect(curve.progress(at: 0) == 0)
        #expect(curve.progress(at: 0.35) == 1)
        #expect(curve.progress(at: 10) == 1)
        #expect(curve.velocity(at: -0.01) == 0)
        #expect(curve.velocity(at: 0.35) == 0)
        #expect(curve.logicallyCompleteTime == 0.35)
        #expect(curve.settleTime == 0.35)
    }

    @Test func zeroDurationTimingCurveIsAtItsTargetFromTheStart() {
        let curve = Curve.timing(.easeInOut, duration: 0)
        #expect(curve.progress(at: -1e-9) == 0)
        #expect(curve.progress(at: 0) == 1)
        #expect(curve.progress(at: 1) == 1)
        #expect(curve.velocity(at: 0) == 0)
        #expect(curve.velocity(at: 1) == 0)
        #expect(curve.logicallyCompleteTime == 0)
        #expect(curve.settleTime == 0)
    }

    @Test func timingCurveVelocityIsTheSlopeOverTheDuration() {
        let curve = Curve.timing(.easeIn, duration: 0.5)
        #expect(isClose(curve.velocity(at: 0.2), TimingFunction.easeIn.slope(atFraction: 0.4) / 0.5, relative: 1e-15))
        #expect(isClose(curve.velocity(at: 0), 0, within: 1e-15))
    }

    @Test func springCurveStartsAtZeroWithItsInitialVelocity() {
        let curve = Curve.spring(Spring(response: 0.5, dampingFraction: 0.6), initialVelocity: 2.5)
        #expect(curve.progress(at: -1) == 0)
        #expect(curve.velocity(at: -1) == 0)
        #expect(curve.progress(at: 0) == 0)
        #expect(isClose(curve.velocity(at: 0), 2.5, within: 1e-14))
        #expect(isClose(curve.progress(at: 5), 1, within: 1e-9))
    }

    @Test func springCurveDefaultsToStartingAtRest() {
        let spring = Spring(response: 0.4, dampingFraction: 0.8)
        #expect(Curve.spring(spring) == Curve.spring(spring, initialVelocity: 0))
        #expect(Curve.spring(spring).velocity(at: 0) == 0)
    }

    @Test func springCurveCompletesAtItsResponseAndSettlesLater() {
        let spring = Spring(stiffness: 130, damping: 12)
        let curve = Curve.spring(spring)
        let motion = SpringMotion(spring: spring, initialDisplacement: -1, initialVelocity: 0)
        #expect(isClose(curve.logicallyCompleteTime, 2 * Double.pi / 130.0.squareRoot(), relative: 1e-15))
        #expect(curve.settleTime == motion.settleTime(tolerance: 0.001))
        #expect(curve.settleTime > curve.logicallyCompleteTime)
    }
}
