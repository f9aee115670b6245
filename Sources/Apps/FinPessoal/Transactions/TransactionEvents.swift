import ChoreoEngine

/// The `transaction.changed` event.
struct TransactionChangedEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.transactionChanged
    static let meaning = "A transaction was added, edited or deleted through the app (`app.*Transaction`)."
    var transaction: String
    var change: TransactionChange

    static let fields: [StateProperty<TransactionChangedEvent>] = [
        StateProperty("transaction", \.transaction, .text, "The transaction's id."),
        StateProperty(
            "change", \.change.rawValue, .string(choices: TransactionChange.allCases.map(\.rawValue)),
            "added, edited or deleted."),
    ]
}

/// Transactions added, edited or deleted through the app (`app.*Transaction`).
extension Feature<FinPessoalApp> {
    static var transactions: Self {
        Feature(
            "transactions", traceEvents: [TransactionChangedEvent.declaration],
            actionResults: [TransactionChanged.self])
    }
}
