import ChoreoEngine
import ChoreoJSON

/// What tapping an element does.
enum ElementAction: Sendable, Hashable {
    /// Nothing (display only).
    case none
    /// A hero transition to a sheet (transactions, budgets) or a pushed view (goals), seeds 000/001.
    case hero(destination: HeroDestination, item: String)
    /// Present a sheet.
    case present(sheet: FinSheet, item: String?)
    /// Dismiss the sheet the element is in.
    case dismiss
}

/// Where a hero transition leads.
enum HeroDestination: Sendable, Hashable {
    case sheet(FinSheet)
    case push(FinScreen)
}

/// One element of a screen or sheet: a row, card, button or header, with its target id and accessibility.
struct ScreenElement: Sendable, Hashable {
    var target: String
    var kind: ElementKind
    var id: String
    var label: String
    var action: ElementAction
    /// Parallax speed (1 = moves with the content), nil when the element has no parallax.
    var parallaxSpeed: Double?
}

/// The FinPessoal catalogue: screens, sheets and their elements (seed 002's lists).
enum FinCatalog {
    /// The screen a target is on: its first component (`goals` of `goals/card/g1`); nil for a sheet's target.
    static func screen(of target: String) -> FinScreen? {
        FinScreen(rawValue: String(target.prefix { $0 != "/" }))
    }

    /// An amount in the data's currency with cents and no thousands separators: `$4800.00`, `-$4.50`.
    static func money(_ amount: Double) -> String {
        let cents = Int64(saturating: (abs(amount) * 100).rounded())
        let text = "$\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)"
        return amount < 0 ? "-\(text)" : text
    }

    /// A whole amount with thousands separators: `$5,000`.
    static func wholeMoney(_ amount: Double) -> String {
        var digits = String(Int64(saturating: amount.rounded()))
        var groups: [String] = []
        while digits.count > 3 {
            groups.insert(String(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        groups.insert(digits, at: 0)
        return "$" + groups.joined(separator: ",")
    }

    /// The elements of a top-level screen or pushed view.
    static func elements(of screen: FinScreen, data: FinData) -> [ScreenElement] {
        /// An element of this screen: its target is `SCREEN/KIND/ID`.
        func element(
            _ kind: ElementKind, _ id: String, _ label: String, _ action: ElementAction, parallax: Double? = nil
        ) -> ScreenElement {
            ScreenElement(
                target: "\(screen.rawValue)/\(kind.rawValue)/\(id)", kind: kind, id: id, label: label, action: action,
                parallaxSpeed: parallax)
        }
        func button(_ id: String, _ label: String, _ sheet: FinSheet) -> ScreenElement {
            element(.button, id, label, .present(sheet: sheet, item: nil))
        }
        func card(_ id: String, _ label: String, parallax: Double? = nil) -> ScreenElement {
            element(.card, id, label, .none, parallax: parallax)
        }
        switch screen {
        case .dashboard:
            var list = [
                ScreenElement(
                    target: "dashboard/header/background", kind: .header, id: "background", label: "", action: .none,
                    parallaxSpeed: 0.5),
                card("balance", "Balance", parallax: 0.7),
                card("income", "Income", parallax: 0.8),
                card("expenses", "Expenses", parallax: 0.8),
                card("savings", "Savings: \(money(JSONValue.reported(data.savings)))", parallax: 0.8),
                card("premium", "Premium"),
            ]
            for account in data.accounts {
                list.append(
                    element(
                        .row, account.id, "Account: \(account.label)",
                        .present(sheet: .accountDetail, item: account.id)))
            }
            list.append(button("addAccount", "Add account", .addAccount))
            return list
        case .transactions:
            var list = data.transactions.map { t in
                element(
                    .row, t.id, "Transaction: \(t.label)", .hero(destination: .sheet(.transactionDetail), item: t.id),
                    parallax: 0.8)
            }
            list.append(button("add", "Add transaction", .addTransaction))
            list.append(button("import", "Import", .importResult))
            return list
        case .budgets:
            var list = data.budgets.map { b in
                element(.card, b.id, "Budget: \(b.label)", .hero(destination: .sheet(.budgetDetail), item: b.id))
            }
            list.append(button("add", "Add budget", .addBudget))
            return list
        case .goals:
            var list = data.goals.map { g in
                element(.card, g.id, "Goal: \(g.label)", .hero(destination: .push(.goalDetail), item: g.id))
            }
            list.append(button("add", "Add goal", .addGoal))
            return list
        case .bills:
            var list = data.bills.map { b in
                element(.row, b.id, "Bill: \(b.label)", .present(sheet: .billDetail, item: b.id))
            }
            list += [button("add", "Add bill", .addBill), button("filter", "Filter", .billsFilter)]
            return list
        case .creditCards, .loans:
            let sheet: FinSheet = screen == .loans ? .loanDetail : .creditCardDetail
            let cards =
                screen == .loans ? data.loans.map { ($0.id, $0.label) } : data.creditCards.map { ($0.id, $0.label) }
            var list = cards.map { id, label in element(.card, id, label, .present(sheet: sheet, item: id)) }
            list.append(
                button(
                    "add", screen == .loans ? "Add loan" : "Add credit card",
                    screen == .loans ? .addLoan : .addCreditCard))
            return list
        case .reports:
            return [card("monthly", "Monthly report"), card("categories", "Spending by category")]
        case .insights:
            return [card("spending", "Spending insight"), card("savings", "Savings insight")]
        case .profile:
            return [card("summary", "Profile"), button("edit", "Edit profile", .editProfile)]
        case .settings:
            return [FinSheet.profile, .currency, .language, .help].map { sheet in
                let id = sheet.rawValue
                return element(.row, id, id.prefix(1).uppercased() + id.dropFirst(), .present(sheet: sheet, item: nil))
            }
        case .goalDetail:
            return [card("progress", "Progress")]
        }
    }

    /// The elements inside a sheet: a close button, and an edit button on the transaction detail.
    static func elements(ofSheet sheet: FinSheet, item: String?) -> [ScreenElement] {
        var list = [
            ScreenElement(
                target: "\(sheet.rawValue)/button/close", kind: .button, id: "close", label: "Close", action: .dismiss)
        ]
        if sheet == .transactionDetail, let item {
            list.append(
                ScreenElement(
                    target: "\(sheet.rawValue)/button/edit", kind: .button, id: "edit", label: "Edit",
                    action: .present(sheet: .editTransaction, item: item)))
        }
        return list
    }
}
