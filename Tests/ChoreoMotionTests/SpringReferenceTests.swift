import ChoreoMotion
import Testing

/// The closed forms against the independent RK4 reference in `ReferenceValues.swift`.
struct SpringReferenceTests {
    @Test(arguments: referenceSprings)
    func initializersProduceTheSwiftUICoefficients(_ reference: ReferenceSpring) {
        #expect(isClose(reference.spring.stiffness, reference.stiffness, relative: 1e-12))
        #expect(isClose(reference.spring.damping, reference.damping, relative: 1e-12))
        #expect(isClose(reference.spring.mass, reference.mass, relative: 1e-12))
    }

    @Test(arguments: referenceSprings)
    func closedFormMatchesNumericalIntegrationToATenBillionthOfTheChange(_ reference: ReferenceSpring) {
        let motion = reference.motion
        let velocityScale = reference.scale * reference.spring.naturalFrequency
        for sample in reference.samples {
            let displacement = motion.displacement(at: sample.time)
            let velocity = motion.velocity(at: sample.time)
            #expect(
                isClose(displacement, sample.displacement, within: 1e-10 * reference.scale),
                "x(\(sample.time)) = \(displacement), reference \(sample.displacement)"
            )
            #expect(
                isClose(velocity, sample.velocity, within: 1e-10 * velocityScale),
                "v(\(sample.time)) = \(velocity), reference \(sample.velocity)"
            )
        }
    }

    @Test(arguments: referenceSprings)
    func settleTimesMatchTheReferenceToAMicrosecond(_ reference: ReferenceSpring) {
        let motion = reference.motion
        #expect(isClose(motion.settleTime(), reference.settleTime, within: 1e-6))
        #expect(isClose(motion.displacementSettleTime(), reference.displacementSettleTime, within: 1e-6))
        #expect(
            isClose(
                motion.displacementSettleTime(tolerance: 0.01),
                reference.displacementSettleTimeOnePercent,
                within: 1e-6
            )
        )
    }

    @Test(arguments: referenceSprings)
    func overshootAndPeakTimeMatchTheReference(_ reference: ReferenceSpring) {
        let overshoot = reference.motion.overshoot
        #expect(isClose(overshoot.fraction, reference.overshootFraction, within: 1e-10))
        #expect(isClose(overshoot.time, reference.peakTime, within: 1e-6))
    }

    @Test(arguments: referenceSprings.filter { $0.initialDisplacement == -1 })
    func springCurveProgressIsOnePlusTheReferenceDisplacement(_ reference: ReferenceSpring) {
        let curve = Curve.spring(reference.spring, initialVelocity: reference.initialVelocity)
        for sample in reference.samples {
            #expect(isClose(curve.progress(at: sample.time), 1 + sample.displacement, within: 1e-10))
            let velocityScale = reference.spring.naturalFrequency
            #expect(isClose(curve.velocity(at: sample.time), sample.velocity, within: 1e-10 * velocityScale))
        }
        #expect(isClose(curve.settleTime, reference.settleTime, within: 1e-6))
    }
}
