import ChoreoEngine

extension RefreshCoordinator.Phase: CaseIterable, StateChoice {
    static let allCases: [RefreshCoordinator.Phase] = [.idle, .pulling, .ready, .refreshing, .complete]
}

/// The declared shape of `refresh` and pull-to-refresh's trace events and haptics (seed 003's RefreshCoordinator).
extension FinPessoalApp {
    static let refreshField = StateField(
        "refresh", RefreshView.shape, "The dashboard's custom pull-to-refresh (seed 003's RefreshCoordinator).")

    static let refreshTraceEvents: [TraceEventKind] = [
        RefreshDragBeganEvent.declaration,
        RefreshReadyEvent.declaration,
        RefreshUnreadyEvent.declaration,
        RefreshCancelledEvent.declaration,
        RefreshInterruptedEvent.declaration,
        RefreshBeganEvent.declaration,
        RefreshCompletedEvent.declaration,
        RefreshFailedEvent.declaration,
        RefreshEndedEvent.declaration,
    ]

    static let refreshHapticSources: [HapticSource] = [
        HapticSource("refresh.halfway", [.light], "The indicator crossed 30 pt (re-armed below 27 pt)."),
        HapticSource(
            "refresh.ready", [.medium], "The indicator crossed the 60 pt ready threshold (re-armed below 54 pt)."),
        HapticSource("refresh.complete", [.success], "The refresh's load succeeded."),
        HapticSource("refresh.failed", [.error], "The refresh's load failed."),
    ]
}
