import ChoreoEngine

/// Prefs' screens, toggles and sheet, each declared once: the state, the schema and the taps read them.
enum PrefsScreen: String, CaseIterable, Sendable, StateChoice {
    case settings, about

    /// What the screen lists, top to bottom.
    var elements: [PrefsElement] {
        switch self {
        case .settings:
            return [
                PrefsElement("settings/toggle/notifications", "Notifications", .toggle(.notifications)),
                PrefsElement("settings/toggle/darkMode", "Dark Mode", .toggle(.darkMode)),
                PrefsElement("settings/row/account", "Account", .present(.account)),
                PrefsElement("settings/row/about", "About", .push(.about)),
            ]
        case .about: return []
        }
    }
}

/// A toggle on the settings screen.
enum PrefsToggle: String, CaseIterable, Sendable, StateChoice {
    case notifications, darkMode
}

/// The one sheet.
enum PrefsSheet: String, CaseIterable, Sendable, StateChoice {
    case account

    var elements: [PrefsElement] { [PrefsElement("account/button/done", "Done", nil)] }
}

/// A row or button: its tap target, its label, and what a tap does (nil: the sheet's Done, which dismisses).
struct PrefsElement: Sendable {
    enum Tap: Sendable {
        case toggle(PrefsToggle)
        case push(PrefsScreen)
        case present(PrefsSheet)
    }

    var target: String
    var label: String
    var tap: Tap?

    init(_ target: String, _ label: String, _ tap: Tap?) {
        self.target = target
        self.label = label
        self.tap = tap
    }

    /// The kind the state shows.
    var kind: PrefsElementKind {
        switch tap {
        case .toggle: return .toggle
        case .push: return .link
        case .present: return .sheetLink
        case nil: return .button
        }
    }
}

/// What an element of a list is, as the state shows it.
enum PrefsElementKind: String, StateChoice {
    case toggle, link, sheetLink, button
}
