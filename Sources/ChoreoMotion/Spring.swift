/// A damped harmonic spring, m·x'' + c·x' + k·x = 0, independent of the units it moves.
///
/// All times are in seconds. Stiffness is in force per unit of displacement per unit of mass (1/s² for mass 1),
/// damping in force per unit of velocity (1/s for mass 1); only the ratios `k/m` and `c/m` shape the motion.
public struct Spring: Sendable, Hashable {
    /// Stiffness k: restoring force per unit of displacement.
    public var stiffness: Double
    /// Damping coefficient c: resisting force per unit of velocity (per second).
    public var damping: Double
    /// Mass m of the moving body, in the same arbitrary unit as `stiffness` and `damping`.
    public var mass: Double

    /// A spring given by its physical coefficients, like SwiftUI's
    /// `interpolatingSpring(stiffness:damping:mass:)`.
    ///
    /// - Parameters:
    ///   - stiffness: Stiffness k (must be positive).
    ///   - damping: Damping coefficient c (zero or positive).
    ///   - mass: Mass m (must be positive); 1 by default.
    public init(stiffness: Double, damping: Double, mass: Double = 1) {
        self.stiffness = stiffness
        self.damping = damping
        self.mass = mass
    }

    /// A spring given by its period and damping ratio, like SwiftUI's `spring(response:dampingFraction:)`.
    ///
    /// Mass is 1, stiffness k = (2π / response)², damping c = 4π · dampingFraction / response.
    ///
    /// - Parameters:
    ///   - response: The undamped period 2π/ω₀, in seconds (must be positive).
    ///   - dampingFraction: The damping ratio ζ: below 1 bounces, 1 is critical, above 1 is over-damped.
    public init(response: Double, dampingFraction: Double) {
        let angularFrequency = 2 * Double.pi / response
        self.init(
            stiffness: angularFrequency * angularFrequency,
            damping: 4 * Double.pi * dampingFraction / response,
            mass: 1
        )
    }

    /// A spring given by its perceptual duration and bounce, like SwiftUI's `Spring(duration:bounce:)`.
    ///
    /// The response is `duration`; the damping ratio is 1 − bounce for a bounce of zero or more and
    /// 1 / (1 + bounce) for a negative bounce (over-damped).
    ///
    /// - Parameters:
    ///   - duration: The response (undamped period), in seconds (must be positive).
    ///   - bounce: The bounciness, above −1 and at most 1; 0 is critically damped.
    public init(duration: Double, bounce: Double) {
        let dampingRatio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        self.init(response: duration, dampingFraction: dampingRatio)
    }

    /// The undamped natural angular frequency ω₀ = √(k/m), in radians per second.
    public var naturalFrequency: Double {
        (stiffness / mass).squareRoot()
    }

    /// The dimensionless damping ratio ζ = c / (2√(km)): below 1 under-damped, 1 critical, above 1 over-damped.
    public var dampingRatio: Double {
        damping / (2 * (stiffness * mass).squareRoot())
    }

    /// The undamped period 2π/ω₀, in seconds: the time SwiftUI calls the animation logically complete.
    public var response: Double {
        2 * Double.pi / naturalFrequency
    }

    /// The exponential decay rate λ = c / (2m) = ζ·ω₀ of the motion's envelope, per second.
    public var decayRate: Double {
        damping / (2 * mass)
    }
}
