import ChoreoMotion
import Testing

/// One spring trajectory computed by `scripts/motion_reference.py` (RK4 at a 1e-6 s step), with the spring the
/// fixture builds through the public initializers and the coefficients the script expects them to produce.
struct ReferenceSpring: Sendable, CustomTestStringConvertible {
    let name: String
    let spring: Spring
    let stiffness: Double
    let damping: Double
    let mass: Double
    /// x0 = position − target, in the motion's unit.
    let initialDisplacement: Double
    /// v0, in the motion's unit per second.
    let initialVelocity: Double
    /// Seconds until |x| ≤ 0.1% of the scale and |v| ≤ 0.1% of the scale times ω₀ for good.
    let settleTime: Double
    /// Seconds until |x| ≤ 0.1% of the scale for good.
    let displacementSettleTime: Double
    /// Seconds until |x| ≤ 1% of the scale for good.
    let displacementSettleTimeOnePercent: Double
    /// Largest excursion past the target as a fraction of the scale; 0 if it never crosses.
    let overshootFraction: Double
    /// Seconds from the release to that excursion; 0 if it never crosses.
    let peakTime: Double
    let samples: [ReferenceSpringSample]

    var motion: SpringMotion {
        SpringMotion(spring: spring, initialDisplacement: initialDisplacement, initialVelocity: initialVelocity)
    }

    /// The size of the change the tolerances are relative to, computed from the script's own coefficients.
    var scale: Double {
        initialDisplacement != 0 ? abs(initialDisplacement) : abs(initialVelocity) / (stiffness / mass).squareRoot()
    }

    var testDescription: String { name }
}

/// Displacement (units) and velocity (units per second) at `time` seconds after the release.
struct ReferenceSpringSample: Sendable {
    let time: Double
    let displacement: Double
    let velocity: Double
}

/// A timing function sampled by bisection in `scripts/motion_reference.py`.
struct ReferenceTimingCurve: Sendable, CustomTestStringConvertible {
    let name: String
    let function: TimingFunction
    let samples: [ReferenceTimingSample]

    var testDescription: String { name }
}

/// Progress and, away from the ends, slope (d progress / d fraction) at an elapsed fraction.
struct ReferenceTimingSample: Sendable {
    let fraction: Double
    let progress: Double
    let slope: Double?
}
