import ChoreoEngine

/// The declared shape of a frosted sheet (`sheet`, `sheets.<i>`) and the sheets' trace events (seed 002).
extension FinPessoalApp {
    /// Every sheet's name.
    static let sheetNameShape = StateShape.choice(FinSheet.self)

    /// An element inside a sheet: its buttons (never a hero link or a header).
    static let sheetElementShape = StateShape.object([
        StateField("target", .text, "What `ui.tap` takes: `SHEET/button/ID`, e.g. `transactionDetail/button/close`."),
        StateField("kind", .string(choices: ["button"]), "Always `button`."),
        StateField("id", .string(choices: ["close", "edit"]), "`close` (dismisses the sheet) or `edit`."),
        StateField("label", .string(choices: ["Close", "Edit"]), "Its VoiceOver label."),
        StateField("traits", .array(.string(choices: ["button"])), "VoiceOver traits: `button`."),
    ])

    static var sheetShape: StateShape { SheetView.shape }

    static let sheetField = StateField(
        "sheet", .nullable(sheetShape, whenNull: "no sheet is presented (or the last one finished dismissing)"),
        "The top sheet: the last of `sheets`.")

    static let sheetsField = StateField(
        "sheets", .array(sheetShape),
        "Every sheet up, bottom first: one from the screen, plus one stacked from inside it (`transactionDetail/button/edit`)."
    )

}

/// Frosted sheets (seed 002): presented over a screen or stacked from inside one, dismissed by a button or
/// `ui.dismiss`.
extension Feature<FinPessoalApp> {
    static var sheets: Self {
        Feature(
            "sheets",
            state: [
                StateProperty(FinPessoalApp.sheetField) { root in
                    root.app.sheets.last.map { root.app.sheetState($0, world: root.world) }
                },
                StateProperty(FinPessoalApp.sheetsField) { root in
                    root.app.sheets.map { root.app.sheetState($0, world: root.world) }
                },
            ],
            traceEvents: [
                SheetPresentEvent.declaration, SheetPresentedEvent.declaration, SheetDismissEvent.declaration,
                SheetDismissedEvent.declaration,
            ],
            animations: [
                .byMode(
                    "sheetPresentation", ModeTiming.sheet, at: CodeSite("FrostedSheetModifier"),
                    audit: [AuditClaim(source: "Choreo decision (seed 002: \"smooth animations\")")])
            ],
            actionResults: [SheetPresented.self, SheetDismissed.self])
    }
}
