import ChoreoEngine

/// The colour of an animated gradient's stop (seeds 000 and 001's GradientAnimationView).
enum GradientColour: String, Sendable, Hashable, CaseIterable, StateChoice {
    /// The old-money accent: the premium card, goals above 80% saved.
    case accent
    /// Budgets above 90% spent.
    case warning
    /// The second stop of every gradient.
    case clear
}
