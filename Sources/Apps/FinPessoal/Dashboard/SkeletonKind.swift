import ChoreoEngine

/// What a loading skeleton stands for (seed 003's Dashboard Skeleton States).
enum SkeletonKind: String, Sendable, Hashable, CaseIterable, StateChoice {
    /// The balance card.
    case balanceCard
    /// The spending chart.
    case chart
    /// A recent transaction's row.
    case transactionRow
}
