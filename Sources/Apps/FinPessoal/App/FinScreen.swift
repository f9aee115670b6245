import ChoreoEngine

/// FinPessoal's screens: the 11 navigation screens of `ui.navigate` (seed 002's ten, plus settings), in the order it
/// lists them, then the views pushed on top of one (the goal detail). The raw value is the name the state, the
/// trace, the replies and the tap targets spell.
enum FinScreen: String, Sendable, Hashable, CaseIterable, StateChoice {
    case dashboard, transactions, budgets, bills, goals, reports, insights, profile, creditCards, loans, settings
    case goalDetail

    /// Whether it is a view pushed on top of a screen (the goal detail) rather than a screen `ui.navigate` shows.
    var isPushed: Bool { self == .goalDetail }

    /// The navigation screens `ui.navigate` shows, in the order it lists them.
    static let navigation = allCases.filter { !$0.isPushed }
}
