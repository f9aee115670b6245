import ChoreoApps
import ChoreoEngine
import ChoreoJSON
import Testing

@testable import FinPessoal

/// FinPessoal's data (`protocol/finpessoal-data.md`): read, typed and checked once from `session.create`'s `data`,
/// and written back unchanged for `state.get data`.
struct FinDataTests {
    /// The parameter and expectation `FinData(overrides:)` refuses `data` with, or nil when it accepts it.
    static func refusal(_ data: [String: JSONValue]) -> (parameter: String, expected: String)? {
        do {
            _ = try FinData(overrides: data)
            return nil
        } catch {
            guard case .invalidValue(let parameter, let expected) = error else {
                Issue.record("unexpected \(error)")
                return nil
            }
            return (parameter, expected)
        }
    }

    // MARK: Validation

    static let anItem = "a non-empty string without '/'"

    /// One case per rule of the schema's validation table, with its exact parameter and expectation.
    static let refusals: [(data: [String: JSONValue], parameter: String, expected: String)] = [
        (
            ["budget": []], "data.budget",
            "one of the dataset's parts: accounts, transactions, goals, budgets, bills, creditCards, loans, savings, "
                + "loadLatencyMs, loadOnStart, chartDays"
        ),
        (["savings": "lots"], "data.savings", "a number"),
        (["savings": .null], "data.savings", "a number"),
        (["savings": 1e300], "data.savings", "a number from -1e15 to 1e15"),
        (
            ["transactions": [["id": "t", "amount": -2e15]]], "data.transactions.0.amount",
            "a number from -1e15 to 1e15"
        ),
        (["goals": ["id": "g1"]], "data.goals", "an array of objects with a string id"),
        (["goals": "g1"], "data.goals", "an array of objects with a string id"),
        (["goals": [[:]]], "data.goals.0.id", anItem),
        (["goals": ["g1"]], "data.goals.0.id", anItem),
        (["goals": [["id": 1]]], "data.goals.0.id", anItem),
        (["goals": [["id": ""]]], "data.goals.0.id", anItem),
        (["bills": [["id": "b1"], ["id": "rent/2"]]], "data.bills.1.id", anItem),
        (
            ["goals": [["id": "g1"], ["id": "g2"], ["id": "g1"]]], "data.goals.2.id",
            "unique within goals ('g1' repeats)"
        ),
        (["accounts": [["id": "a", "balance": "3250.75"]]], "data.accounts.0.balance", "a number"),
        (["transactions": [["id": "t", "amount": true]]], "data.transactions.0.amount", "a number"),
        (["goals": [["id": "g1"], ["id": "g2"], ["id": "g3", "target": "x"]]], "data.goals.2.target", "a number"),
        (["goals": [["id": "g", "saved": .null]]], "data.goals.0.saved", "a number"),
        (["budgets": [["id": "b", "limit": [800]]]], "data.budgets.0.limit", "a number"),
        (["budgets": [["id": "b", "spent": ["value": 1]]]], "data.budgets.0.spent", "a number"),
        (["bills": [["id": "b", "amount": "60"]]], "data.bills.0.amount", "a number"),
        (["creditCards": [["id": "c", "limit": "5000"]]], "data.creditCards.0.limit", "a number"),
        (["creditCards": [["id": "c", "balance": "0"]]], "data.creditCards.0.balance", "a number"),
        (["loans": [["id": "l", "principal": "1"]]], "data.loans.0.principal", "a number"),
        (["loans": [["id": "l", "remaining": "1"]]], "data.loans.0.remaining", "a number"),
    ]

    @Test(arguments: refusals.indices)
    func badDataIsRefusedNamingTheValueAndWhatWasExpected(_ index: Int) {
        let (data, parameter, expected) = Self.refusals[index]
        let refusal = Self.refusal(data)
        #expect(refusal?.parameter == parameter)
        #expect(refusal?.expected == expected)
    }

    @Test func theSameIdMayAppearInTwoLists() {
        #expect(Self.refusal(["goals": [["id": "x"]], "budgets": [["id": "x"]]]) == nil)
    }

    @Test func partsAreCheckedInAlphabeticalOrderItemsInOrderAndFieldsInTheSchemasOrder() {
        // `accounts` before `savings`, whatever order the request gives.
        #expect(Self.refusal(["savings": "x", "accounts": 5])?.parameter == "data.accounts")
        // The first bad item, then within it the first bad number field in the schema's order (target, saved).
        let goals: JSONValue = [["id": "g1", "saved": "x", "target": "y"], ["id": "g1"]]
        #expect(Self.refusal(["goals": goals])?.parameter == "data.goals.0.target")
        // A bad id is found before a bad number in the same item.
        #expect(Self.refusal(["loans": [["principal": "x"]]])?.parameter == "data.loans.0.id")
    }

