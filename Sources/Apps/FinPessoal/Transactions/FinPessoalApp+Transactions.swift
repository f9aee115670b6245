import ChoreoEngine
import ChoreoJSON

/// Transactions added, edited and deleted through the app (`app.addTransaction`, `app.editTransaction`,
/// `app.deleteTransaction`; seed 002's Add Transaction sheet and seed 001's detail view with its edit button and
/// delete option; behavior.md TX1–TX6). The data changes at once; what the dashboard shows follows it:
///
/// - the balance card's numbers count to the new values from what they show (an unchanged one keeps its count,
///   L10) while the dashboard shows its data; under skeletons the next reveal counts to them, and off screen they
///   show the new value when the dashboard appears (nothing counts unseen);
/// - the transactions list, the spending chart and its drill-down read the data, so they show the change at once;
/// - a deleted transaction's detail sheet leaves (plain sheet curve: its row is gone, so there is no hero to run
///   back to it), and a hero transition to or from its row ends at once (`hero.endTransition`, `sourceRemoved`).
extension FinPessoalApp {
    /// The transaction detail sheet's hero link for a transaction.
    static func transactionRow(_ id: String) -> String { "transactions/row/\(id)" }

    /// `app.addTransaction`: the new transaction first in the list (the most recent first).
    mutating func addTransaction(_ given: [String: JSONValue], world: inout World) throws(SimulationError)
        -> any ActionResult
    {
        let transaction = try Transaction.item(from: .object(given), path: "transaction")
        guard data.transactions.index(id: transaction.id) == nil else {
            throw .invalidValue(
                parameter: "transaction.id",
                expected: "an id no transaction has ('\(transaction.id)' is taken; taken: "
                    + "\(data.transactions.ids.joined(separator: ", ")))")
        }
        data.transactions.insert(transaction, at: 0)
        return dataChanged(transaction.id, .added, world: &world)
    }

    /// `app.editTransaction`: the fields in `changes` replace the transaction's (its id stays).
    mutating func editTransaction(_ id: String, changes: [String: JSONValue], world: inout World)
        throws(SimulationError) -> any ActionResult
    {
        let index = try transactionIndex(id)
        guard changes["id"] == nil else {
            throw .invalidValue(parameter: "changes.id", expected: "absent: a transaction's id does not change")
        }
        var fields = data.transactions[index].json.objectValue ?? [:]
        for (key, value) in changes { fields[key] = value }
        data.transactions[index] = try Transaction.item(from: .object(fields), path: "changes")
        return dataChanged(id, .edited, world: &world)
    }

    /// `app.deleteTransaction`: the transaction leaves the list; its detail sheet leaves with it.
    mutating func deleteTransaction(_ id: String, world: inout World) throws(SimulationError) -> any ActionResult {
        let index = try transactionIndex(id)
        data.transactions.remove(at: index)
        world.record(TransactionChangedEvent(transaction: id, change: .deleted))
        let dismissed = closeDetail(ofRemoved: id, world: &world)
        let counting = loading.follow(dataChange: data, world: &world)
        return TransactionChanged(transaction: id, change: .deleted, counting: counting, detailDismissed: dismissed)
    }

    private func transactionIndex(_ id: String) throws(SimulationError) -> Int {
        guard let index = data.transactions.index(id: id) else {
            throw .invalidValue(
                parameter: "transaction", expected: FinPessoalApp.idOf("transaction", id, among: data.transactions.ids))
        }
        return index
    }

    /// Records the change and lets the balance card's numbers follow it.
    private mutating func dataChanged(_ id: String, _ change: TransactionChange, world: inout World)
        -> TransactionChanged
    {
        world.record(TransactionChangedEvent(transaction: id, change: change))
        let counting = loading.follow(dataChange: data, world: &world)
        return TransactionChanged(transaction: id, change: change, counting: counting)
    }

    /// A deleted transaction's detail: a hero transition to or from its row ends at once (the row, and its
    /// namespace, are gone), and its sheet, if it is the top one and not already leaving, is dismissed with the
    /// plain sheet curve. Returns whether a sheet was dismissed.
    private mutating func closeDetail(ofRemoved id: String, world: inout World) -> Bool {
        let row = Self.transactionRow(id)
        if hero.isTransitioning, hero.activeTransition == row {
            world.cancelTimer(FinTimer.heroEnd)
            world.record(HeroEndTransitionEvent(id: row, reason: .sourceRemoved))
            hero = HeroState()
            world.set(.heroProgress, to: 0)
        }
        for index in sheets.indices where sheets[index].heroSource == row {
            sheets[index].heroSource = nil
            // The morph has no row to run back to: it is over (the sheet leaves on its own curve).
            if !hero.isTransitioning { world.set(.heroProgress, to: 0) }
        }
        guard let top = sheets.last, top.name == .transactionDetail, top.item == id, top.phase != .dismissing else {
            return false
        }
        return dismiss(world: &world) is SheetDismissed
    }
}
