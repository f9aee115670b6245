import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON

/// FinPessoal's own methods: the four commands (`app.*`) that trigger its loads and celebrations, declared like every
/// other method (params, result, examples) and served by a daemon hosting FinPessoal.
extension FinPessoalApp: AppMethods {
    public static let methods = [
        appFinishLoading, appContribute, appCloseBudgetPeriod, appSetSavings, appAddTransaction, appEditTransaction,
        appDeleteTransaction,
    ]

    static let appFinishLoading = AppMethod(
        action: "app.finishLoading",
        summary: "Ends the dashboard's data load.",
        description: """
            Ends the running load now instead of after `data.loadLatencyMs`: a refresh's (the indicator shows \
            the check mark with `success`, fades out over 300 ms after 300 ms, the cards are revealed) or the \
            initial one of `data.loadOnStart`. `ok: false` fails it: back to idle with the `error` haptic, \
            the old data kept. With nothing loading: refused (`nothingLoading`, see Refusal).
            """,
        params: Param.boolean("ok", "Whether the load succeeded (default true).").defaulting(to: true),
        errors: [.unsupportedAction],
        examples: [
            Example(
                "finishLoading",
                description: """
                    After session.create {}, ui.pull {distance: 180}, ui.release and clock.advance {ms: 400}.
                    """, params: ["session": "s1"],
                result: [
                    "armed": ["light": false, "ready": false], "checkmark": ["scale": 0, "visible": true],
                    "color": "accent", "fingerDistance": nil, "finished": true, "icon": "checkmark", "label": "Updated",
                    "lastResult": "success", "load": ["endsAt": nil, "running": false, "startedAt": nil], "ok": true,
                    "opacity": 1, "particles": false, "pullDistance": 60, "refreshes": 1, "rotation": 0, "scale": 1,
                    "spinner": ["spinning": false, "style": nil], "state": "complete",
                    "thresholds": ["light": 30, "ready": 60], "visible": true,
                ])
        ]
    ) { ok in .command(FinPessoalCommand.finishLoading(ok: ok)) }

    static let appContribute = AppMethod(
        action: "app.contribute",
        summary: "Adds an amount to a goal.",
        description: "Reaching 100% completes the goal once and celebrates (seed 001).",
        params: Param.string("goal", "The goal id (an unknown id is -32602 naming `goal` with the valid ids)."),
        Param.number("amount", "The amount.", in: -1e12...1e12, expected: "an amount of money"),
        errors: [.unsupportedAction],
        examples: [
            Example(
                "contribute",
                description: """
                    g1 Emergency fund goes from 8500 to 8600 of 10000: not complete. After session.create {}.
                    """, params: ["session": "s1", "goal": "g1", "amount": 100],
                result: ["celebrated": false, "goal": "g1", "progress": 0.86, "saved": 8600]),
            Example(
                "complete a goal",
                description: """
                    g1 Emergency fund reaches 10000 of 10000: it is marked complete and its celebration \
                    starts. After session.create {}.
                    """, params: ["session": "s1", "goal": "g1", "amount": 1500],
                result: ["celebrated": true, "goal": "g1", "progress": 1, "saved": 10000]),
        ]
    ) { goal, amount in .command(FinPessoalCommand.contribute(goal: goal, amount: amount)) }

    static let appCloseBudgetPeriod = AppMethod(
        action: "app.closeBudgetPeriod",
        summary: "Ends a budget's period.",
        description: "Spending at or under the limit celebrates (seed 001).",
        params: Param.string("budget", "The budget id (an unknown id is -32602 naming `budget` with the valid ids)."),
        errors: [.unsupportedAction],
        examples: [
            Example(
                "closeBudgetPeriod",
                description: "b1 Groceries spent 520 of 800: met, it celebrates. After session.create {}.",
                params: ["session": "s1", "budget": "b1"],
                result: ["budget": "b1", "celebrated": true, "limit": 800, "met": true, "spent": 520]),
            Example(
                "over the limit",
                description: """
                    b4 spent 130 of 100: not met, no celebration. After session.create {"data": {"budgets": \
                    [{"id": "b4", "name": "Shopping", "limit": 100, "spent": 130}]}}.
                    """, params: ["session": "s1", "budget": "b4"],
                result: ["budget": "b4", "celebrated": false, "limit": 100, "met": false, "spent": 130]),
        ]
    ) { budget in .command(FinPessoalCommand.closeBudgetPeriod(budget: budget)) }

