import ChoreoEngine

// What Prefs' actions answer, each type declared once: its fields give the reply and the methods' result schemas;
// each feature lists its own (PrefsApp+Features.swift).

/// `{screen}`: a screen is shown (`ui.navigate`, or a row that pushes one).
struct ScreenShown: ActionResult {
    var screen: PrefsScreen
    static let answers = ["ui.navigate", "ui.tap"]
    static let summary = "A screen is shown."
    static let fields: [StateProperty<ScreenShown>] = [
        StateProperty("screen", \.screen, .choice(PrefsScreen.self), "The screen shown now.")
    ]
}

/// `{sheet}`: a sheet is presented (`ui.present`, or a row that presents one).
struct SheetShown: ActionResult {
    var sheet: PrefsSheet
    static let answers = ["ui.present", "ui.tap"]
    static let summary = "A sheet is presented."
    static let fields: [StateProperty<SheetShown>] = [
        StateProperty("sheet", \.sheet, .choice(PrefsSheet.self), "The sheet presented.")
    ]
}

/// `{toggle, on}`: a toggle was tapped.
struct Toggled: ActionResult {
    var toggle: PrefsToggle
    var on: Bool
    static let answers = ["ui.tap"]
    static let summary = "A toggle was tapped: its new value."
    static let fields: [StateProperty<Toggled>] = [
        StateProperty("toggle", \.toggle, .choice(PrefsToggle.self), "The toggle."),
        StateProperty("on", \.on, .bool, "Whether it is on now."),
    ]
}

/// `{dismissed}`: the sheet was dismissed (`ui.dismiss`, or its Done button).
struct SheetGone: ActionResult {
    var dismissed: PrefsSheet
    static let answers = ["ui.dismiss", "ui.tap"]
    static let summary = "The sheet was dismissed."
    static let fields: [StateProperty<SheetGone>] = [
        StateProperty("dismissed", \.dismissed, .choice(PrefsSheet.self), "The sheet dismissed.")
    ]
}

/// `{changed}`: `app.resetToggles` put these toggles back to their defaults.
struct TogglesReset: ActionResult {
    var changed: [PrefsToggle]
    static let answers = ["app.resetToggles"]
    static let summary = "The toggles that changed back to their defaults."
    static let fields: [StateProperty<TogglesReset>] = [
        StateProperty(
            "changed", \.changed, .array(.choice(PrefsToggle.self)), "The toggles that changed, in list order.")
    ]
}
