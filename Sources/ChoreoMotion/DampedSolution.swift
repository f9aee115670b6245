#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One solution f of the spring equation f'' + 2λ·f' + ω₀²·f = 0, fixed by its value and slope at t = 0.
///
/// A released spring's displacement, velocity and acceleration are all solutions of the same equation, so this
/// one type evaluates them, finds their zeros and (through `derivative`) their extrema. Times are in seconds.
///
/// With b = f'(0) + λ·f(0), the closed forms are f(t) = e^(−λt) · (f(0)·C(t) + b·S(t)) where
/// C, S are cos(ω_d t), sin(ω_d t)/ω_d when under-damped; 1, t when critically damped; and
/// cosh(μt), sinh(μt)/μ when over-damped.
struct DampedSolution: Sendable, Hashable {
    /// How the spring returns to rest.
    enum Regime: Sendable, Hashable {
        /// ζ < 1: oscillates at the damped angular frequency ω_d = ω₀√(1−ζ²), in rad/s.
        case underdamped(dampedFrequency: Double)
        /// ζ = 1 within `criticalBand`: the fastest return without oscillation.
        case critical
        /// ζ > 1: the sum of two decaying exponentials, whose rates differ by 2μ with μ = ω₀√(ζ²−1), per second.
        case overdamped(spread: Double)
    }

    /// Damping ratios this close to 1 are treated as critically damped.
    static let criticalBand = 1e-9

    /// f(0), in the solution's own unit.
    let initialValue: Double
    /// f'(0), in the solution's unit per second.
    let initialSlope: Double
    /// λ = ζ·ω₀, per second.
    let decayRate: Double
    /// ω₀, in rad/s.
    let naturalFrequency: Double
    let regime: Regime

    /// The solution with f(0) = `initialValue` and f'(0) = `initialSlope` for `spring`.
    init(spring: Spring, initialValue: Double, initialSlope: Double) {
        let omega = spring.naturalFrequency
        let zeta = spring.dampingRatio
        let regime: Regime
        if abs(zeta - 1) < Self.criticalBand {
            regime = .critical
        } else if zeta < 1 {
            regime = .underdamped(dampedFrequency: omega * ((1 - zeta) * (1 + zeta)).squareRoot())
        } else {
            regime = .overdamped(spread: omega * ((zeta - 1) * (zeta + 1)).squareRoot())
        }
        self.init(
            initialValue: initialValue,
            initialSlope: initialSlope,
            decayRate: spring.decayRate,
            naturalFrequency: omega,
            regime: regime
        )
    }

    private init(
        initialValue: Double,
        initialSlope: Double,
        decayRate: Double,
        naturalFrequency: Double,
        regime: Regime
    ) {
        self.initialValue = initialValue
        self.initialSlope = initialSlope
        self.decayRate = decayRate
        self.naturalFrequency = naturalFrequency
        self.regime = regime
    }

    /// True when f is zero at all times.
    var isIdenticallyZero: Bool {
        initialValue == 0 && initialSlope == 0
    }

    /// The coefficient b = f'(0) + λ·f(0) of the S(t) term.
    private var sineCoefficient: Double {
        initialSlope + decayRate * initialValue
    }

    /// f', itself a solution of the same equation: f'(0) and f''(0) = −2λ·f'(0) − ω₀²·f(0).
    var derivative: DampedSolution {
        DampedSolution(
            initialValue: initialSlope,
            initialSlope: -2 * decayRate * initialSlope - naturalFrequency * naturalFrequency * initialValue,
            decayRate: decayRate,
            naturalFrequency: naturalFrequency,
            regime: regime
        )
    }

    /// f(t) for t in seconds.
    func value(at t: Double) -> Double {
        let b = sineCoefficient
        switch regime {
        case .underdamped(let omega):
            let angle = omega * t
            return exp(-decayRate * t) * (initialValue * cos(angle) + b * sin(angle) / omega)
        case .critical:
            return exp(-decayRate * t) * (initialValue + b * t)
        case .overdamped(let spread):
            let s = spread * t
            if s < 1 {
                return exp(-decayRate * t) * (initialValue * cosh(s) + b * sinh(s) / spread)
            }
            // Far from t = 0 the hyperbolic form would overflow; split it into its two exponentials, computing the
            // slow rate λ − μ = ω₀² / (λ + μ) without cancellation.
            let slowRate = naturalFrequency * naturalFrequency / (decayRate + spread)
            let fastRate = decayRate + spread
            let slow = 0.5 * (initialValue + b / spread) * exp(-slowRate * t)
            let fast = 0.5 * (initialValue - b / spread) * exp(-fastRate * t)
            return slow + fast
        }
    }

