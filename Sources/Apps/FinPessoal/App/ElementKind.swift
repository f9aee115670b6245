import ChoreoEngine

/// What an element of a screen or sheet is: the middle part of its target (`transactions/row/t1`).
enum ElementKind: String, Sendable, Hashable, CaseIterable, StateChoice {
    /// The dashboard's decorative parallax header (hidden from VoiceOver).
    case header
    /// A card: a stat, a budget, a goal, a credit card or loan.
    case card
    /// A list row: an account, a transaction, a bill, a setting.
    case row
    /// A button: add, import, filter, edit, close.
    case button
}
