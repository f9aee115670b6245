import ChoreoEngine

/// The `sheetPresent` event.
struct SheetPresentEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.sheetPresent
    static let meaning = "A sheet started presenting (a tap, `ui.present` or a hero link)."
    var sheet: FinSheet
    var item: String?

    static let fields: [StateProperty<SheetPresentEvent>] = [
        StateProperty(
            "sheet", \.sheet, FinPessoalApp.sheetNameShape,
            "The sheet's name."),
        StateProperty(
            "item", \.item, .text,
            "The item it shows.", presentWhen: "item sheets"),
    ]
}

/// The `sheetPresented` event.
struct SheetPresentedEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.sheetPresented
    static let meaning = "A sheet's presentation is logically complete (`phase` becomes `presented`)."
    var sheet: FinSheet

    static let fields: [StateProperty<SheetPresentedEvent>] = [
        StateProperty(
            "sheet", \.sheet, FinPessoalApp.sheetNameShape,
            "The sheet's name.")
    ]
}

/// The `sheetDismiss` event.
struct SheetDismissEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.sheetDismiss
    static let meaning = "The top sheet started dismissing (`ui.dismiss` or its close button)."
    var sheet: FinSheet

    static let fields: [StateProperty<SheetDismissEvent>] = [
        StateProperty(
            "sheet", \.sheet, FinPessoalApp.sheetNameShape,
            "The sheet's name.")
    ]
}

/// The `sheetDismissed` event.
struct SheetDismissedEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.sheetDismissed
    static let meaning = "A sheet's dismissal is logically complete; it left `sheets`."
    var sheet: FinSheet

    static let fields: [StateProperty<SheetDismissedEvent>] = [
        StateProperty(
            "sheet", \.sheet, FinPessoalApp.sheetNameShape,
            "The sheet's name.")
    ]
}
