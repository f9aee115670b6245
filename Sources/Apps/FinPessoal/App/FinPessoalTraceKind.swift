import ChoreoEngine

/// Every trace event kind the FinPessoal records, each stated once: `record(_:)` takes only
/// these, and the declarations of the state reference (`TraceEventKind`) name them; a test checks each kind is
/// declared exactly once.
enum FinPessoalTraceKind: String, TraceKind {
    case navigation
    case navigationFinished = "navigation.finished"
    case celebrationEnqueued = "celebration.enqueued"
    case celebrationStarted = "celebration.started"
    case celebrationCompleted = "celebration.completed"
    case goalCompleted = "goal.completed"
    case budgetPeriodClosed = "budget.periodClosed"
    case milestoneReached = "milestone.reached"
    case dashboardLoading = "dashboard.loading"
    case dashboardSkeletonStyle = "dashboard.skeletonStyle"
    case dashboardRevealed = "dashboard.revealed"
    case refreshDragBegan = "refresh.dragBegan"
    case refreshReady = "refresh.ready"
    case refreshUnready = "refresh.unready"
    case refreshInterrupted = "refresh.interrupted"
    case refreshCancelled = "refresh.cancelled"
    case refreshBegan = "refresh.began"
    case refreshCompleted = "refresh.completed"
    case refreshFailed = "refresh.failed"
    case refreshEnded = "refresh.ended"
    case chartReveal = "chart.reveal"
    case chartSnap = "chart.snap"
    case chartReleased = "chart.released"
    case chartTap = "chart.tap"
    case gradientRemoved = "gradient.removed"
    case gradientAdded = "gradient.added"
    case heroRefused = "hero.refused"
    case heroBeginTransition = "hero.beginTransition"
    case heroEndTransition = "hero.endTransition"
    case scroll
    case sheetPresent = "sheet.present"
    case sheetPresented = "sheet.presented"
    case sheetDismiss = "sheet.dismiss"
    case sheetDismissed = "sheet.dismissed"
    case transactionChanged = "transaction.changed"
}
