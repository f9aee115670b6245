import ChoreoMotion
import Testing

/// Timing functions against the bisection reference in `ReferenceValues.swift`.
struct TimingReferenceTests {
    @Test(arguments: referenceTimingCurves)
    func progressMatchesTheBisectionReference(_ reference: ReferenceTimingCurve) {
        for sample in reference.samples {
            let progress = reference.function.progress(atFraction: sample.fraction)
            #expect(
                isClose(progress, sample.progress, within: 1e-12),
                "progress(\(sample.fraction)) = \(progress), reference \(sample.progress)"
            )
        }
    }

    @Test(arguments: referenceTimingCurves)
    func slopeMatchesTheFiniteDifferenceReference(_ reference: ReferenceTimingCurve) {
        for sample in reference.samples {
            guard let expected = sample.slope else {
                continue
            }
            let slope = reference.function.slope(atFraction: sample.fraction)
            #expect(
                isClose(slope, expected, within: 1e-7 * max(1, abs(expected))),
                "slope(\(sample.fraction)) = \(slope), reference \(expected)"
            )
        }
    }

    @Test(arguments: referenceTimingCurves)
    func timingCurveProgressIsTheFunctionAtTheElapsedFraction(_ reference: ReferenceTimingCurve) {
        let duration = 0.35
        let curve = Curve.timing(reference.function, duration: duration)
        for sample in reference.samples where sample.fraction < 1 {
            #expect(isClose(curve.progress(at: sample.fraction * duration), sample.progress, within: 1e-12))
        }
    }
}
