import ChoreoEngine

/// Every frosted sheet of seed 002 (27+ sheets over 22 files), in the order `ui.present` and the schema list them
/// (by name). The raw value is the name the state, the trace, the replies and the tap targets spell.
enum FinSheet: String, Sendable, Hashable, CaseIterable, StateChoice {
    case accountDetail, addAccount, addBill, addBudget, addCreditCard, addGoal, addLoan, addTransaction, billDetail
    case billsFilter, budgetDetail, creditCardDetail, currency, editProfile, editTransaction, help, importResult
    case language, loanDetail, profile, transactionDetail

    /// A sheet's batch in seed 002.
    enum Kind: String, Sendable, Hashable, CaseIterable, StateChoice {
        case form, detail, utility, specialized
    }

    /// How a sheet is bound (seed 002): FrostedSheetModifier's Boolean binding, or FrostedSheetItemModifier's item.
    enum Variant: String, Sendable, Hashable, CaseIterable, StateChoice {
        case isPresented, item
    }

    /// The sheet's batch in seed 002.
    var kind: Kind {
        switch self {
        case .addTransaction, .editTransaction, .addBudget, .addGoal, .addBill, .addAccount, .addCreditCard, .addLoan:
            return .form
        case .transactionDetail, .budgetDetail, .billDetail, .accountDetail, .creditCardDetail, .loanDetail:
            return .detail
        case .profile, .currency, .language, .help, .editProfile, .billsFilter:
            return .utility
        case .importResult:
            return .specialized
        }
    }

    /// The data list an item sheet's item comes from (its items' type); nil for an isPresented sheet.
    var itemType: (any FinItem.Type)? {
        switch self {
        case .editTransaction, .transactionDetail: return Transaction.self
        case .budgetDetail: return Budget.self
        case .billDetail: return Bill.self
        case .accountDetail: return Account.self
        case .creditCardDetail: return CreditCard.self
        case .loanDetail: return Loan.self
        case .addTransaction, .addBudget, .addGoal, .addBill, .addAccount, .addCreditCard, .addLoan, .profile,
            .currency,
            .language, .help, .editProfile, .billsFilter, .importResult:
            return nil
        }
    }

    /// The binding: an item sheet when its item comes from a data list, else an isPresented one.
    var variant: Variant { itemType == nil ? .isPresented : .item }
}
