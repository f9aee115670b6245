import ChoreoEngine

/// The `dashboardLoading` event.
struct DashboardLoadingEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.dashboardLoading
    static let meaning = "A dashboard load started: skeletons replace the cards."
    var style: DashboardLoading.Style
    var skeletons: Int

    static let fields: [StateProperty<DashboardLoadingEvent>] = [
        StateProperty(
            "style", \.style, .choice(DashboardLoading.Style.self),
            "The skeletons' style in the effective mode."),
        StateProperty(
            "skeletons", \.skeletons, .integer("skeletons", 5...7),
            "How many skeletons show (balance, chart, rows)."),
    ]
}

/// The `dashboardSkeletonStyle` event.
struct DashboardSkeletonStyleEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.dashboardSkeletonStyle
    static let meaning = "The mode changed while loading and the skeletons switched style."
    var style: DashboardLoading.Style

    static let fields: [StateProperty<DashboardSkeletonStyleEvent>] = [
        StateProperty(
            "style", \.style, .choice(DashboardLoading.Style.self),
            "The new style.")
    ]
}

/// The `dashboardRevealed` event.
struct DashboardRevealedEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.dashboardRevealed
    static let meaning = "A load ended: skeletons fade, the cards are revealed."
    var ok: Bool

    static let fields: [StateProperty<DashboardRevealedEvent>] = [
        StateProperty(
            "ok", \.ok, .bool,
            "Whether the load succeeded.")
    ]
}
