import ChoreoEngine

/// `{screen, scrollY, navBlurTarget}`: `ui.scroll` moved a screen's content.
struct Scrolled: ActionResult {
    var screen: FinScreen
    /// Points from the top.
    var scrollY: Double
    var navBlurTarget: Double
    static let answers = ["ui.scroll"]
    static let summary = "The content moved; the nav-bar blur animates toward its new target."
    static let fields: [StateProperty<Scrolled>] = [
        StateProperty("screen", \.screen, .text, "The screen scrolled."),
        StateProperty("scrollY", \.scrollY, .number("pt"), "Points scrolled from the top (positive down)."),
        StateProperty(
            "navBlurTarget", \.navBlurTarget, .fraction, "What the nav-bar blur animates toward: min(max(y, 0)/10, 1)."),
    ]
}
