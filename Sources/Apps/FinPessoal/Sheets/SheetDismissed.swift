import ChoreoEngine

/// `{dismissed: true, sheet}`: the top sheet started leaving (`ui.dismiss`, or a close button on it).
struct SheetDismissed: ActionResult {
    var dismissed = true
    var sheet: FinSheet
    static let answers = ["ui.dismiss", "ui.tap"]
    static let summary = "The top sheet is being dismissed (removed when logically complete)."
    static let fields: [StateProperty<SheetDismissed>] = [
        StateProperty("dismissed", \.dismissed, .bool, "Always true."),
        StateProperty("sheet", \.sheet, .text, "The sheet being dismissed."),
    ]
}
