import ChoreoEngine
import ChoreoJSON

/// Prefs' trace event kinds, each stated once.
enum PrefsTraceKind: String, TraceKind {
    case navigation
    case toggleChanged = "toggle.changed"
    case sheetPresent = "sheet.present"
    case sheetDismissed = "sheet.dismissed"
}

/// Every trace event Prefs records: one case per kind, its fields and their declarations side by side.
enum PrefsEvent: AppEvent {
    /// The screen shown changed.
    case navigation(from: PrefsScreen, to: PrefsScreen)
    /// A toggle changed.
    case toggleChanged(PrefsToggle, on: Bool)
    /// The account sheet came up.
    case sheetPresented(PrefsSheet)
    /// The account sheet went away.
    case sheetDismissed(PrefsSheet)

    var kind: PrefsTraceKind {
        switch self {
        case .navigation: return .navigation
        case .toggleChanged: return .toggleChanged
        case .sheetPresented: return .sheetPresent
        case .sheetDismissed: return .sheetDismissed
        }
    }

    var fields: [String: JSONValue] {
        switch self {
        case .navigation(let from, let to): return ["from": .string(from.rawValue), "to": .string(to.rawValue)]
        case .toggleChanged(let toggle, let on): return ["toggle": .string(toggle.rawValue), "on": .bool(on)]
        case .sheetPresented(let sheet), .sheetDismissed(let sheet): return ["sheet": .string(sheet.rawValue)]
        }
    }

    static let kinds: [TraceEventKind] = [
        TraceEventKind(
            PrefsTraceKind.navigation, "The screen shown changed: a row that pushes, `ui.navigate` or `ui.back`.",
            fields: [
                StateField("from", .choice(PrefsScreen.self), "The screen shown before."),
                StateField("to", .choice(PrefsScreen.self), "The screen shown now."),
            ]),
        TraceEventKind(
            PrefsTraceKind.toggleChanged,
            "A toggle changed (a tap, with a selection haptic, or `app.resetToggles`): its knob moves.",
            fields: [
                StateField("toggle", .choice(PrefsToggle.self), "The toggle."),
                StateField("on", .bool, "Its value now."),
            ]),
        TraceEventKind(
            PrefsTraceKind.sheetPresent, "The account sheet came up (its row, or `ui.present`).",
            fields: [StateField("sheet", .choice(PrefsSheet.self), "The sheet.")]),
        TraceEventKind(
            PrefsTraceKind.sheetDismissed, "The account sheet went away (Done, or `ui.dismiss`).",
            fields: [StateField("sheet", .choice(PrefsSheet.self), "The sheet.")]),
    ]
}
