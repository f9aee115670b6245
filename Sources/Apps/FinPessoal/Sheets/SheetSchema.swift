import ChoreoEngine

/// The declared shape of a frosted sheet (`sheet`, `sheets.<i>`) and the sheets' trace events (seed 002).
extension FinPessoalApp {
    /// Every sheet's name.
    static let sheetNameShape = StateShape.string(choices: FinCatalog.sheets.keys.sorted())

    /// An element inside a sheet: its buttons (never a hero link or a header).
    static let sheetElementShape = StateShape.object([
        StateField("target", .text, "What `ui.tap` takes: `SHEET/button/ID`, e.g. `transactionDetail/button/close`."),
        StateField("kind", .string(choices: ["button"]), "Always `button`."),
        StateField("id", .string(choices: ["close", "edit"]), "`close` (dismisses the sheet) or `edit`."),
        StateField("label", .string(choices: ["Close", "Edit"]), "Its VoiceOver label."),
        StateField("traits", .array(.string(choices: ["button"])), "VoiceOver traits: `button`."),
    ])

    static let sheetShape = StateShape.object([
        StateField("name", sheetNameShape, "The sheet (seed 002's migration list)."),
        StateField(
            "item", .nullable(.text, whenNull: "an isPresented sheet"),
            "The data id an item sheet shows (`transactionDetail` of `t1`); the tapped row's id for a hero sheet."),
        StateField(
            "variant", .string(choices: ["isPresented", "item"]),
            "FrostedSheetModifier (Boolean binding) or FrostedSheetItemModifier (item binding), seed 002."),
        StateField(
            "kind", .string(choices: ["form", "detail", "utility", "specialized"]), "The sheet's batch in seed 002."),
        StateField(
            "phase", .choice(SheetPhase.self),
            "`presenting` until the presentation curve is logically complete, then `presented`; `dismissing` after `ui.dismiss` until it is gone from `sheets`."
        ),
        StateField(
            "progress", .number("fraction"),
            "The presentation, 0 off screen to 1 up: spring(0.5, 1.0) full, 250 ms ease-out reduced, at once minimal; a hero sheet runs on the hero curve (spring(0.4, 0.8) in full mode, which overshoots 1 slightly)."
        ),
        StateField("hero", .bool, "Whether a hero link presented it (its dismissal reverses the hero transition)."),
        StateField(
            "frosted",
            .object([
                StateField(
                    "intensity", .fraction,
                    "The frosted material's intensity in the effective mode (seed 002): 1 full, 0.7 reduced, 0 minimal (solid)."
                ),
                StateField(
                    "tint", .number("fraction", 0...0.05),
                    "The warm tint's opacity (Color.oldMoney.surface): 0.05 full, 0.02 reduced, 0 minimal."),
                StateField(
                    "material", materialShape,
                    "`ultraThin`; `regular` with Reduce Transparency; `solid` in minimal. Follows settings at once."),
            ]), "The frosted background (seed 002), derived from the settings when read."),
        StateField(
            "elements", .array(sheetElementShape),
            "The sheet's elements: a `close` button, plus `edit` on `transactionDetail` (stacks `editTransaction`)."),
    ])

    static let sheetFields: [StateField] = [
        StateField(
            "sheet", .nullable(sheetShape, whenNull: "no sheet is presented (or the last one finished dismissing)"),
            "The top sheet: the last of `sheets`."),
        StateField(
            "sheets", .array(sheetShape),
            "Every sheet up, bottom first: one from the screen, plus one stacked from inside it (`transactionDetail/button/edit`)."
        ),
    ]

    static let sheetTraceEvents: [TraceEventKind] = [
        TraceEventKind(
            FinPessoalTraceKind.sheetPresent, "A sheet started presenting (a tap, `ui.present` or a hero link).",
            fields: [
                StateField("sheet", sheetNameShape, "The sheet's name."),
                StateField("item", .text, "The item it shows.", presentWhen: "item sheets"),
            ]),
        TraceEventKind(
            FinPessoalTraceKind.sheetPresented,
            "A sheet's presentation is logically complete (`phase` becomes `presented`).",
            fields: [StateField("sheet", sheetNameShape, "The sheet's name.")]),
        TraceEventKind(
            FinPessoalTraceKind.sheetDismiss, "The top sheet started dismissing (`ui.dismiss` or its close button).",
            fields: [StateField("sheet", sheetNameShape, "The sheet's name.")]),
        TraceEventKind(
            FinPessoalTraceKind.sheetDismissed, "A sheet's dismissal is logically complete; it left `sheets`.",
            fields: [StateField("sheet", sheetNameShape, "The sheet's name.")]),
    ]
}
