import ChoreoMotion
import Testing

/// A named spring motion, for parameterized tests.
struct MotionCase: Sendable, CustomTestStringConvertible {
    let name: String
    let motion: SpringMotion

    init(_ name: String, _ spring: Spring, from displacement: Double, velocity: Double) {
        self.name = name
        self.motion = SpringMotion(spring: spring, initialDisplacement: displacement, initialVelocity: velocity)
    }

    var testDescription: String { name }

    /// Motions covering the three damping regimes, the critical tolerance band and its two edges.
    static let regimes: [MotionCase] = [
        MotionCase("under-damped", Spring(response: 0.4, dampingFraction: 0.8), from: -1, velocity: 0),
        MotionCase("under-damped in points", Spring(stiffness: 130, damping: 12), from: 80, velocity: -900),
        MotionCase("barely under-damped", Spring(response: 0.5, dampingFraction: 1 - 1e-6), from: -1, velocity: 3),
        MotionCase("critically damped", Spring(stiffness: 100, damping: 20), from: -1, velocity: 15),
        MotionCase(
            "inside the critical band", Spring(response: 0.5, dampingFraction: 1 + 5e-10), from: -1, velocity: 0
        ),
        MotionCase("barely over-damped", Spring(response: 0.5, dampingFraction: 1 + 1e-6), from: -1, velocity: 3),
        MotionCase("over-damped", Spring(response: 0.5, dampingFraction: 1.5), from: -1, velocity: 60),
        MotionCase("heavily over-damped", Spring(stiffness: 100, damping: 200), from: 1, velocity: 0),
        MotionCase("kicked from the target", Spring(response: 0.3, dampingFraction: 0.5), from: 0, velocity: 2),
    ]
}

/// Velocity and acceleration are the derivatives of displacement and velocity, in every regime.
struct ContinuityTests {
    static let times = stride(from: 0.001, through: 2.0, by: 0.0137).map { $0 }

    @Test(arguments: MotionCase.regimes)
    func velocityIsTheDerivativeOfDisplacement(_ testCase: MotionCase) {
        let motion = testCase.motion
        let velocityScale = motion.scale * motion.spring.naturalFrequency
        let h = 1e-6
        for t in Self.times {
            let difference = (motion.displacement(at: t + h) - motion.displacement(at: t - h)) / (2 * h)
            #expect(isClose(motion.velocity(at: t), difference, within: 1e-6 * velocityScale), "t = \(t)")
        }
    }

    @Test(arguments: MotionCase.regimes)
    func accelerationIsTheDerivativeOfVelocity(_ testCase: MotionCase) {
        let motion = testCase.motion
        let omega = motion.spring.naturalFrequency
        let h = 1e-6
        for t in Self.times {
            let difference = (motion.velocity(at: t + h) - motion.velocity(at: t - h)) / (2 * h)
            #expect(isClose(motion.acceleration(at: t), difference, within: 1e-6 * motion.scale * omega * omega))
        }
    }

    @Test(arguments: MotionCase.regimes)
    func motionStartsFromItsInitialState(_ testCase: MotionCase) {
        let motion = testCase.motion
        #expect(isClose(motion.displacement(at: 0), motion.initialDisplacement, within: 1e-15 * motion.scale))
        let velocityScale = motion.scale * motion.spring.naturalFrequency
        #expect(isClose(motion.velocity(at: 0), motion.initialVelocity, within: 1e-14 * velocityScale))
    }

    @Test func closedFormIsContinuousAcrossTheCriticalBand() {
        func motion(_ dampingFraction: Double) -> SpringMotion {
            SpringMotion(
                spring: Spring(response: 0.5, dampingFraction: dampingFraction),
                initialDisplacement: -1,
                initialVelocity: 4
            )
        }
        let critical = motion(1)
        for dampingFraction in [1 - 2e-9, 1 - 5e-10, 1 + 5e-10, 1 + 2e-9] {
            let neighbour = motion(dampingFraction)
            for t in Self.times {
                #expect(isClose(neighbour.displacement(at: t), critical.displacement(at: t), within: 1e-7))
                #expect(isClose(neighbour.velocity(at: t), critical.velocity(at: t), within: 1e-6))
            }
            #expect(isClose(neighbour.settleTime(), critical.settleTime(), within: 1e-6))
        }
    }

    @Test(arguments: [TimingFunction.linear, .easeIn, .easeOut, .easeInOut])
    func timingCurveVelocityIsTheDerivativeOfProgress(_ function: TimingFunction) {
        let duration = 0.35
        let curve = Curve.timing(function, duration: duration)
        let h = 1e-7
        for t in stride(from: 0.005, through: 0.345, by: 0.005) {
            let difference = (curve.progress(at: t + h) - curve.progress(at: t - h)) / (2 * h)
            #expect(isClose(curve.velocity(at: t), difference, within: 1e-5), "t = \(t)")
        }
    }
}
