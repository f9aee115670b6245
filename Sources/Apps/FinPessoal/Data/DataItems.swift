import ChoreoEngine
import ChoreoJSON

// The items of FinPessoal's lists, one type per list (`protocol/finpessoal-data.md`). Money is in the data's
// currency; dates are `YYYY-MM-DD` text, as the data gives them. Every field but the id is optional.

/// A bank account (`accounts`): a dashboard row `Account: NAME` that presents `accountDetail`.
public struct Account: FinItem {
    public static let list = "accounts"
    public static var numberFields: KeyValuePairs<String, WritableKeyPath<Self, Double?>> { ["balance": \.balance] }
    public static var stringFields: KeyValuePairs<String, WritableKeyPath<Self, String?>> { ["name": \.name] }
    public static var labelField: KeyPath<Self, String?> { \.name }

    public var id: String
    /// The account's name (`name`).
    public var name: String?
    /// The balance, in the data's currency (`balance`); the dashboard's balance counter sums them.
    public var balance: Double?
    public var extra: [String: JSONValue] = [:]
}

/// A transaction (`transactions`): a row `Transaction: DESCRIPTION`; a negative amount is spending on its date in
/// the spending chart.
public struct Transaction: FinItem {
    public static let list = "transactions"
    public static var numberFields: KeyValuePairs<String, WritableKeyPath<Self, Double?>> { ["amount": \.amount] }
    public static var stringFields: KeyValuePairs<String, WritableKeyPath<Self, String?>> {
        ["description": \.description, "date": \.date, "category": \.category]
    }
    public static var labelField: KeyPath<Self, String?> { \.description }

    public var id: String
    /// What the transaction was (`description`).
    public var description: String?
    /// The amount, in the data's currency (`amount`): negative for spending, positive for income.
    public var amount: Double?
    /// The day, `YYYY-MM-DD` (`date`); a longer text counts by its first ten characters.
    public var date: String?
    /// The category (`category`); kept and shown back, not read by the model.
    public var category: String?
    public var extra: [String: JSONValue] = [:]
}

/// A savings goal (`goals`): a card `Goal: NAME`; its progress is `saved / target` (a gradient above 80%, a
/// celebration on reaching 100%).
public struct Goal: FinItem {
    public static let list = "goals"
    public static var numberFields: KeyValuePairs<String, WritableKeyPath<Self, Double?>> {
        ["target": \.target, "saved": \.saved]
    }
    public static var stringFields: KeyValuePairs<String, WritableKeyPath<Self, String?>> { ["name": \.name] }
    public static var labelField: KeyPath<Self, String?> { \.name }

    public var id: String
    /// The goal's name (`name`).
    public var name: String?
    /// The amount to reach, in the data's currency (`target`).
    public var target: Double?
    /// The amount saved so far, in the data's currency (`saved`); contributions add to it.
    public var saved: Double?
    public var extra: [String: JSONValue] = [:]

    /// The targets a goal may have: at least a cent (a target of 0 or less could never be reached, or would be
    /// reached by nothing; a smaller one makes `saved / target` overflow), at most a trillion (behavior.md CT13).
    public static let targets: ClosedRange<Double> = 0.01...1e12

    /// What a goal may hold saved at creation: within a trillion either way, as one contribution may move it.
    public static let savedAmounts: ClosedRange<Double> = -1e12...1e12

    public static func check(_ goal: Goal, path: String) throws(SimulationError) {
        if let target = goal.target, !Goal.targets.contains(target) {
            throw .invalidValue(
                parameter: "\(path).target",
                expected: "an amount from 0.01 to 1e12 (\(target) is outside it): progress is saved / target, which "
                    + "a target of 0 or less never completes and a smaller one overflows; leave target out for a goal "
                    + "without one")
        }
        if let saved = goal.saved, !Goal.savedAmounts.contains(saved) {
            throw .invalidValue(
                parameter: "\(path).saved",
                expected: "an amount from -1e12 to 1e12 (\(saved) is outside it), so that progress stays a number")
        }
    }
}

