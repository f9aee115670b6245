import ChoreoMotion
import Testing

struct TimingFunctionTests {
    @Test func presetsUseCoreAnimationControlPoints() {
        #expect(TimingFunction.linear.bezier == CubicBezier(x1: 0, y1: 0, x2: 1, y2: 1))
        #expect(TimingFunction.easeIn.bezier == CubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1))
        #expect(TimingFunction.easeOut.bezier == CubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1))
        #expect(TimingFunction.easeInOut.bezier == CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1))
        let custom = CubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
        #expect(TimingFunction.bezier(custom).bezier == custom)
    }

    @Test func linearProgressIsTheElapsedFraction() {
        for x in stride(from: 0.0, through: 1, by: 0.01) {
            #expect(TimingFunction.linear.progress(atFraction: x) == x)
            #expect(TimingFunction.linear.slope(atFraction: x) == 1)
            #expect(isClose(TimingFunction.linear.bezier.progress(atFraction: x), x, within: 1e-14))
        }
    }

    @Test(arguments: [TimingFunction.linear, .easeIn, .easeOut, .easeInOut])
    func fractionsOutsideTheDurationAreClamped(_ function: TimingFunction) {
        #expect(function.progress(atFraction: -0.5) == 0)
        #expect(function.progress(atFraction: 0) == 0)
        #expect(function.progress(atFraction: 1) == 1)
        #expect(function.progress(atFraction: 1.5) == 1)
        #expect(function.progress(atFraction: .nan) == 0)
    }

    @Test(arguments: [TimingFunction.linear, .easeIn, .easeOut, .easeInOut])
    func presetProgressNeverGoesBackwards(_ function: TimingFunction) {
        var previous = 0.0
        for x in stride(from: 0.0, through: 1, by: 0.001) {
            let progress = function.progress(atFraction: x)
            #expect(progress >= previous)
            previous = progress
        }
    }

    @Test func easeInOutIsSymmetricAboutItsMidpoint() {
        let easeInOut = TimingFunction.easeInOut
        for x in stride(from: 0.0, through: 1, by: 0.01) {
            let sum = easeInOut.progress(atFraction: x) + easeInOut.progress(atFraction: 1 - x)
            #expect(isClose(sum, 1, within: 1e-12))
        }
    }

    @Test func endSlopesFollowTheControlPoints() {
        // dy/dx at an end where dx/du vanishes is the ratio of second derivatives: here 1 / 0.58.
        #expect(TimingFunction.easeIn.slope(atFraction: 0) == 0)
        #expect(isClose(TimingFunction.easeIn.slope(atFraction: 1), 1 / 0.58, relative: 1e-12))
        #expect(isClose(TimingFunction.easeOut.slope(atFraction: 0), 1 / 0.58, relative: 1e-12))
        #expect(TimingFunction.easeOut.slope(atFraction: 1) == 0)
        #expect(TimingFunction.easeInOut.slope(atFraction: 0) == 0)
        #expect(TimingFunction.easeInOut.slope(atFraction: 1) == 0)
        #expect(TimingFunction.linear.bezier.slope(atFraction: 0) == 1)
        #expect(TimingFunction.linear.bezier.slope(atFraction: 1) == 1)
    }

    @Test func verticalTangentHasAnInfiniteSlope() {
        #expect(CubicBezier(x1: 0, y1: 0.5, x2: 1, y2: 1).slope(atFraction: 0) == .infinity)
    }

    @Test func solverHandlesCurvesThatStallNewton() {
        // x(u) = u³: dx/du vanishes at u = 0, so y(u) = 3(1 − u)u² + u³ with u = ∛x.
        let cubic = CubicBezier(x1: 0, y1: 0, x2: 0, y2: 1)
        for x in [1e-12, 1e-9, 1e-6, 0.001, 0.2, 0.7] {
            let u = (0..<200).reduce((0.0, 1.0)) { bracket, _ in
                let middle = (bracket.0 + bracket.1) / 2
                return middle * middle * middle < x ? (middle, bracket.1) : (bracket.0, middle)
            }.0
            let expected = 3 * (1 - u) * u * u + u * u * u
            #expect(isClose(cubic.progress(atFraction: x), expected, within: 1e-12), "x = \(x)")
        }
        // dx/du vanishes mid-curve: a vertical step through (0.5, 0.5).
        let step = CubicBezier(x1: 1, y1: 0, x2: 0, y2: 1)
        #expect(isClose(step.progress(atFraction: 0.5), 0.5, within: 1e-12))
        var previous = 0.0
        for x in stride(from: 0.0, through: 1, by: 0.001) {
            let progress = step.progress(atFraction: x)
            #expect(progress.isFinite && progress >= previous)
            previous = progress
        }
    }

    @Test func overshootingCurvesMayLeaveTheUnitInterval() {
        let backOut = TimingFunction.bezier(CubicBezier(x1: 0.34, y1: 1.56, x2: 0.64, y2: 1))
        #expect(backOut.progress(atFraction: 0.6) > 1)
        #expect(backOut.progress(atFraction: 1) == 1)
    }
}
