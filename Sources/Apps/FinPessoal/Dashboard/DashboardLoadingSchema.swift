import ChoreoEngine

extension DashboardLoading.Style: CaseIterable, StateChoice {
    static let allCases: [DashboardLoading.Style] = [.shimmer, .pulse, .still]
}

/// The declared shape of `dashboard` and the dashboard load's trace events (seed 003's skeletons, loading-to-data
/// transition and PhysicsNumberCounter).
extension FinPessoalApp {
    static let dashboardField = StateField(
        "dashboard", DashboardView.shape,
        "The dashboard's loading state: skeletons, the staggered reveal and counting numbers (seed 003).")

    static let dashboardTraceEvents: [TraceEventKind] = [
        DashboardLoadingEvent.declaration,
        DashboardSkeletonStyleEvent.declaration,
        DashboardRevealedEvent.declaration,
    ]
}
