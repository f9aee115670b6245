import ChoreoEngine

/// The `scroll` event.
struct ScrollEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.scroll
    static let meaning = "`ui.scroll` moved a screen's content."
    var screen: FinScreen
    var y: Double

    static let fields: [StateProperty<ScrollEvent>] = [
        StateProperty(
            "screen", \.screen, FinPessoalApp.screenChoice,
            "The screen scrolled."),
        StateProperty(
            "y", \.y, .number("pt", -1e7...1e7),
            "The new scroll position."),
    ]
}
