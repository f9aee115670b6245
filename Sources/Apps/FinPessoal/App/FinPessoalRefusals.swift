import ChoreoEngine

/// FinPessoal's own refusal reasons (the engine declares the shared ones).
extension Refusal.Reason {
    /// A hero link tapped while another hero transition runs (HeroTransitionCoordinator).
    static let heroTransitionRunning = Refusal.Reason(
        "heroTransitionRunning",
        summary: "FinPessoal: a hero link tapped while another hero transition runs; retryAfterMs while it "
            + "reverses (the link is on screen again when it ends), none while it runs forward.")
    /// The dashboard is loading: no pull, and its chart is a skeleton.
    static let dashboardLoading = Refusal.Reason(
        "dashboardLoading",
        summary: "FinPessoal: the dashboard is loading (a pull; the chart is a skeleton); retryAfterMs when the "
            + "load's end is known (for the chart: its card's fade-in and, in full mode, the point's appearance).")
    /// Pull-to-refresh while a refresh runs (until the indicator is idle again).
    static let refreshRunning = Refusal.Reason(
        "refreshRunning",
        summary: "FinPessoal: ui.pull while a refresh runs or shows its check mark; retryAfterMs when the "
            + "load's end is known (the indicator is idle after the hold and the fade).")
    /// Pull-to-refresh away from the dashboard.
    static let notOnDashboard = Refusal.Reason(
        "notOnDashboard", summary: "FinPessoal: ui.pull away from the dashboard.")
    /// Pull-to-refresh with the dashboard scrolled away from the top.
    static let scrolledDown = Refusal.Reason(
        "scrolledDown", summary: "FinPessoal: ui.pull with the dashboard scrolled away from the top.")
    /// The chart's card has not started to fade in yet.
    static let chartNotVisible = Refusal.Reason(
        "chartNotVisible",
        summary: "FinPessoal: a chart touch or tap before its card has started to fade in (retryAfterMs).")
    /// A chart point the line has not reached yet (not appeared).
    static let pointNotReached = Refusal.Reason(
        "pointNotReached",
        summary: "FinPessoal: a chart tap, touch or scrub onto a point the line has not reached (retryAfterMs).")
    /// A gesture under a finger whose gesture was cancelled: a cancelled gesture does not begin again until it lifts.
    static let gestureCancelled = Refusal.Reason(
        "gestureCancelled",
        summary: "FinPessoal: ui.pull, ui.touch or ui.drag with the finger of a cancelled pull or chart touch still "
            + "down (R17, C21): a cancelled gesture does not begin again under the same finger, ui.release first.")
    /// `app.finishLoading` with nothing loading.
    static let nothingLoading = Refusal.Reason(
        "nothingLoading", summary: "FinPessoal: app.finishLoading with no load running.")
}

extension Refusal {
    /// A gesture under the finger of a cancelled `gesture` (a pull, a chart touch): a cancelled gesture does not
    /// begin again until the finger lifts (behavior.md R17, C21). `why` says what cancelled it, when known here.
    static func gestureCancelled(_ gesture: String, why: String? = nil, then next: String) -> Refusal {
        Refusal(
            .gestureCancelled,
            "this finger's \(gesture) was cancelled while it was down\(why.map { " (\($0))" } ?? ""), and a cancelled "
                + "gesture does not begin again under the same finger: lift it (ui.release), then \(next)")
    }
}
