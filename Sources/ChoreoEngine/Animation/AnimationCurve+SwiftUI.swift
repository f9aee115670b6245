import ChoreoMotion

extension AnimationCurve {
    /// The animation SwiftUI's runtime would run for this curve (the `swiftui` physics): a response-spelled spring
    /// is a fluid spring (its initial velocity is not used: `spring(...)` has none), an interpolating spring keeps
    /// its coefficients and initial velocity, a timing curve is its Bézier over its duration.
    public var swiftUIAnimation: SwiftUIAnimation {
        switch curve {
        case .spring(let spring, let initialVelocity):
            switch springSpelling {
            case .response:
                return .fluidSpring(
                    writtenSpring
                        ?? FluidSpringAnimation(response: spring.response, dampingFraction: spring.dampingRatio))
            case .interpolating:
                return .interpolatingSpring(
                    InterpolatingSpringAnimation(
                        stiffness: spring.stiffness, damping: spring.damping, mass: spring.mass,
                        initialVelocity: initialVelocity))
            }
        case .timing(let function, let duration):
            return .bezier(BezierAnimation(function.bezier, duration: duration))
        }
    }
}

extension AnimationCurve {
    /// What SwiftUI's runtime runs for the whole curve, delay and repeat included (`.delay(d)` around
    /// `.repeatForever(autoreverses:)` around the curve: the delay is applied once, before the first pass); nil for
    /// a repeating spring, which the `swiftui` physics runs in closed form.
    public var swiftUIRenderedAnimation: SwiftUIAnimation? {
        var animation = swiftUIAnimation
        if let repetition {
            guard case .timing = curve else { return nil }
            animation = .repeating(animation, count: repetition.count, autoreverses: repetition.autoreverses)
        }
        return delay > .zero ? .delayed(animation, delay: delay.seconds) : animation
    }
}
