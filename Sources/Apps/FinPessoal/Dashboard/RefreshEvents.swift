import ChoreoEngine

/// The `refreshDragBegan` event.
struct RefreshDragBeganEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.refreshDragBegan
    static let meaning = "A finger started pulling the dashboard down (first `ui.pull`)."

    static let fields: [StateProperty<RefreshDragBeganEvent>] = [

        ]
}

/// The `refreshReady` event.
struct RefreshReadyEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.refreshReady
    static let meaning = "The indicator reached the 60 pt ready threshold."
    var pullDistance: Double

    static let fields: [StateProperty<RefreshReadyEvent>] = [
        StateProperty(
            "pullDistance", \.pullDistance, .number("pt", 0...180),
            "The indicator's distance.")
    ]
}

/// The `refreshUnready` event.
struct RefreshUnreadyEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.refreshUnready
    static let meaning = "The indicator went back below 60 pt with the finger still down."
    var pullDistance: Double

    static let fields: [StateProperty<RefreshUnreadyEvent>] = [
        StateProperty(
            "pullDistance", \.pullDistance, .number("pt", 0...180),
            "The indicator's distance.")
    ]
}

/// The `refreshCancelled` event.
struct RefreshCancelledEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.refreshCancelled
    static let meaning = "The finger was released below the ready threshold: the indicator springs back."
    var pullDistance: Double

    static let fields: [StateProperty<RefreshCancelledEvent>] = [
        StateProperty(
            "pullDistance", \.pullDistance, .number("pt", 0...180),
            "The indicator's distance at the release.")
    ]
}

/// The `refreshInterrupted` event.
struct RefreshInterruptedEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.refreshInterrupted
    static let meaning =
        "A pull in progress was cancelled because the dashboard left the screen, a sheet covered it or it "
        + "scrolled away from the top: idle, the indicator springs back, no haptic, no refresh."
    var pullDistance: Double
    var reason: String

    static let fields: [StateProperty<RefreshInterruptedEvent>] = [
        StateProperty(
            "pullDistance", \.pullDistance, .number("pt", 0...180),
            "The indicator's distance when it was cancelled."),
        StateProperty(
            "reason", \.reason, .text,
            "What cancelled it."),
    ]
}

/// The `refreshBegan` event.
struct RefreshBeganEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.refreshBegan
    static let meaning = "The finger was released while ready: the refresh and its load start."
    var pullDistance: Double
    var latencyMs: Double

    static let fields: [StateProperty<RefreshBeganEvent>] = [
        StateProperty(
            "pullDistance", \.pullDistance, .number("pt", 0...180),
            "The indicator's distance at the release."),
        StateProperty(
            "latencyMs", \.latencyMs, .number("ms", 0...600_000),
            "The load's latency (`data.loadLatencyMs`)."),
    ]
}

/// The `refreshCompleted` event.
struct RefreshCompletedEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.refreshCompleted
    static let meaning = "The refresh's load succeeded: the check mark shows."

    static let fields: [StateProperty<RefreshCompletedEvent>] = [
        StateProperty(
            "ok", { _ in true }, .bool,
            "Always true.")
    ]
}

/// The `refreshFailed` event.
struct RefreshFailedEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.refreshFailed
    static let meaning = "The refresh's load failed (`app.finishLoading {ok: false}`): back to idle."

    static let fields: [StateProperty<RefreshFailedEvent>] = [
        StateProperty(
            "ok", { _ in false }, .bool,
            "Always false.")
    ]
}

/// The `refreshEnded` event.
struct RefreshEndedEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.refreshEnded
    static let meaning = "The indicator finished fading after a successful refresh: idle again."

    static let fields: [StateProperty<RefreshEndedEvent>] = [

        ]
}
