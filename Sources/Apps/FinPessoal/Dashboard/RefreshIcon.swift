import ChoreoEngine

/// What the pull-to-refresh indicator shows (seed 003's RefreshCoordinator).
enum RefreshIcon: String, Sendable, Hashable, CaseIterable, StateChoice {
    /// The arrow, while pulling or ready.
    case arrowDown = "arrow.down"
    /// The spinner, while refreshing.
    case spinner
    /// The check mark, when complete.
    case checkmark
}
