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
}

/// The dashboard's loading (seed 003): skeletons, the staggered reveal of its cards and the counting numbers.
extension Feature<FinPessoalApp> {
    static var dashboard: Self {
        typealias T = DashboardTiming
        let skeleton = CodeSite("SkeletonView")
        let card = CodeSite("AnimatedCard")
        return Feature(
            "dashboard",
            state: [
                StateProperty(FinPessoalApp.dashboardField) {
                    $0.app.loading.state(data: $0.app.data, world: $0.world)
                }
            ],
            traceEvents: [
                DashboardLoadingEvent.declaration, DashboardSkeletonStyleEvent.declaration,
                DashboardRevealedEvent.declaration,
            ],
            animations: [
                .single("skeleton.shimmer", T.shimmer, at: skeleton),
                AnimationDeclaration(
                    "skeleton.pulse", curves: [CodeAnchor.VariantCurve(.reduced, T.skeletonPulse)], at: skeleton),
                .byMode("skeleton.fade", T.skeletonFade, at: skeleton),
                .single("card.slide", T.cardSlide, at: card),
                .byMode("card.fade", { $0 == .minimal ? nil : T.cardFade }, at: card),
                .byMode("counter", T.counter, at: CodeSite("PhysicsNumberCounter")),
            ],
            actionResults: [DashboardLoadFinished.self], refusalReasons: [.dashboardLoading, .nothingLoading])
    }
}
