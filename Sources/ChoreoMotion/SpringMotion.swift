/// A spring released at `initialDisplacement` (position − target) with `initialVelocity`, evaluated in closed form.
///
/// Units are whatever the displacement is measured in (points, a normalized progress, degrees…); velocities are in
/// those units per second and times in seconds since the release. Retargeting in flight means starting a new
/// motion from the current displacement and velocity.
public struct SpringMotion: Sendable, Hashable {
    /// The spring driving the motion.
    public var spring: Spring
    /// The displacement from the target at t = 0 (position − target), in the motion's unit.
    public var initialDisplacement: Double
    /// The velocity at t = 0, in the motion's unit per second.
    public var initialVelocity: Double

    /// A motion of `spring` released at `initialDisplacement` (position − target) with `initialVelocity`
    /// (units per second).
    public init(spring: Spring, initialDisplacement: Double, initialVelocity: Double) {
        self.spring = spring
        self.initialDisplacement = initialDisplacement
        self.initialVelocity = initialVelocity
    }

    /// The displacement from the target (position − target) at `t` seconds after the release.
    public func displacement(at t: Double) -> Double {
        displacementSolution.value(at: t)
    }

    /// The velocity, in units per second, at `t` seconds after the release.
    public func velocity(at t: Double) -> Double {
        displacementSolution.derivative.value(at: t)
    }

    /// The acceleration, in units per second², at `t` seconds after the release.
    public func acceleration(at t: Double) -> Double {
        displacementSolution.derivative.derivative.value(at: t)
    }

    /// The size of the change that tolerances are relative to, in the motion's unit:
    /// |x0| when the initial displacement is not zero, else |v0| / ω₀ (how far the initial velocity alone carries
    /// an undamped spring); 0 when both are zero.
    public var scale: Double {
        initialDisplacement != 0 ? abs(initialDisplacement) : abs(initialVelocity) / spring.naturalFrequency
    }

    /// The earliest time T, in seconds, after which for all t ≥ T both |x(t)| ≤ tolerance·scale and
    /// |v(t)| ≤ tolerance·scale·ω₀ (see `scale`); 0 if the motion starts and stays there (or is at rest at the
    /// target), +∞ if it never settles (no damping). Exact to the resolution of a Double.
    ///
    /// - Parameter tolerance: The allowed fraction of the change; 0.001 (0.1%) by default.
    public func settleTime(tolerance: Double = 0.001) -> Double {
        let scale = scale
        guard scale > 0 else {
            return 0
        }
        let displacement = displacementSolution
        let displacementBound = tolerance * scale
        let velocityBound = displacementBound * spring.naturalFrequency
        return max(
            displacement.lastTimeExceeding(displacementBound),
            displacement.derivative.lastTimeExceeding(velocityBound)
        )
    }

    /// The earliest time T, in seconds, after which |x(t)| ≤ tolerance·scale for all t ≥ T, whatever the velocity:
    /// when the motion stays within the tolerance of its target for good.
    ///
    /// - Parameter tolerance: The allowed fraction of the change; 0.001 (0.1%) by default.
    public func displacementSettleTime(tolerance: Double = 0.001) -> Double {
        let scale = scale
        guard scale > 0 else {
            return 0
        }
        return displacementSolution.lastTimeExceeding(tolerance * scale)
    }

    /// The largest excursion past the target, as a fraction of `scale` (|x0|, or |v0|/ω₀ when released at the
    /// target), and the time of that peak in seconds; (0, 0) when the motion never crosses the target.
    ///
    /// "Past" means on the other side of the target from where the motion starts: the side of x0, or the side the
    /// initial velocity heads to when x0 is 0.
    public var overshoot: (fraction: Double, time: Double) {
        let x0 = initialDisplacement
        let v0 = initialVelocity
        guard x0 != 0 || v0 != 0 else {
            return (0, 0)
        }
        let startSide: Double = x0 != 0 ? (x0 > 0 ? 1 : -1) : (v0 > 0 ? 1 : -1)
        let displacement = displacementSolution
        guard var peak = displacement.derivative.nextZero(after: 0) else {
            return (0, 0)
        }
        if case .underdamped(let omega) = displacement.regime, startSide * displacement.value(at: peak) >= 0 {
            // Extrema alternate sides and shrink, so the first one past the target is the largest.
            peak += Double.pi / omega
        }
        let past = -startSide * displacement.value(at: peak)
        guard past > 0 else {
            return (0, 0)
        }
        return (past / scale, peak)
    }

    private var displacementSolution: DampedSolution {
        DampedSolution(spring: spring, initialValue: initialDisplacement, initialSlope: initialVelocity)
    }
}
