import ChoreoEngine
import ChoreoJSON

/// FinPessoal's data: an embedded default dataset, any part of which `session.create`'s `data` replaces.
/// The schema is in `protocol/finpessoal-data.md`.
public struct FinData: Sendable, Hashable {
    /// The lists of the dataset, each an array of objects with a string `id`.
    public static let listKeys = ["accounts", "transactions", "goals", "budgets", "bills", "creditCards", "loans"]

    /// Each list by key, items in order.
    public var lists: [String: [JSONValue]]
    /// Total savings, in the app's currency.
    public var savings: Double
    /// How long the dashboard's data load takes, in virtual milliseconds (seed 003; 0 to 600000, default 1200).
    public var loadLatencyMs: Double = 1200
    /// Whether the session starts with the dashboard loading (skeletons at time 0, data after the latency);
    /// false by default: the dashboard starts loaded.
    public var loadOnStart = false
    /// The spending chart's range in days: 7 (default) or 30.
    public var chartDays = 7

    /// The settings-like keys of the dataset (not lists).
    public static let scalarKeys = ["savings", "loadLatencyMs", "loadOnStart", "chartDays"]

    /// The embedded default dataset: a few of everything, chosen so the thresholds the seeds name are near
    /// (a goal at 85%, a budget at 95% used, savings just under $5k).
    public static let defaults = FinData(
        lists: [
            "accounts": [
                ["id": "a1", "name": "Checking", "balance": 3250.75],
                ["id": "a2", "name": "Savings", "balance": 4800],
            ],
            "transactions": [
                ["id": "t1", "description": "Coffee", "amount": -4.5, "date": "2026-01-05", "category": "food"],
                ["id": "t2", "description": "Salary", "amount": 5200, "date": "2026-01-02", "category": "income"],
                ["id": "t3", "description": "Groceries", "amount": -86.2, "date": "2026-01-04", "category": "food"],
                [
                    "id": "t4", "description": "Metro card", "amount": -30, "date": "2026-01-03",
                    "category": "transport",
                ],
                ["id": "t5", "description": "Dinner out", "amount": -54.9, "date": "2026-01-01", "category": "dining"],
                [
                    "id": "t6", "description": "Electricity", "amount": -120.4, "date": "2025-12-30",
                    "category": "bills",
                ],
            ],
            "goals": [
                ["id": "g1", "name": "Emergency fund", "target": 10000, "saved": 8500],
                ["id": "g2", "name": "Vacation", "target": 5000, "saved": 1200],
                ["id": "g3", "name": "New laptop", "target": 2000, "saved": 1950],
            ],
            "budgets": [
                ["id": "b1", "name": "Groceries", "limit": 800, "spent": 520, "period": "monthly"],
                ["id": "b2", "name": "Dining", "limit": 300, "spent": 285, "period": "monthly"],
                ["id": "b3", "name": "Transport", "limit": 200, "spent": 90, "period": "monthly"],
            ],
            "bills": [
                ["id": "bl1", "name": "Rent", "amount": 1500, "dueDate": "2026-02-01"],
                ["id": "bl2", "name": "Internet", "amount": 60, "dueDate": "2026-01-15"],
            ],
            "creditCards": [["id": "c1", "name": "Platinum", "limit": 5000, "balance": 1240.3]],
            "loans": [["id": "l1", "name": "Car loan", "principal": 15000, "remaining": 9800]],
        ],
        savings: 4800)

    /// The defaults with the parts `data` names replaced.
    /// - Throws: ``SimulationError/invalidValue(parameter:expected:)`` naming the offending part.
    public init(overrides data: [String: JSONValue]) throws(SimulationError) {
        self = FinData.defaults
        for key in data.keys.sorted() {
            let value = data[key]!
            if key == "savings" {
                guard let amount = value.doubleValue, amount.isFinite else {
                    throw .invalidValue(parameter: "data.savings", expected: "a number")
                }
                savings = amount
                continue
            }
            switch key {
            case "loadLatencyMs":
                guard let ms = value.doubleValue, ms.isFinite, ms >= 0, ms <= 600_000 else {
                    throw .invalidValue(parameter: "data.loadLatencyMs", expected: "milliseconds from 0 to 600000")
                }
                loadLatencyMs = ms
                continue
            case "loadOnStart":
                guard let flag = value.boolValue else {
                    throw .invalidValue(parameter: "data.loadOnStart", expected: "a boolean")
                }
                loadOnStart = flag
                continue
            case "chartDays":
                guard let days = value.intValue, SpendingSeries.ranges.contains(Int(days)) else {
                    throw .invalidValue(parameter: "data.chartDays", expected: "7 or 30")
                }
                chartDays = Int(days)
                continue
            default:
                break
            }
            guard FinData.listKeys.contains(key) else {
                throw .invalidValue(
                    parameter: "data.\(key)",
                    expected:
                        "one of the dataset's parts: \((FinData.listKeys + FinData.scalarKeys).joined(separator: ", "))"
                )
            }
            guard let items = value.arrayValue else {
                throw .invalidValue(parameter: "data.\(key)", expected: "an array of objects with a string id")
            }
            var seen = Set<String>()
            for (index, item) in items.enumerated() {
                guard let id = item["id"]?.stringValue, !id.isEmpty, !id.contains("/") else {
                    throw .invalidValue(
                        parameter: "data.\(key).\(index).id", expected: "a non-empty string without '/'")
                }
                guard seen.insert(id).inserted else {
                    throw .invalidValue(
                        parameter: "data.\(key).\(index).id", expected: "unique within \(key) ('\(id)' repeats)")
                }
                for field in FinData.numericFields[key] ?? []
                where item[field] != nil && item[field]?.doubleValue == nil {
                    throw .invalidValue(parameter: "data.\(key).\(index).\(field)", expected: "a number")
                }
            }
            lists[key] = items
        }
    }

    private init(lists: [String: [JSONValue]], savings: Double) {
        self.lists = lists
        self.savings = savings
    }

    static let numericFields: [String: [String]] = [
        "accounts": ["balance"], "transactions": ["amount"], "goals": ["target", "saved"],
        "budgets": ["limit", "spent"], "bills": ["amount"], "creditCards": ["limit", "balance"],
        "loans": ["principal", "remaining"],
    ]

    /// The load latency as virtual time.
    public var loadLatency: VirtualTime { VirtualTime(milliseconds: loadLatencyMs) ?? .zero }

    /// The items of a list.
    public func items(_ key: String) -> [JSONValue] { lists[key] ?? [] }

    /// The ids of a list, in order.
    public func ids(_ key: String) -> [String] { items(key).compactMap { $0["id"]?.stringValue } }

    /// The position of an item in its list.
    public func index(_ key: String, id: String) -> Int? { items(key).firstIndex { $0["id"]?.stringValue == id } }

    /// An item by id.
    public func item(_ key: String, id: String) -> JSONValue? { items(key).first { $0["id"]?.stringValue == id } }

    /// The data as JSON (for `state.get data`).
    public var json: JSONValue {
        var object = lists.mapValues { JSONValue.array($0) }
        object["savings"] = .number(savings)
        object["loadLatencyMs"] = .number(loadLatencyMs)
        object["loadOnStart"] = .bool(loadOnStart)
        object["chartDays"] = .int(Int64(chartDays))
        return .object(object)
    }
}
