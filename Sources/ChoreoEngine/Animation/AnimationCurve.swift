import ChoreoMotion

/// How an animation moves: a curve from ChoreoMotion, an optional start delay and an optional endless repeat.
public struct AnimationCurve: Sendable, Hashable {
    /// How an animation repeats.
    public enum Repetition: Sendable, Hashable {
        /// `repeatForever(autoreverses:)`: loops for ever and never blocks a settle.
        case forever(autoreverses: Bool)
        /// `repeatCount(_:autoreverses:)`: `count` passes (at least 1), then done at the target.
        case count(Int, autoreverses: Bool)

        /// Whether odd passes run backwards.
        public var autoreverses: Bool {
            switch self {
            case .forever(let autoreverses), .count(_, let autoreverses): return autoreverses
            }
        }

        /// How many passes, nil for ever.
        public var count: Int? {
            if case .count(let count, _) = self { return count }
            return nil
        }
    }

    /// The normalized curve (progress 0 → 1 over time in seconds).
    public var curve: Curve
    /// The delay before the animation starts (SwiftUI's `.delay`).
    public var delay: VirtualTime
    /// Endless repetition, or nil for a finite animation.
    public var repetition: Repetition?
    /// How a spring was spelled, so it is reported the way it was written: `spring(response:dampingFraction:)`
    /// or `interpolatingSpring(stiffness:damping:mass:)`.
    public var springSpelling: SpringSpelling = .response
    /// A `spring(response:dampingFraction:)` as written (exact response and damping fraction, which the
    /// coefficients in `curve` only round-trip to within a unit in the last place); the `swiftui` physics runs it.
    public var writtenSpring: FluidSpringAnimation?

    /// The two ways to write a spring.
    public enum SpringSpelling: Sendable, Hashable {
        case response
        case interpolating
    }

    /// Creates an animation curve.
    public init(_ curve: Curve, delay: VirtualTime = .zero, repetition: Repetition? = nil) {
        self.curve = curve
        self.delay = delay
        self.repetition = repetition
    }

    /// `spring(response:dampingFraction:)`, response in seconds.
    public static func spring(response: Double, dampingFraction: Double) -> AnimationCurve {
        var curve = AnimationCurve(
            .spring(Spring(response: response, dampingFraction: dampingFraction), initialVelocity: 0))
        curve.writtenSpring = FluidSpringAnimation(response: response, dampingFraction: dampingFraction)
        return curve
    }

    /// `interpolatingSpring(stiffness:damping:mass:initialVelocity:)`.
    public static func interpolatingSpring(
        stiffness: Double, damping: Double, mass: Double = 1, initialVelocity: Double = 0
    ) -> AnimationCurve {
        var curve = AnimationCurve(
            .spring(Spring(stiffness: stiffness, damping: damping, mass: mass), initialVelocity: initialVelocity))
        curve.springSpelling = .interpolating
        return curve
    }

    /// A timing curve over a duration in seconds.
    public static func timing(_ function: TimingFunction, seconds: Double) -> AnimationCurve {
        AnimationCurve(.timing(function, duration: seconds))
    }

    /// `linear(duration:)`, in seconds.
    public static func linear(_ seconds: Double) -> AnimationCurve { timing(.linear, seconds: seconds) }
    /// `easeIn(duration:)`, in seconds.
    public static func easeIn(_ seconds: Double) -> AnimationCurve { timing(.easeIn, seconds: seconds) }
    /// `easeOut(duration:)`, in seconds.
    public static func easeOut(_ seconds: Double) -> AnimationCurve { timing(.easeOut, seconds: seconds) }
    /// `easeInOut(duration:)`, in seconds.
    public static func easeInOut(_ seconds: Double) -> AnimationCurve { timing(.easeInOut, seconds: seconds) }

    /// The same curve after a delay.
    public func delayed(by delay: VirtualTime) -> AnimationCurve {
        var copy = self
        copy.delay = delay
        return copy
    }

    /// The same curve repeating for ever.
    public func repeatingForever(autoreverses: Bool) -> AnimationCurve {
        var copy = self
        copy.repetition = .forever(autoreverses: autoreverses)
        return copy
    }

    /// The same curve repeated `count` times (SwiftUI's `repeatCount(_:autoreverses:)`).
    public func repeating(count: Int, autoreverses: Bool) -> AnimationCurve {
        var copy = self
        copy.repetition = .count(count, autoreverses: autoreverses)
        return copy
    }

    /// Whether the animation never ends (a `repeatForever`).
    public var isInfinite: Bool {
        if case .forever = repetition { return true }
        return false
    }

    /// From the start (after the delay) to logical completion.
    public var logicalSpan: VirtualTime { VirtualTime(seconds: curve.logicallyCompleteTime) }
}
