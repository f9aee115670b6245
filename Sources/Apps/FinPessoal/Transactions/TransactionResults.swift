import ChoreoEngine

/// How a transaction changed.
enum TransactionChange: String, Sendable, Hashable, CaseIterable {
    case added, edited, deleted
}

/// `app.addTransaction`, `app.editTransaction`, `app.deleteTransaction`: what changed and what follows it.
struct TransactionChanged: ActionResult {
    var transaction: String
    var change: TransactionChange
    var counting: [DashboardCounter]
    var detailDismissed = false
    static let answers = ["app.addTransaction", "app.editTransaction", "app.deleteTransaction"]
    static let summary =
        "The transaction changed, the balance card's numbers that count to new values, and whether its detail sheet left."
    static let fields: [StateProperty<TransactionChanged>] = [
        StateProperty("transaction", \.transaction, .text, "The transaction's id."),
        StateProperty(
            "change", \.change.rawValue, .string(choices: TransactionChange.allCases.map(\.rawValue)),
            "added, edited or deleted."),
        StateProperty(
            "counting", \.counting, .array(.choice(DashboardCounter.self)),
            "The `dashboard.counters` this change moved (behavior.md TX3)."),
        StateProperty(
            "detailDismissed", \.detailDismissed, .bool,
            "Whether the deleted transaction's detail sheet was dismissed (TX4)."),
    ]
}
