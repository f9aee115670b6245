import ChoreoEngine

/// `navigation` as the state shows it: the stack and its push or pop.
struct NavigationView: StateObject {
    var screen: FinScreen
    var stack: [FinScreen]
    var item: String?
    var transition: NavTransitionView?

    static let fields: [StateProperty<NavigationView>] = [
        StateProperty(
            "screen", \.screen, FinPessoalApp.screenChoice,
            "The screen shown: the top of the stack. A session starts at `dashboard`; `ui.navigate` switches the root (refused under a sheet)."
        ),
        StateProperty(
            "stack", \.stack, .array(FinPessoalApp.screenChoice),
            "The navigation stack, root first: `[screen]` after `ui.navigate`, `[goals, goalDetail]` after a goal's hero link."
        ),
        StateProperty(
            "item", \.item, .nullable(.text, whenNull: "the top view shows no item (every root screen)"),
            "The data id the pushed view shows (the goal of `goalDetail`)."),
        StateProperty(
            "transition", \.transition,
            .nullable(
                NavTransitionView.shape,
                whenNull: "no push or pop since the last `ui.navigate` (or the session's start)"),
            "The last push or pop, kept after it finished until the next navigation."),
    ]
}

/// The last push or pop.
struct NavTransitionView: StateObject {
    var kind: NavTransitionKind
    var from: FinScreen
    var to: FinScreen
    var progress: Double
    var finished: Bool

    static let fields: [StateProperty<NavTransitionView>] = [
        StateProperty(
            "kind", \.kind, .choice(NavTransitionKind.self), "`push` (a goal's hero link) or `pop` (`ui.back`)."),
        StateProperty("from", \.from, FinPessoalApp.screenChoice, "The view it leaves."),
        StateProperty("to", \.to, FinPessoalApp.screenChoice, "The view it shows."),
        StateProperty(
            "progress", \.progress, .number("fraction"),
            "0 → 1 on the hero curve of the mode (spring(0.4, 0.8) full, which overshoots 1 slightly; 250 ms linear reduced; 100 ms linear minimal): equals `hero.progress` going forward and 1 − `hero.progress` coming back, also when `ui.back` interrupts the push (the pop starts where the push is).",
            animates: [PropertyKey.navigationProgress.path]),
        StateProperty(
            "phase", { $0.finished ? "finished" : "running" }, .string(choices: ["running", "finished"]),
            "`finished` once the curve is logically complete (`navigation.finished`)."),
    ]
}