/// A budget (`budgets`): a card `Budget: NAME`; `spent / limit` above 90% shows a warning gradient, and a period
/// that ends at or under the limit celebrates.
public struct Budget: FinItem {
    public static let list = "budgets"
    public static var numberFields: KeyValuePairs<String, WritableKeyPath<Self, Double?>> {
        ["limit": \.limit, "spent": \.spent]
    }
    public static var stringFields: KeyValuePairs<String, WritableKeyPath<Self, String?>> {
        ["name": \.name, "period": \.period]
    }
    public static var labelField: KeyPath<Self, String?> { \.name }

    public var id: String
    /// The budget's name (`name`).
    public var name: String?
    /// The most to spend in a period, in the data's currency (`limit`).
    public var limit: Double?
    /// The amount spent in the current period, in the data's currency (`spent`); 0 when a period ends.
    public var spent: Double?
    /// The period's name (`period`, `monthly` in the defaults): free text, kept and shown back. `daily`, `weekly`
    /// and `monthly` end the period by the wall clock (``BudgetPeriod``); any other text is accepted and ends only by
    /// `app.closeBudgetPeriod`.
    public var period: String?
    public var extra: [String: JSONValue] = [:]
}

/// A bill (`bills`): a row `Bill: NAME` that presents `billDetail`.
public struct Bill: FinItem {
    public static let list = "bills"
    public static var numberFields: KeyValuePairs<String, WritableKeyPath<Self, Double?>> { ["amount": \.amount] }
    public static var stringFields: KeyValuePairs<String, WritableKeyPath<Self, String?>> {
        ["name": \.name, "dueDate": \.dueDate]
    }
    public static var labelField: KeyPath<Self, String?> { \.name }

    public var id: String
    /// The bill's name (`name`).
    public var name: String?
    /// The amount due, in the data's currency (`amount`).
    public var amount: Double?
    /// The day it is due, `YYYY-MM-DD` (`dueDate`); kept and shown back, not read by the model.
    public var dueDate: String?
    public var extra: [String: JSONValue] = [:]
}

/// A credit card (`creditCards`): a card labelled with its name that presents `creditCardDetail`.
public struct CreditCard: FinItem {
    public static let list = "creditCards"
    public static var numberFields: KeyValuePairs<String, WritableKeyPath<Self, Double?>> {
        ["limit": \.limit, "balance": \.balance]
    }
    public static var stringFields: KeyValuePairs<String, WritableKeyPath<Self, String?>> { ["name": \.name] }
    public static var labelField: KeyPath<Self, String?> { \.name }

    public var id: String
    /// The card's name (`name`).
    public var name: String?
    /// The credit limit, in the data's currency (`limit`).
    public var limit: Double?
    /// The amount owed, in the data's currency (`balance`).
    public var balance: Double?
    public var extra: [String: JSONValue] = [:]
}

/// A loan (`loans`): a card labelled with its name that presents `loanDetail`.
public struct Loan: FinItem {
    public static let list = "loans"
    public static var numberFields: KeyValuePairs<String, WritableKeyPath<Self, Double?>> {
        ["principal": \.principal, "remaining": \.remaining]
    }
    public static var stringFields: KeyValuePairs<String, WritableKeyPath<Self, String?>> { ["name": \.name] }
    public static var labelField: KeyPath<Self, String?> { \.name }

    public var id: String
    /// The loan's name (`name`).
    public var name: String?
    /// The amount borrowed, in the data's currency (`principal`).
    public var principal: Double?
    /// The amount still owed, in the data's currency (`remaining`).
    public var remaining: Double?
    public var extra: [String: JSONValue] = [:]
}

// `init(id:)` in extensions keeps each type's memberwise initializer (the default dataset uses it).

extension Account { public init(id: String) { self.init(id: id, name: nil) } }
extension Transaction { public init(id: String) { self.init(id: id, description: nil) } }
extension Goal { public init(id: String) { self.init(id: id, name: nil) } }
extension Budget { public init(id: String) { self.init(id: id, name: nil) } }
extension Bill { public init(id: String) { self.init(id: id, name: nil) } }
extension CreditCard { public init(id: String) { self.init(id: id, name: nil) } }
extension Loan { public init(id: String) { self.init(id: id, name: nil) } }
