import ChoreoEngine

/// The material of frosted surfaces (sheets and the nav bar) in the effective mode (seed 002).
enum FrostedMaterial: String, Sendable, Hashable, CaseIterable, StateChoice {
    /// `.ultraThinMaterial`: full and reduced modes.
    case ultraThin
    /// `.regularMaterial`: Reduce Transparency.
    case regular
    /// An opaque surface: minimal mode (wins over Reduce Transparency).
    case solid
}
