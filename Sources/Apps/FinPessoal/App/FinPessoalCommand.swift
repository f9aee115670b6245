import ChoreoEngine
import ChoreoJSON

/// FinPessoal's own commands (`app.*` methods): events of the app's data rather than gestures.
public enum FinPessoalCommand: AppCommand, Hashable {
    /// The dashboard's data load finishes (`app.finishLoading`); `ok` false when it failed.
    case finishLoading(ok: Bool)
    /// Add an amount of money to a goal (`app.contribute`).
    case contribute(goal: String, amount: Double)
    /// End a budget's period (`app.closeBudgetPeriod`).
    case closeBudgetPeriod(budget: String)
    /// Set total savings to an amount of money (`app.setSavings`).
    case setSavings(amount: Double)
    /// Add a transaction, first in the list (`app.addTransaction`): its fields as the data gives them.
    case addTransaction([String: JSONValue])
    /// Change a transaction's fields (`app.editTransaction`).
    case editTransaction(String, changes: [String: JSONValue])
    /// Delete a transaction (`app.deleteTransaction`).
    case deleteTransaction(String)

    public var methodName: String {
        switch self {
        case .finishLoading: return "app.finishLoading"
        case .contribute: return "app.contribute"
        case .closeBudgetPeriod: return "app.closeBudgetPeriod"
        case .setSavings: return "app.setSavings"
        case .addTransaction: return "app.addTransaction"
        case .editTransaction: return "app.editTransaction"
        case .deleteTransaction: return "app.deleteTransaction"
        }
    }
}
