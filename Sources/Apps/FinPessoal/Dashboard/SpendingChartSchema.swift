import ChoreoEngine

extension SpendingSeries.Trend: CaseIterable, StateChoice {
    static let allCases: [SpendingSeries.Trend] = [.up, .down, .steady]
}

/// The declared shape of `chart` and the spending chart's trace events and haptics (seed 003's SpendingTrendsChart
/// under its ChartAnimationCoordinator).
extension FinPessoalApp {
    /// A `YYYY-MM-DD` day.
    static let isoDateMeaning = "`YYYY-MM-DD` in the session's time zone"

    /// One spending series (`chart.series.days7`, `days30`).
    static var seriesShape: StateShape { SpendingSeries.shape }

    static let chartField = StateField(
        "chart", ChartView.shape, "The dashboard's spending trends chart (seed 003).")

    static let chartTraceEvents: [TraceEventKind] = [
        ChartRevealEvent.declaration,
        ChartSnapEvent.declaration,
        ChartReleasedEvent.declaration,
        ChartTapEvent.declaration,
    ]

    static let chartHapticSources: [HapticSource] = [
        HapticSource("chart.snap", [.light], "`ui.touch` on the chart: the scrubber snaps to a point."),
        HapticSource("chart.scrub", [.selection], "A `ui.drag` moved the scrubber to another point."),
        HapticSource("chart.tap", [.medium], "A data point was tapped."),
    ]
}
