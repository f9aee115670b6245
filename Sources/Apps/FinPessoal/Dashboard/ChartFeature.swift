import ChoreoEngine

extension SpendingSeries.Trend: CaseIterable, StateChoice {
    static let allCases: [SpendingSeries.Trend] = [.up, .down, .steady]
}

/// The declared shape of `chart` and the spending chart's trace events and haptics (seed 003's SpendingTrendsChart
/// under its ChartAnimationCoordinator).
extension FinPessoalApp {
    /// A `YYYY-MM-DD` day.
    static let isoDateMeaning = "`YYYY-MM-DD` in the session's time zone"

    static let chartField = StateField(
        "chart", ChartView.shape, "The dashboard's spending trends chart (seed 003).")
}

/// The dashboard's spending trends chart (seed 003): its entrance, the scrubber and the tapped point's callout.
extension Feature<FinPessoalApp> {
    static var chart: Self {
        typealias T = DashboardTiming
        let chart = CodeSite("SpendingTrendsChart")
        return Feature(
            "chart",
            state: [StateProperty(FinPessoalApp.chartField) { $0.app.chart.state(data: $0.app.data, world: $0.world) }],
            traceEvents: [
                ChartRevealEvent.declaration, ChartSnapEvent.declaration, ChartReleasedEvent.declaration,
                ChartTapEvent.declaration,
            ],
            haptics: [
                HapticDeclaration(
                    "chart.snap", [.light], "`ui.touch` on the chart: the scrubber snaps to a point.", at: chart),
                HapticDeclaration(
                    "chart.scrub", [.selection], "A `ui.drag` moved the scrubber to another point.", at: chart),
                HapticDeclaration("chart.tap", [.medium], "A data point was tapped.", at: chart),
            ],
            animations: [
                .single("chart.containerScale", T.chartContainerScale, at: chart),
                .single("chart.axisDraw", T.axisDraw, at: chart),
                .single("chart.axisLabels", T.axisLabels, at: chart),
                .single("chart.gridFade", T.gridFade, at: chart),
                .single("chart.lineDraw", T.lineDraw.animation, at: chart),
                .single("chart.pointAppear", T.pointAppear, at: chart),
                .byMode("chart.highlight", T.highlight, at: chart),
                .byMode("chart.callout", T.callout, at: chart),
                .byMode("chart.calloutCounter", T.calloutCounter, at: chart),
                .single("chart.bounceUp", T.bounceUp, at: chart),
                .single("chart.bounceBack", T.bounceBack, at: chart),
            ],
            actionResults: [ChartTouched.self, ChartDragged.self, ChartReleased.self, ChartPointTapped.self],
            refusalReasons: [.chartNotVisible, .pointNotReached, .gestureCancelled],
            fingerLanes: [
                FingerLane(replyField: "index", path: "chart.scrubber.index", methods: ["ui.touch", "ui.drag"])
            ])
    }
}