    /// The first time strictly after `t` (seconds) at which f crosses or touches zero, or nil if there is none.
    func nextZero(after t: Double) -> Double? {
        if isIdenticallyZero {
            return nil
        }
        let b = sineCoefficient
        switch regime {
        case .underdamped(let omega):
            // f(0)·cos θ + (b/ω)·sin θ = R·cos(θ − φ) vanishes at θ = φ + π/2 + nπ.
            let base = atan2(b / omega, initialValue) + Double.pi / 2
            func zero(_ n: Double) -> Double { (base + n * Double.pi) / omega }
            var n = ((omega * t - base) / Double.pi).rounded(.down) + 1
            for _ in 0..<4 where zero(n - 1) > t {
                n -= 1
            }
            for _ in 0..<4 where zero(n) <= t {
                n += 1
            }
            return zero(n)
        case .critical:
            guard b != 0 else {
                return nil
            }
            let zero = -initialValue / b
            return zero > t ? zero : nil
        case .overdamped(let spread):
            // f(0)·cosh(μz) + (b/μ)·sinh(μz) = 0  ⇔  tanh(μz) = −f(0)·μ / b.
            guard b != 0 else {
                return nil
            }
            let ratio = -initialValue * spread / b
            guard abs(ratio) < 1 else {
                return nil
            }
            let zero = atanh(ratio) / spread
            return zero > t ? zero : nil
        }
    }

    /// The supremum, in seconds, of the times t ≥ 0 at which |f(t)| > `bound`: 0 when |f| never exceeds it,
    /// +∞ when it exceeds it forever (no damping, or a bound of zero).
    ///
    /// Every extremum of a solution is a local maximum of |f| (there f'' = −ω₀²·f), and |f| falls monotonically
    /// from each extremum to the next zero. So the answer lies between the last peak (t = 0 or an extremum) that
    /// exceeds the bound and the zero after it, where it is found by bisection to the resolution of a Double.
    func lastTimeExceeding(_ bound: Double) -> Double {
        if isIdenticallyZero {
            return 0
        }
        guard bound > 0 else {
            return .infinity
        }
        guard let peak = lastPeak(exceeding: bound) else {
            return 0
        }
        guard peak.isFinite else {
            return .infinity
        }
        var low = peak
        var high: Double
        if let zero = nextZero(after: peak) {
            high = zero
        } else {
            // No zero left: |f| decays monotonically for ever; double the span until it is within the bound.
            var span = 1 / naturalFrequency
            high = peak + span
            while abs(value(at: high)) > bound {
                low = high
                span *= 2
                high = peak + span
                if !high.isFinite {
                    return .infinity
                }
            }
        }
        while true {
            let middle = low + (high - low) / 2
            // Written so that a NaN (a solution of a non-finite start: a velocity no curve can have) ends it too.
            if !(middle > low && middle < high) {
                break
            }
            if abs(value(at: middle)) > bound {
                low = middle
            } else {
                high = middle
            }
        }
        return high
    }

    /// The last local maximum of |f| on t ≥ 0 (t = 0 or an extremum of f) where |f| > `bound`, in seconds;
    /// nil if there is none, +∞ if they never stop.
    private func lastPeak(exceeding bound: Double) -> Double? {
        let start: Double? = abs(initialValue) > bound ? 0 : nil
        guard let firstExtremum = derivative.nextZero(after: 0) else {
            return start
        }
        let firstHeight = abs(value(at: firstExtremum))
        guard firstHeight > bound else {
            return start
        }
        guard case .underdamped(let omega) = regime else {
            // Critically and over-damped solutions have at most one extremum after t = 0.
            return firstExtremum
        }
        // Extrema repeat every half period π/ω_d, each e^(−λπ/ω_d) times the height of the one before.
        guard decayRate > 0 else {
            return .infinity
        }
        let halfPeriod = Double.pi / omega
        func height(_ n: Double) -> Double { abs(value(at: firstExtremum + n * halfPeriod)) }
        var n = max(0, (log(firstHeight / bound) / (decayRate * halfPeriod)).rounded(.up) - 1)
        guard n.isFinite else {
            return .infinity
        }
        // Correct the estimate for rounding: extremum n must exceed the bound and extremum n + 1 must not.
        for _ in 0..<8 where n > 0 && height(n) <= bound {
            n -= 1
        }
        for _ in 0..<8 where height(n + 1) > bound {
            n += 1
        }
        return firstExtremum + n * halfPeriod
    }
}