    @Test func aSessionWithBadDataIsNotCreated() {
        var config = SessionConfig()
        config.physics = .ideal  // closed-form expectations
        config.data = ["budgets": [["id": "b1", "limit": "800"]]]
        #expect(throws: SimulationError.invalidValue(parameter: "data.budgets.0.limit", expected: "a number")) {
            _ = try Simulation(config: config)
        }
    }

    // MARK: Defaults

    @Test func noDataGivesTheDefaultDataset() throws {
        let data = try FinData(overrides: [:])
        #expect(data == FinData.defaults)
        #expect(data.accounts.ids == ["a1", "a2"])
        #expect(data.transactions.ids == ["t1", "t2", "t3", "t4", "t5", "t6"])
        #expect(data.goals.map(\.target) == [10000, 5000, 2000])
        #expect(data.goals.map(\.saved) == [8500, 1200, 1950])
        #expect(data.budgets.map(\.spent) == [520, 285, 90])
        #expect(data.budgets.map(\.period) == ["monthly", "monthly", "monthly"])
        #expect(data.bills.ids == ["bl1", "bl2"])
        #expect(data.creditCards.map(\.balance) == [1240.3])
        #expect(data.loans.map(\.remaining) == [9800])
        #expect(data.savings == 4800)
        #expect(data.loadLatencyMs == 1200)
        #expect(data.loadOnStart == false)
        #expect(data.chartDays == 7)
    }

    @Test func eachPartReplacesItsWholeListAndLeavesTheOthers() throws {
        let data = try FinData(overrides: ["goals": [], "transactions": [["id": "rent", "amount": -1500]]])
        #expect(data.goals.isEmpty)
        #expect(data.transactions.ids == ["rent"])
        #expect(data.transactions[0].amount == -1500)
        #expect(data.transactions[0].date == nil)
        #expect(data.budgets == FinData.defaults.budgets)
        #expect(data.accounts == FinData.defaults.accounts)
        #expect(data.savings == 4800)
    }

    /// `state.get data` of a default session, as it was when the data was kept as JSON lists.
    @Test func theDefaultDatasetIsShownAsBefore() {
        let lists = FinData.defaults.json.objectValue ?? [:]
        #expect(
            lists["transactions"]?.serialized()
                == #"[{"amount":-4.5,"category":"food","date":"2026-01-05","description":"Coffee","id":"t1"},"#
                + #"{"amount":5200,"category":"income","date":"2026-01-02","description":"Salary","id":"t2"},"#
                + #"{"amount":-86.2,"category":"food","date":"2026-01-04","description":"Groceries","id":"t3"},"#
                + #"{"amount":-30,"category":"transport","date":"2026-01-03","description":"Metro card","id":"t4"},"#
                + #"{"amount":-54.9,"category":"dining","date":"2026-01-01","description":"Dinner out","id":"t5"},"#
                + #"{"amount":-120.4,"category":"bills","date":"2025-12-30","description":"Electricity","id":"t6"}]"#)
        #expect(
            lists["budgets"]?.serialized()
                == #"[{"id":"b1","limit":800,"name":"Groceries","period":"monthly","spent":520},"#
                + #"{"id":"b2","limit":300,"name":"Dining","period":"monthly","spent":285},"#
                + #"{"id":"b3","limit":200,"name":"Transport","period":"monthly","spent":90}]"#)
        #expect(
            lists["accounts"]?.serialized()
                == #"[{"balance":3250.75,"id":"a1","name":"Checking"},{"balance":4800,"id":"a2","name":"Savings"}]"#)
        #expect(
            lists["bills"]?.serialized() == #"[{"amount":1500,"dueDate":"2026-02-01","id":"bl1","name":"Rent"},"#
                + #"{"amount":60,"dueDate":"2026-01-15","id":"bl2","name":"Internet"}]"#)
        #expect(
            lists["creditCards"]?.serialized() == #"[{"balance":1240.3,"id":"c1","limit":5000,"name":"Platinum"}]"#)
        #expect(lists["loans"]?.serialized() == #"[{"id":"l1","name":"Car loan","principal":15000,"remaining":9800}]"#)
        #expect(Set(lists.keys) == Set(FinData.listKeys + FinData.scalarKeys))
    }

    // MARK: Round trip

    /// Items with fields the model does not read, and read fields whose value is not of the type it reads.
    static let unusual: [String: JSONValue] = [
        "goals": [
            [
                "id": "g9", "name": 42, "target": 0.0125, "saved": 1e-7, "colour": "teal", "tags": ["a", 1, .null],
                "owner": ["name": "Ana", "since": 2020], "note": .null,
            ],
            ["id": "g10", "target": 123_456_789.125, "saved": -0.5, "name": "Café ☕"],
        ],
        "transactions": [
            ["id": "t9", "amount": -12, "date": 20_260_105, "description": ["en": "Tea"], "category": false]
        ],
        "budgets": [["id": "b9", "period": "yearly", "spent": 1, "limit": 0.1]],
        "bills": [["id": "bl9", "dueDate": "soon", "extra": ["dueDate": 1]]],
        "creditCards": [["id": "c9", "balance": 1.0000000000000002]],
        "loans": [["id": "l9"]],
        "accounts": [["id": "a9", "name": "", "balance": -1e15]],
    ]

    @Test func everyItemIsShownBackExactlyAsGiven() throws {
        let data = try FinData(overrides: Self.unusual)
        let shown = data.json.objectValue ?? [:]
        for (key, given) in Self.unusual {
            #expect(shown[key]?.serialized() == given.serialized(), "\(key)")
        }
    }

    @Test func fieldsTheModelDoesNotReadAreKeptAsExtra() throws {
        let data = try FinData(overrides: Self.unusual)
        let goal = data.goals[0]
        #expect(goal.name == nil)
        #expect(goal.target == 0.0125)
        #expect(goal.saved == 1e-7)
        #expect(
            goal.extra == [
                "name": 42, "colour": "teal", "tags": ["a", 1, .null], "owner": ["name": "Ana", "since": 2020],
                "note": .null,
            ])
        #expect(data.goals[1].extra.isEmpty)
        #expect(data.goals[1].name == "Café ☕")
        let transaction = data.transactions[0]
        #expect(transaction.date == nil && transaction.description == nil && transaction.category == nil)
        #expect(transaction.extra == ["date": 20_260_105, "description": ["en": "Tea"], "category": false])
        #expect(data.budgets[0].period == "yearly")
        #expect(data.bills[0].dueDate == "soon")
        #expect(data.bills[0].extra == ["extra": ["dueDate": 1]])
    }

    @Test func readingTheShownDataAgainGivesTheSameData() throws {
        let data = try FinData(overrides: Self.unusual)
        let again = try FinData(overrides: data.json.objectValue ?? [:])
        #expect(again == data)
        #expect(again.json.serialized() == data.json.serialized())
        #expect(try FinData(overrides: FinData.defaults.json.objectValue ?? [:]) == FinData.defaults)
    }

    @Test func aChangedFieldIsShownWithItsNewValueAndTheOthersAsGiven() throws {
        var data = try FinData(overrides: Self.unusual)
        data.goals[0].saved = 12.5
        data.goals[0].name = "Boat"
        #expect(
            data.goals[0].json.serialized()
                == #"{"colour":"teal","id":"g9","name":"Boat","note":null,"owner":{"name":"Ana","since":2020},"#
                + #""saved":12.5,"tags":["a",1,null],"target":0.0125}"#)
    }

    @Test func contributionsAreStoredAsReportedSoTheyAddUpAsShown() throws {
        var config = SessionConfig()
        config.physics = .ideal  // closed-form expectations
        config.data = ["goals": [["id": "g", "name": "Jar", "target": 1, "extra": "kept"]]]
        var sim = try Simulation(config: config)
        _ = try sim.perform(.command(FinPessoalCommand.contribute(goal: "g", amount: 0.1)))
        _ = try sim.perform(.command(FinPessoalCommand.contribute(goal: "g", amount: 0.2)))
        // What `state.get data` writes is the point (the JSON edge): read there.
        #expect(
            try sim.state(at: "data.goals.0").serialized()
                == #"{"extra":"kept","id":"g","name":"Jar","saved":0.3,"target":1}"#)
        _ = try sim.perform(.command(FinPessoalCommand.closeBudgetPeriod(budget: "b1")))
        #expect(try sim.state(at: "data.budgets.0.spent").serialized() == "0")
    }

    // MARK: Labels

    @Test func aMissingOrNonTextLabelFallsBackToTheId() throws {
        let data = try FinData(overrides: [
            "goals": [["id": "g9"], ["id": "g10", "name": 7], ["id": "g11", "name": "Boat"]],
            "transactions": [["id": "t9", "name": "not the label"], ["id": "t10", "description": "Tea"]],
            "loans": [["id": "l9"]],
        ])
        #expect(data.goals.map(\.label) == ["g9", "g10", "Boat"])
        #expect(data.transactions.map(\.label) == ["t9", "Tea"])
        let goals = FinCatalog.elements(of: .goals, data: data).map(\.label)
        #expect(goals.prefix(3) == ["Goal: g9", "Goal: g10", "Goal: Boat"])
        let transactions = FinCatalog.elements(of: .transactions, data: data).map(\.label)
        #expect(transactions.prefix(2) == ["Transaction: t9", "Transaction: Tea"])
        #expect(FinCatalog.elements(of: .loans, data: data).first?.label == "l9")
    }

    // MARK: Lookups

    @Test func listsAreFoundByKeyAndItemsById() throws {
        let data = FinData.defaults
        #expect(data.ids("creditCards") == ["c1"])
        #expect(data.ids("budgets") == ["b1", "b2", "b3"])
        #expect(data.ids("savings").isEmpty)
        #expect(data.budgets.index(id: "b2") == 1)
        #expect(data.budgets.index(id: "b4") == nil)
        #expect(data.goals.item(id: "g3")?.name == "New laptop")
    }
}
