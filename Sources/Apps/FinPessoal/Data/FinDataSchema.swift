import ChoreoEngine

/// The declared shape of `data`: the session's dataset (`protocol/finpessoal-data.md`).
extension FinPessoalApp {
    /// An item's field the data may omit.
    private static func optional(_ name: String, _ shape: StateShape, _ meaning: String) -> StateField {
        StateField(name, shape, meaning, presentWhen: "the session's data gives it (the default dataset always does)")
    }

    private static func list(_ name: String, _ meaning: String, _ fields: [StateField]) -> StateField {
        StateField(
            name,
            .array(
                .object(
                    [StateField("id", .text, "The item's id: non-empty, without `/`, unique in the list.")] + fields)),
            meaning + " In list order (the order of the screen's rows or cards).")
    }

    static let dataField = StateField(
        "data",
        .object([
            list(
                "accounts", "Bank accounts: dashboard rows opening `accountDetail`.",
                [
                    optional("name", .text, "Row label `Account: NAME`."),
                    optional("balance", .number(moneyUnit), "The balance; the dashboard's balance counter sums them."),
                ]),
            list(
                "transactions",
                "Transactions: rows with hero links to `transactionDetail`; negative amounts are the chart's spending.",
                [
                    optional("description", .text, "Row label `Transaction: DESCRIPTION`."),
                    optional("amount", .number(moneyUnit), "Signed: negative is spending, positive income."),
                    optional("date", .text, "`YYYY-MM-DD` (longer texts count by their first ten characters)."),
                    optional("category", .text, "The category (shown back, not read by the model)."),
                ]),
            list(
                "goals", "Savings goals: cards with hero links pushing `goalDetail`.",
                [
                    optional("name", .text, "Card label `Goal: NAME`; the celebration's name."),
                    optional("target", .number(moneyUnit), "The amount to reach."),
                    optional(
                        "saved", .number(moneyUnit),
                        "Saved so far; `app.contribute` adds to it. saved / target ≥ 1 completes the goal, above 0.8 shows a gradient."
                    ),
                ]),
            list(
                "budgets", "Budgets: cards with hero links to `budgetDetail`.",
                [
                    optional("name", .text, "Card label `Budget: NAME`; the celebration's name."),
                    optional("limit", .number(moneyUnit), "The period's limit."),
                    optional(
                        "spent", .number(moneyUnit),
                        "Spent in the period: above 90% of the limit shows a warning gradient; `app.closeBudgetPeriod` resets it to 0."
                    ),
                    optional(
                        "period", .text,
                        "The period: `daily`, `weekly` or `monthly` ends it by the wall clock (local midnight, Sunday 00:00, the 1st 00:00); other text is shown back and ends only by `app.closeBudgetPeriod`."
                    ),
                ]),
            list(
                "bills", "Bills: rows opening `billDetail`.",
                [
                    optional("name", .text, "Row label `Bill: NAME`."),
                    optional("amount", .number(moneyUnit), "The amount due."),
                    optional("dueDate", .text, "`YYYY-MM-DD`."),
                ]),
            list(
                "creditCards", "Credit cards: cards opening `creditCardDetail`.",
                [
                    optional("name", .text, "Card label."),
                    optional("limit", .number(moneyUnit), "The credit limit."),
                    optional("balance", .number(moneyUnit), "The balance owed."),
                ]),
            list(
                "loans", "Loans: cards opening `loanDetail`.",
                [
                    optional("name", .text, "Card label."),
                    optional("principal", .number(moneyUnit), "The amount borrowed."),
                    optional("remaining", .number(moneyUnit), "The amount left to pay."),
                ]),
            StateField(
                "savings", .number(moneyUnit),
                "Total savings (the dashboard's savings card); `app.setSavings` sets it and checks the $1k/$5k/$10k milestones."
            ),
            StateField(
                "loadLatencyMs", .number("ms", 0...600_000),
                "How long a dashboard load takes (default 1200): the initial one and each pull-to-refresh's."),
            StateField(
                "loadOnStart", .bool,
                "Whether the session started with the dashboard loading (skeletons at 0, data after the latency); default false."
            ),
            StateField("chartDays", .integer("days", 7...30), "The spending chart's range: 7 (default) or 30 days."),
        ]),
        "The session's dataset: the embedded defaults with the parts `session.create`'s `data` replaced, changed by goal contributions, budget periods and savings. Declared are the fields the model reads; other fields session data gives are kept and shown back, but are not declared here."
    )
}
