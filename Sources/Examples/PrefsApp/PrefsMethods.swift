import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON

/// Prefs' own command, as an app brings one: the action value the model applies, and the method that carries it.
enum PrefsCommand: AppCommand, Hashable {
    /// Every toggle back to its default (`app.resetToggles`).
    case resetToggles

    var methodName: String { "app.resetToggles" }
}

extension PrefsApp: AppMethods {
    public static let methods = [resetToggles]

    static let resetToggles = AppMethod(
        action: "app.resetToggles",
        summary: "Puts every toggle back to its default (Prefs).",
        description: """
            Notifications on, Dark Mode off: each toggle that changes springs to its default and records \
            `toggle.changed`, as a tap would, but plays no haptic (nothing was touched). Under a sheet too.
            """,
        errors: [.unsupportedAction],
        examples: [
            Example(
                "reset", description: "After ui.tap {target: settings/toggle/darkMode}.", params: ["session": "s1"],
                result: ["changed": ["darkMode"]])
        ]
    ) { .command(PrefsCommand.resetToggles) }

    /// Applies a command of Prefs'.
    mutating func apply(_ command: PrefsCommand, world: inout World) -> any ActionResult {
        switch command {
        case .resetToggles:
            var changed: [PrefsToggle] = []
            for (toggle, on) in Self.defaultToggles where toggles[toggle] != on {
                set(toggle, on: on, tapped: false, world: &world)
                changed.append(toggle)
            }
            return TogglesReset(changed: changed)
        }
    }
}
