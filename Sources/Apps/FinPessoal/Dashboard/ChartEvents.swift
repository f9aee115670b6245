import ChoreoEngine

/// The `chartReveal` event.
struct ChartRevealEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.chartReveal
    static let meaning = "A load ended and the chart's reveal was planned (it starts at `startsAt`)."
    var style: ChartRevealStyle
    var startsAt: Double

    static let fields: [StateProperty<ChartRevealEvent>] = [
        StateProperty(
            "style", \.style, .choice(ChartRevealStyle.self),
            "Animated in full mode, else static."),
        StateProperty(
            "startsAt", \.startsAt, .milliseconds,
            "R: when the chart card's reveal starts."),
    ]
}

/// The `chartSnap` event.
struct ChartSnapEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.chartSnap
    static let meaning = "The scrubber snapped to a point: on `ui.touch`, and on a `ui.drag` that changed the point."
    var index: Int
    var x: Double

    static let fields: [StateProperty<ChartSnapEvent>] = [
        StateProperty(
            "index", \.index, .integer("point index", 0...29),
            "The point."),
        StateProperty(
            "x", \.x, .fraction,
            "The finger's position."),
    ]
}

/// The `chartReleased` event.
struct ChartReleasedEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.chartReleased
    static let meaning =
        "The finger left the chart (`ui.release`), or its touch was cancelled because the chart left the screen "
        + "or a sheet covered it (`cancelled`, C21)."
    var index: Int
    var cancelled: String? = nil

    static let fields: [StateProperty<ChartReleasedEvent>] = [
        StateProperty(
            "index", \.index, .integer("point index", 0...29),
            "The point it was on."),
        StateProperty(
            "cancelled", \.cancelled, .text, "Why the touch was cancelled.", presentWhen: "the touch was cancelled"),
    ]
}

/// The `chartTap` event.
struct ChartTapEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.chartTap
    static let meaning = "A data point was tapped."
    var index: Int

    static let fields: [StateProperty<ChartTapEvent>] = [
        StateProperty(
            "index", \.index, .integer("point index", 0...29),
            "The point.")
    ]
}
