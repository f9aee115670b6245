import ChoreoEngine

/// The `navigation` event.
struct NavigationEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.navigation
    static let meaning = "The navigation stack changed: a root switch (`ui.navigate`), a push or a pop."
    var from: FinScreen
    var to: FinScreen
    var change: NavigationChange

    static let fields: [StateProperty<NavigationEvent>] = [
        StateProperty(
            "from", \.from, FinPessoalApp.screenChoice,
            "The view it leaves."),
        StateProperty(
            "to", \.to, FinPessoalApp.screenChoice,
            "The view it shows."),
        StateProperty(
            "change", \.change, .choice(NavigationChange.self),
            "`root` (`ui.navigate`: no animation), `push` or `pop`."),
    ]
}

/// The `navigationFinished` event.
struct NavigationFinishedEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.navigationFinished
    static let meaning = "A push or pop is logically complete."
    var to: FinScreen

    static let fields: [StateProperty<NavigationFinishedEvent>] = [
        StateProperty(
            "to", \.to, FinPessoalApp.screenChoice,
            "The screen shown now.")
    ]
}
