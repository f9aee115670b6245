import ChoreoEngine

extension RefreshCoordinator.Phase: CaseIterable, StateChoice {
    static let allCases: [RefreshCoordinator.Phase] = [.idle, .pulling, .ready, .refreshing, .complete]
}

/// The declared shape of `refresh` and pull-to-refresh's trace events and haptics (seed 003's RefreshCoordinator).
extension FinPessoalApp {
    static let refreshField = StateField(
        "refresh", RefreshView.shape, "The dashboard's custom pull-to-refresh (seed 003's RefreshCoordinator).")
}

/// The dashboard's pull-to-refresh (seed 003's RefreshCoordinator and RefreshIndicator).
extension Feature<FinPessoalApp> {
    static var refresh: Self {
        typealias T = DashboardTiming
        let coordinator = CodeSite("RefreshCoordinator")
        let indicator = CodeSite("RefreshIndicator")
        return Feature(
            "refresh",
            state: [StateProperty(FinPessoalApp.refreshField) { $0.app.refresh.state(world: $0.world) }],
            traceEvents: [
                RefreshDragBeganEvent.declaration, RefreshReadyEvent.declaration, RefreshUnreadyEvent.declaration,
                RefreshCancelledEvent.declaration, RefreshInterruptedEvent.declaration, RefreshBeganEvent.declaration,
                RefreshCompletedEvent.declaration, RefreshFailedEvent.declaration, RefreshEndedEvent.declaration,
            ],
            haptics: [
                HapticDeclaration(
                    "refresh.halfway", [.light], "The indicator crossed 30 pt (re-armed below 27 pt).", at: coordinator),
                HapticDeclaration(
                    "refresh.ready", [.medium],
                    "The indicator crossed the 60 pt ready threshold (re-armed below 54 pt).", at: coordinator),
                HapticDeclaration("refresh.complete", [.success], "The refresh's load succeeded.", at: coordinator),
                HapticDeclaration("refresh.failed", [.error], "The refresh's load failed.", at: coordinator),
            ],
            animations: [
                .byMode("refresh.indicatorReturn", T.indicatorReturn, at: indicator),
                .single("refresh.readyPulse", T.pulseHalf, at: indicator),
                .byMode("refresh.spinner", T.spinner, at: indicator),
                .byMode("refresh.checkmark", T.checkmark, at: indicator),
                .byMode("refresh.indicatorFade", T.indicatorFade, at: indicator),
            ],
            actionResults: [Pulled.self, PullReleased.self, RefreshFinished.self],
            refusalReasons: [.refreshRunning, .notOnDashboard, .scrolledDown, .gestureCancelled],
            fingerLanes: [FingerLane(replyField: "pullDistance", path: "refresh.pullDistance")])
    }
}