    static let appSetSavings = AppMethod(
        action: "app.setSavings",
        summary: "Sets total savings.",
        description: "Crossing a milestone ($1k, $5k, $10k) celebrates once (seed 001).",
        params: Param.number("amount", "Total savings.", in: -1e12...1e12, expected: "an amount of money"),
        errors: [.unsupportedAction],
        examples: [
            Example(
                "setSavings", description: "4800 → 5000 crosses $5,000: it celebrates. After session.create {}.",
                params: ["session": "s1", "amount": 5000],
                result: ["celebrated": 5000, "lastMilestone": 5000, "previous": 4800, "savings": 5000]),
            Example(
                "jump over two milestones",
                description: """
                    4800 → 12000 passes $5,000 and $10,000: only $10,000 celebrates. After session.create {}.
                    """, params: ["session": "s1", "amount": 12000],
                result: ["celebrated": 10000, "lastMilestone": 10000, "previous": 4800, "savings": 12000]),
            Example(
                "no milestone",
                description: """
                    4800 → 4000: nothing crossed ($1,000 was already reached). After session.create {}.
                    """, params: ["session": "s1", "amount": 4000],
                result: ["celebrated": nil, "lastMilestone": 1000, "previous": 4800, "savings": 4000]),
        ]
    ) { amount in .command(FinPessoalCommand.setSavings(amount: amount)) }

    static let appAddTransaction = AppMethod(
        action: "app.addTransaction",
        summary: "Adds a transaction, first in the list.",
        description: """
            `{id, description?, amount?, date?, category?}` as in `data.transactions`. The balance card's numbers \
            it moves count to their new values (behavior.md TX3). A taken id is -32602.
            """,
        params: Param.object("transaction", "The transaction, as an item of `data.transactions`."),
        errors: [.unsupportedAction],
        examples: [
            Example(
                "add spending",
                description: """
                    A coffee today, after session.create {"wallClock": "2026-03-10T09:00:00Z"}: this month's \
                    spending counts up.
                    """,
                params: [
                    "session": "s1",
                    "transaction": ["id": "t9", "description": "Coffee", "amount": -4.5, "date": "2026-03-10"],
                ],
                result: [
                    "change": "added", "counting": ["monthlyExpenses"], "detailDismissed": false, "transaction": "t9",
                ])
        ]
    ) { transaction in .command(FinPessoalCommand.addTransaction(transaction)) }

    static let appEditTransaction = AppMethod(
        action: "app.editTransaction",
        summary: "Changes a transaction's fields.",
        description: "The fields in `changes` replace the transaction's (its id stays); the numbers follow (TX3).",
        params: Param.string("transaction", "The transaction's id."),
        Param.object("changes", "The fields to replace."),
        errors: [.unsupportedAction],
        examples: [
            Example(
                "rename", description: "t1's description only: nothing counts. After session.create {}.",
                params: ["session": "s1", "transaction": "t1", "changes": ["description": "Rent (March)"]],
                result: ["change": "edited", "counting": [], "detailDismissed": false, "transaction": "t1"])
        ]
    ) { id, changes in .command(FinPessoalCommand.editTransaction(id, changes: changes)) }

    static let appDeleteTransaction = AppMethod(
        action: "app.deleteTransaction",
        summary: "Deletes a transaction.",
        description: """
            The numbers follow (TX3); its detail sheet leaves on the sheet curve and a hero to or from its row \
            ends (`sourceRemoved`, TX4, TX5).
            """,
        params: Param.string("transaction", "The transaction's id."),
        errors: [.unsupportedAction],
        examples: [
            Example(
                "delete", description: "After session.create {}.", params: ["session": "s1", "transaction": "t3"],
                result: [
                    "change": "deleted", "counting": ["monthlyExpenses"], "detailDismissed": false, "transaction": "t3",
                ])
        ]
    ) { id in .command(FinPessoalCommand.deleteTransaction(id)) }
}
