import ChoreoEngine

/// The declared shape of a screen in the state (`screen`, `screens.<screen>`): its scroll, nav-bar blur, parallax
/// layers and elements (seeds 000 and 002).
extension FinPessoalApp {
    /// Every screen and pushed view, the values `navigation.screen` and the keys of `screens` take.
    static var screenChoices: [String] { scrollableScreens }

    /// The material of frosted surfaces (sheets and the nav bar).
    static let materialShape = StateShape.string(choices: ["ultraThin", "regular", "solid"])

    /// One element of a screen or sheet.
    static var elementShape: StateShape { ElementView.shape }

    /// A screen: scroll position, nav-bar blur, parallax layers and elements.
    static var screenShape: StateShape { ScreenView.shape }

    static let scrollTraceEvents: [TraceEventKind] = [
        ScrollEvent.declaration
    ]
}
