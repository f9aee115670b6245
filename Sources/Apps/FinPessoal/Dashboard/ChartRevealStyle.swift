import ChoreoEngine

/// How the spending chart is revealed after a load (seed 003).
enum ChartRevealStyle: String, Sendable, Hashable, CaseIterable, StateChoice {
    /// Full mode: the axes, grid, line and points drawn one after another.
    case animated
    /// Reduced and minimal modes: drawn at once under the card's fade.
    case still = "static"
}
