import ChoreoEngine

/// `ui.pull`: the finger moved; the reply is the indicator after the move (`refresh` as the state shows it).
struct Pulled: ActionResult {
    var view: RefreshView
    var pulled = true
    static let answers = ["ui.pull"]
    static let summary = "The finger moved: the pull-to-refresh indicator after the move."
    static let fields: [StateProperty<Pulled>] =
        RefreshView.fields.map { $0.reading(\Pulled.view) } + [
            StateProperty(
                "pulled", \.pulled, .bool, "Always true: the finger moved (a pull that cannot start is a Refusal).")
        ]
}

/// `ui.release` of a pull: the indicator after the finger lifted.
struct PullReleased: ActionResult {
    var view: RefreshView
    var released = true
    var refreshing: Bool
    /// What cancelled the pull while the finger was down, if something did.
    var cancelled: String?
    static let answers = ["ui.release"]
    static let summary = "The finger lifted from a pull: the indicator after the release."
    static let fields: [StateProperty<PullReleased>] =
        RefreshView.fields.map { $0.reading(\PullReleased.view) } + [
            StateProperty("released", \.released, .bool, "Always true."),
            StateProperty(
                "refreshing", \.refreshing, .bool, "Whether the release started a refresh (pullDistance ≥ 60)."),
            StateProperty(
                "cancelled", \.cancelled, .text, "What cancelled the pull while the finger was down (R16).",
                presentWhen: "the pull was cancelled before the release"),
        ]
}

/// `app.finishLoading` while refreshing: the indicator after the load ended.
struct RefreshFinished: ActionResult {
    var view: RefreshView
    var finished = true
    var ok: Bool
    static let answers = ["app.finishLoading"]
    static let summary = "The refresh's load ended now: the indicator after it."
    static let fields: [StateProperty<RefreshFinished>] =
        RefreshView.fields.map { $0.reading(\RefreshFinished.view) } + [
            StateProperty("finished", \.finished, .bool, "Always true."),
            StateProperty("ok", \.ok, .bool, "Whether the load succeeded (false: back to idle, the error haptic)."),
        ]
}

/// `app.finishLoading` during the dashboard's initial load.
struct DashboardLoadFinished: ActionResult {
    var finished = true
    var ok: Bool
    var dashboard: DashboardView
    static let answers = ["app.finishLoading"]
    static let summary = "The dashboard's initial load ended now."
    static let fields: [StateProperty<DashboardLoadFinished>] = [
        StateProperty("finished", \.finished, .bool, "Always true."),
        StateProperty("ok", \.ok, .bool, "Whether the load succeeded."),
        StateProperty("dashboard", \.dashboard, DashboardView.shape, "The dashboard's loading state after it."),
    ]
}
