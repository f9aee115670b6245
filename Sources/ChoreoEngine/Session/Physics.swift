/// How a session evaluates animations.
public enum Physics: String, Sendable, Hashable, CaseIterable {
    /// As SwiftUI's runtime does, with the session's fps as the render loop: the fluid-spring integrator
    /// (1/300 s steps) for `spring(...)`, SwiftUI's closed form for `interpolatingSpring`, the 2⁻²⁰ cubic solver for
    /// timing curves, merging and combining on retarget, removal on frames.
    case swiftui
    /// Closed forms: the damped oscillator for every spring, exact Bézier curves, additive timing offsets; settled
    /// once within 0.1% of the change with velocity within 0.1% of the change times ω₀ for good.
    case ideal

    /// The physics a session (and `motion.sample`) gets when it does not ask for one: SwiftUI's runtime (issue 15).
    public static let `default`: Physics = .swiftui
}
