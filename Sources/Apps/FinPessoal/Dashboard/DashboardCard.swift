import ChoreoEngine

/// The dashboard's cards revealed after a load, in reveal order (seed 003).
enum DashboardCard: String, Sendable, Hashable, CaseIterable, StateChoice {
    /// The balance card, with its counters.
    case balance
    /// The spending chart's card.
    case chart
    /// The recent transactions (drawn as the account rows).
    case transactions
}
