extension FinData {
    /// The embedded default dataset: a few of everything, chosen so the thresholds the seeds name are near
    /// (a goal at 85%, a budget at 95% used, savings just under $5k). Money in the data's currency.
    public static let defaults = FinData(
        accounts: [
            Account(id: "a1", name: "Checking", balance: 3250.75),
            Account(id: "a2", name: "Savings", balance: 4800),
        ],
        transactions: [
            Transaction(id: "t1", description: "Coffee", amount: -4.5, date: "2026-01-05", category: "food"),
            Transaction(id: "t2", description: "Salary", amount: 5200, date: "2026-01-02", category: "income"),
            Transaction(id: "t3", description: "Groceries", amount: -86.2, date: "2026-01-04", category: "food"),
            Transaction(id: "t4", description: "Metro card", amount: -30, date: "2026-01-03", category: "transport"),
            Transaction(id: "t5", description: "Dinner out", amount: -54.9, date: "2026-01-01", category: "dining"),
            Transaction(id: "t6", description: "Electricity", amount: -120.4, date: "2025-12-30", category: "bills"),
        ],
        goals: [
            Goal(id: "g1", name: "Emergency fund", target: 10000, saved: 8500),
            Goal(id: "g2", name: "Vacation", target: 5000, saved: 1200),
            Goal(id: "g3", name: "New laptop", target: 2000, saved: 1950),
        ],
        budgets: [
            Budget(id: "b1", name: "Groceries", limit: 800, spent: 520, period: "monthly"),
            Budget(id: "b2", name: "Dining", limit: 300, spent: 285, period: "monthly"),
            Budget(id: "b3", name: "Transport", limit: 200, spent: 90, period: "monthly"),
        ],
        bills: [
            Bill(id: "bl1", name: "Rent", amount: 1500, dueDate: "2026-02-01"),
            Bill(id: "bl2", name: "Internet", amount: 60, dueDate: "2026-01-15"),
        ],
        creditCards: [CreditCard(id: "c1", name: "Platinum", limit: 5000, balance: 1240.3)],
        loans: [Loan(id: "l1", name: "Car loan", principal: 15000, remaining: 9800)],
        savings: 4800)
}
