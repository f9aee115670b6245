#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// SwiftUI's `interpolatingSpring(stiffness:damping:mass:initialVelocity:)` as the runtime evaluates it: a closed
/// form with critical damping at ω₀ substituted for every ζ ≥ 1, logically complete at 2π/√stiffness seconds (the
/// mass ignored), removed once the elapsed time reaches an envelope bound. It never merges; SwiftUI reports no
/// velocity for it, and Choreo reports the exact derivative of what it shows.
public struct InterpolatingSpringAnimation: Sendable, Hashable {
    /// Stiffness, as given: SwiftUI's SpringAnimation caps nothing (the 45,000 cap is the fluid spring's).
    public var stiffness: Double
    /// Damping coefficient, per second.
    public var damping: Double
    /// Mass.
    public var mass: Double
    /// Initial velocity, in whole changes per second.
    public var initialVelocity: Double

    let angularFrequency: Double
    let dampingRatio: Double
    let decayFactor: Double
    let adjustedFrequency: Double
    /// Seconds after the start at which the animation is removed (on the first frame at or after it).
    public private(set) var removalBound: Double
    /// Seconds after the start at which it is logically complete: 2π/√stiffness.
    public let logicalTime: Double

    static let durationEpsilon = 0.001
    static let searchStep = 0.1
    static let searchIterations = 1024

    /// An interpolating spring.
    public init(stiffness: Double, damping: Double, mass: Double = 1, initialVelocity: Double = 0) {
        self.stiffness = stiffness
        self.damping = damping
        self.mass = mass
        self.initialVelocity = initialVelocity
        let k = stiffness
        angularFrequency = (k / mass).squareRoot()
        dampingRatio = damping / ((mass * k).squareRoot() * 2)
        if dampingRatio >= 1 {
            decayFactor = 0
            adjustedFrequency = angularFrequency - initialVelocity
        } else {
            decayFactor = angularFrequency * (1 - dampingRatio * dampingRatio).squareRoot()
            adjustedFrequency = (angularFrequency * dampingRatio - initialVelocity) / decayFactor
        }
        logicalTime = k.isFinite ? 2 * Double.pi / k.squareRoot() : 0
        removalBound = 0
        removalBound = duration(epsilon: Self.durationEpsilon)
    }

    /// 1 − progress at `t` seconds: the part of the change still to go.
    func remaining(at t: Double) -> Double {
        let w0 = angularFrequency
        let z = dampingRatio
        if z >= 1 { return (1 + adjustedFrequency * t) * exp(-t * w0) }
        return exp((-z * w0) * t) * (1 * cos(decayFactor * t) + adjustedFrequency * sin(decayFactor * t))
    }

    /// The unit progress at `t` seconds (0 → 1, may overshoot).
    public func progress(at t: Double) -> Double { 1 - remaining(at: t) }

    /// d progress / dt at `t` seconds, per second.
    public func rate(at t: Double) -> Double {
        let w0 = angularFrequency
        let v0 = initialVelocity
        if dampingRatio >= 1 { return exp(-t * w0) * (v0 + w0 * adjustedFrequency * t) }
        let lambda = dampingRatio * w0
        return exp(-lambda * t)
            * (v0 * cos(decayFactor * t) + (lambda * adjustedFrequency + decayFactor) * sin(decayFactor * t))
    }

    /// SpringModel.duration(epsilon:): below critical max(0, −ln(ε/(1 + |adj|))/(ζ·ω₀)); at or above, the first
    /// point of a 0.1 s grid from which |1 − progress| < ε holds for more than a second.
    func duration(epsilon: Double) -> Double {
        let eps = max(1e-6, epsilon)
        let z = dampingRatio
        if z == 0 { return .infinity }
        if z < 1 {
            let bound = eps / (1 + abs(adjustedFrequency))
            return max(-log(bound) / (z * angularFrequency), 0)
        }
        var t = 0.0
        var minValue = Double.infinity
        var minTime = -1.0
        for _ in 0..<Self.searchIterations {
            let value = abs(1 - progress(at: t))
            if !value.isFinite { return 0 }
            if minValue >= eps {
                if value < minValue {
                    minValue = value
                    minTime = t
                }
            } else if value >= eps {
                minValue = .infinity
            } else if !(t - minTime <= 1) {
                return minTime
            }
            t += Self.searchStep
        }
        return 0
    }

    /// The offset from the start value at `time` seconds after the start, or nil once removed.
    func animate(value interval: Double, time: Double, logicallyComplete: inout Bool) -> Double? {
        guard removalBound > time else { return nil }
        let sample = progress(at: time)
        guard sample.isFinite else { return nil }
        if time >= logicalTime { logicallyComplete = true }
        return interval * sample
    }
}
