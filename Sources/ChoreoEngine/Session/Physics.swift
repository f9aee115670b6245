/// How a session evaluates animations.
public enum Physics: String, Sendable, Hashable, CaseIterable {
    /// As SwiftUI's runtime does, with the session's fps as the render loop: the fluid-spring integrator
    /// (1/300 s steps) for `spring(...)`, SwiftUI's closed form for `interpolatingSpring`, the 2⁻²⁰ cubic solver for
    /// timing curves, merging and combining on retarget, AnimatorState's phases, removal on frames
    /// (``swiftUIRuntime``).
    case swiftui
    /// Closed forms: the damped oscillator for every spring, exact Bézier curves, additive timing offsets; settled
    /// once within 0.1% of the change with velocity within 0.1% of the change times ω₀ for good.
    case ideal

    /// The physics a session (and `motion.sample`) gets when it does not ask for one: SwiftUI's runtime (issue 15).
    public static let `default`: Physics = .swiftui

    /// What the `swiftui` physics models (daemon.info `physics.swiftuiRuntime`).
    public static let swiftUIRuntime = """
        iOS 26.1 SwiftUICore: AnimatorState on a render loop of whole frames at the session's fps (a transaction \
        is taken at the first frame at or after it and that update holds; then the phases pending, first, second \
        (holds and re-bases), running; late-frame allowance 2·max(q, 1/60) s with q = 0; between frames the screen \
        shows the last frame), FluidSpringAnimation, SpringAnimation (no stiffness cap), BezierAnimation, \
        DefaultCombiningAnimation, DelayAnimation and RepeatAnimation.
        """
}
