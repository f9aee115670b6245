import ChoreoEngine

/// The pull-to-refresh indicator's colour.
enum RefreshColour: String, Sendable, Hashable, CaseIterable, StateChoice {
    /// Below the ready threshold.
    case secondary
    /// From ready on.
    case accent
}
