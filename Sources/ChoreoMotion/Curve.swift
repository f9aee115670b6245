/// A normalized animation curve: progress runs from 0 (the start value) toward 1 (the target), over time t in
/// seconds since the animation started.
public enum Curve: Sendable, Hashable {
    /// A spring released at progress 0 toward 1. `initialVelocity` is in units of the whole change per second
    /// (SwiftUI's convention), so the progress starts changing at `initialVelocity` per second.
    case spring(Spring, initialVelocity: Double = 0)
    /// A timing function played over `duration` seconds.
    case timing(TimingFunction, duration: Double)

    /// The progress at `t` seconds: 0 before the start; for a spring 1 + x(t) with x(0) = −1 and
    /// x'(0) = initialVelocity (it may overshoot past 1); for a timing curve f(t / duration), and 1 from
    /// `duration` on (so always 1 for t ≥ 0 when the duration is 0).
    public func progress(at t: Double) -> Double {
        guard t >= 0 else {
            return 0
        }
        switch self {
        case .spring(let spring, let initialVelocity):
            return 1 + Self.motion(spring, initialVelocity).displacement(at: t)
        case .timing(let function, let duration):
            guard t < duration else {
                return 1
            }
            return function.progress(atFraction: t / duration)
        }
    }

    /// The rate of change of the progress at `t` seconds, in progress per second: 0 before the start and, for a
    /// timing curve, from `duration` on.
    public func velocity(at t: Double) -> Double {
        guard t >= 0 else {
            return 0
        }
        switch self {
        case .spring(let spring, let initialVelocity):
            return Self.motion(spring, initialVelocity).velocity(at: t)
        case .timing(let function, let duration):
            guard t < duration else {
                return 0
            }
            return function.slope(atFraction: t / duration) / duration
        }
    }

    /// When the animation counts as logically complete, in seconds: a spring's response (2π/ω₀, one undamped
    /// period), a timing curve's duration.
    public var logicallyCompleteTime: Double {
        switch self {
        case .spring(let spring, _):
            spring.response
        case .timing(_, let duration):
            duration
        }
    }

    /// When the animation has settled, in seconds: for a spring, when it stays within 0.1% of the change with
    /// velocity within 0.1% of the change times ω₀ (`SpringMotion.settleTime(tolerance: 0.001)`); for a timing
    /// curve, its duration.
    public var settleTime: Double {
        switch self {
        case .spring(let spring, let initialVelocity):
            Self.motion(spring, initialVelocity).settleTime(tolerance: 0.001)
        case .timing(_, let duration):
            duration
        }
    }

    private static func motion(_ spring: Spring, _ initialVelocity: Double) -> SpringMotion {
        SpringMotion(spring: spring, initialDisplacement: -1, initialVelocity: initialVelocity)
    }
}
