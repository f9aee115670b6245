import ChoreoEngine
import ChoreoJSON

/// FinPessoal's data: an embedded default dataset (``defaults``), any part of which `session.create`'s `data`
/// replaces. Read and checked once, when the session is created; the model then reads typed items, and ``json``
/// writes the data back for `state.get data`. The schema is in `protocol/finpessoal-data.md`.
public struct FinData: Sendable, Hashable {
    /// Bank accounts (`accounts`), in the dashboard's order.
    public var accounts: [Account]
    /// Transactions (`transactions`), in the transactions screen's order.
    public var transactions: [Transaction]
    /// Savings goals (`goals`), in the goals screen's order.
    public var goals: [Goal]
    /// Budgets (`budgets`), in the budgets screen's order.
    public var budgets: [Budget]
    /// Bills (`bills`), in the bills screen's order.
    public var bills: [Bill]
    /// Credit cards (`creditCards`), in their screen's order.
    public var creditCards: [CreditCard]
    /// Loans (`loans`), in their screen's order.
    public var loans: [Loan]
    /// Total savings, in the data's currency.
    public var savings: Double
    /// How long the dashboard's data load takes, in virtual milliseconds (seed 003; 0 to 600000, default 1200).
    public var loadLatencyMs: Double = 1200
    /// Whether the session starts with the dashboard loading (skeletons at time 0, data after the latency);
    /// false by default: the dashboard starts loaded.
    public var loadOnStart = false
    /// The spending chart's range in days: 7 (default) or 30.
    public var chartDays = 7

    /// The keys of the lists, in the order the schema gives them.
    public static var listKeys: [String] { parts.map(\.key) }

    /// The settings-like keys of the dataset (not lists).
    public static let scalarKeys = ["savings", "loadLatencyMs", "loadOnStart", "chartDays"]

    /// The load latency as virtual time.
    public var loadLatency: VirtualTime { VirtualTime(milliseconds: loadLatencyMs) ?? .zero }

    /// The ids of a list by its key (`"budgets"`), in order; empty for a key that is not a list.
    public func ids(_ list: String) -> [String] {
        FinData.parts.first { $0.key == list }?.ids(self) ?? []
    }

    /// The data as JSON (for `state.get data`): every list, and the settings-like keys.
    public var json: JSONValue {
        var object: [String: JSONValue] = [:]
        for part in FinData.parts { object[part.key] = part.json(self) }
        object["savings"] = .number(savings)
        object["loadLatencyMs"] = .number(loadLatencyMs)
        object["loadOnStart"] = .bool(loadOnStart)
        object["chartDays"] = .int(Int64(chartDays))
        return .object(object)
    }
}

// In an extension, so the memberwise initializer stays (the default dataset uses it).
extension FinData {
    /// The defaults with the parts `data` names replaced, each checked as `protocol/finpessoal-data.md` says (parts
    /// in alphabetical order of their keys, items in order).
    /// - Throws: ``SimulationError/invalidValue(parameter:expected:)`` naming the first offending value.
    public init(overrides data: [String: JSONValue]) throws(SimulationError) {
        self = FinData.defaults
        for key in data.keys.sorted() {
            let value = data[key]!
            switch key {
            case "savings":
                guard let amount = value.doubleValue, amount.isFinite else {
                    throw .invalidValue(parameter: "data.savings", expected: "a number")
                }
                guard abs(amount) <= FinAmount.largest else {
                    throw .invalidValue(parameter: "data.savings", expected: FinAmount.expected)
                }
                savings = amount
            case "loadLatencyMs":
                guard let ms = value.doubleValue, ms.isFinite, ms >= 0, ms <= 600_000 else {
                    throw .invalidValue(parameter: "data.loadLatencyMs", expected: "milliseconds from 0 to 600000")
                }
                loadLatencyMs = ms
            case "loadOnStart":
                guard let flag = value.boolValue else {
                    throw .invalidValue(parameter: "data.loadOnStart", expected: "a boolean")
                }
                loadOnStart = flag
            case "chartDays":
                guard let days = value.intValue, SpendingSeries.ranges.contains(Int(days)) else {
                    throw .invalidValue(parameter: "data.chartDays", expected: "7 or 30")
                }
                chartDays = Int(days)
            default:
                guard let part = FinData.parts.first(where: { $0.key == key }) else {
                    throw .invalidValue(
                        parameter: "data.\(key)",
                        expected:
                            "one of the dataset's parts: \(FinPessoalApp.dataParts.joined(separator: ", "))"
                    )
                }
                try part.replace(&self, value, "data.\(key)")
            }
        }
    }
}

extension FinData {
    /// One list of the dataset, reached by its key: how `data` replaces it, its JSON and its ids.
    struct Part: Sendable {
        /// The list's key in the data (`"goals"`).
        let key: String
        /// Replaces the list with the one `data` gives, checked; the string is the list's path (`data.goals`).
        let replace: @Sendable (inout FinData, JSONValue, String) throws(SimulationError) -> Void
        /// The list as JSON.
        let json: @Sendable (FinData) -> JSONValue
        /// The list's ids, in order.
        let ids: @Sendable (FinData) -> [String]

        init<Item: FinItem>(_ list: WritableKeyPath<FinData, [Item]> & Sendable) {
            key = Item.list
            replace = { data, value, parameter throws(SimulationError) in
                data[keyPath: list] = try Item.items(from: value, parameter: parameter)
            }
            json = { data in .array(data[keyPath: list].map(\.json)) }
            ids = { data in data[keyPath: list].ids }
        }
    }

    /// The lists, in the order the schema gives them (and an unknown part's message lists them).
    static let parts = [
        Part(\.accounts), Part(\.transactions), Part(\.goals), Part(\.budgets), Part(\.bills), Part(\.creditCards),
        Part(\.loans),
    ]
}
