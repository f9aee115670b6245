import ChoreoEngine

/// Prefs' trace event kinds, each stated once.
enum PrefsTraceKind: String, TraceKind {
    case navigation
    case toggleChanged = "toggle.changed"
    case sheetPresent = "sheet.present"
    case sheetDismissed = "sheet.dismissed"
}

/// The screen shown changed.
struct NavigationEvent: TraceEventValue {
    static let kind = PrefsTraceKind.navigation
    static let meaning = "The screen shown changed: a row that pushes, `ui.navigate` or `ui.back`."
    var from: PrefsScreen
    var to: PrefsScreen

    static let fields: [StateProperty<NavigationEvent>] = [
        StateProperty("from", \.from, .choice(PrefsScreen.self), "The screen shown before."),
        StateProperty("to", \.to, .choice(PrefsScreen.self), "The screen shown now."),
    ]
}

/// A toggle changed.
struct ToggleChangedEvent: TraceEventValue {
    static let kind = PrefsTraceKind.toggleChanged
    static let meaning = "A toggle changed (a tap, with a selection haptic, or `app.resetToggles`): its knob moves."
    var toggle: PrefsToggle
    var on: Bool

    static let fields: [StateProperty<ToggleChangedEvent>] = [
        StateProperty("toggle", \.toggle, .choice(PrefsToggle.self), "The toggle."),
        StateProperty("on", \.on, .bool, "Its value now."),
    ]
}

/// The account sheet came up.
struct SheetPresentEvent: TraceEventValue {
    static let kind = PrefsTraceKind.sheetPresent
    static let meaning = "The account sheet came up (its row, or `ui.present`)."
    var sheet: PrefsSheet

    static let fields: [StateProperty<SheetPresentEvent>] = [
        StateProperty("sheet", \.sheet, .choice(PrefsSheet.self), "The sheet.")
    ]
}

/// The account sheet went away.
struct SheetDismissedEvent: TraceEventValue {
    static let kind = PrefsTraceKind.sheetDismissed
    static let meaning = "The account sheet went away (Done, or `ui.dismiss`)."
    var sheet: PrefsSheet

    static let fields: [StateProperty<SheetDismissedEvent>] = [
        StateProperty("sheet", \.sheet, .choice(PrefsSheet.self), "The sheet.")
    ]
}
