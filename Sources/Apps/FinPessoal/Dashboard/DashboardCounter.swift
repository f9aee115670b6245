import ChoreoEngine

/// The balance card's numbers (PhysicsNumberCounter, seed 003), in the order the state lists them.
enum DashboardCounter: String, Sendable, Hashable, CaseIterable, StateChoice {
    /// The accounts' total balance.
    case balance
    /// This month's income.
    case monthlyIncome
    /// This month's spending.
    case monthlyExpenses

    /// What the number is, as the state reference says.
    var meaning: String {
        switch self {
        case .balance: return "The accounts' total balance (PhysicsNumberCounter)."
        case .monthlyIncome: return "This month's income: the positive amounts of transactions dated this month."
        case .monthlyExpenses:
            return "This month's spending: the negative amounts of transactions dated this month, as a positive sum."
        }
    }
}
