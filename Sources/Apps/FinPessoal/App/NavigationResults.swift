import ChoreoEngine

/// `{navigated: true, screen}`: `ui.navigate` replaced the navigation stack.
struct Navigated: ActionResult {
    var navigated = true
    var screen: FinScreen
    static let answers = ["ui.navigate"]
    static let summary = "The navigation stack is now just this screen."
    static let fields: [StateProperty<Navigated>] = [
        StateProperty("navigated", \.navigated, .bool, "Always true."),
        StateProperty("screen", \.screen, .text, "The screen shown now."),
    ]
}

/// `{tapped, action: "none"}`: an element that does nothing was tapped (a card, a row without a link).
struct ElementTapped: ActionResult {
    var tapped: String
    var action = "none"
    static let answers = ["ui.tap"]
    static let summary = "An element without an action was tapped: nothing changes."
    static let fields: [StateProperty<ElementTapped>] = [
        StateProperty("tapped", \.tapped, .text, "The target tapped."),
        StateProperty("action", \.action, .string(choices: ["none"]), "What the tap did: nothing."),
    ]
}
