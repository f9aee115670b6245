import ChoreoEngine

/// One data point of the chart as the chart's replies show it.
struct ChartPointSummary: StateObject {
    var index: Int
    var date: String
    var value: Double
    var accessibilityLabel: String

    init(_ series: SpendingSeries, _ index: Int) {
        let point = series.points[index]
        self.index = index
        date = point.date
        value = point.value
        accessibilityLabel = point.accessibilityLabel
    }

    static let fields: [StateProperty<ChartPointSummary>] = [
        StateProperty("index", \.index, .integer("point index", 0...29), "The point's index, oldest first."),
        StateProperty("date", \.date, .text, "The day, yyyy-mm-dd in the session's time zone."),
        StateProperty("value", \.value, .number(FinPessoalApp.moneyUnit, 0...1e15), "What was spent that day."),
        StateProperty("accessibilityLabel", \.accessibilityLabel, .text, "VoiceOver's reading of the point."),
    ]
}

/// `ui.touch` on the chart: the scrubber snapped to the nearest point (light haptic).
struct ChartTouched: ActionResult {
    var touched = true
    var index: Int
    var point: ChartPointSummary
    static let answers = ["ui.touch"]
    static let summary = "The finger is on the chart: the scrubber snapped to the nearest point."
    static let fields: [StateProperty<ChartTouched>] = [
        StateProperty("touched", \.touched, .bool, "Always true."),
        StateProperty("index", \.index, .integer("point index", 0...29), "The snapped data point."),
        StateProperty("point", \.point, ChartPointSummary.shape, "The snapped data point."),
    ]
}

/// `ui.drag` on the chart: the scrubber follows the finger.
struct ChartDragged: ActionResult {
    var dragged = true
    var index: Int
    var changed: Bool
    var point: ChartPointSummary
    static let answers = ["ui.drag"]
    static let summary = "The finger moved along the chart."
    static let fields: [StateProperty<ChartDragged>] = [
        StateProperty("dragged", \.dragged, .bool, "Always true."),
        StateProperty("index", \.index, .integer("point index", 0...29), "The snapped data point."),
        StateProperty(
            "changed", \.changed, .bool, "Whether the snapped point changed (a selection haptic played)."),
        StateProperty("point", \.point, ChartPointSummary.shape, "The snapped data point."),
    ]
}

/// `ui.release` of a finger on the chart: the scrubber and callout go.
struct ChartReleased: ActionResult {
    var released = true
    var index: Int
    /// Why the touch was cancelled before the finger lifted, if it was.
    var cancelled: String? = nil
    static let answers = ["ui.release"]
    static let summary = "The finger lifted from the chart."
    static let fields: [StateProperty<ChartReleased>] = [
        StateProperty("released", \.released, .bool, "Always true."),
        StateProperty("index", \.index, .integer("point index", 0...29), "The point the finger was on."),
        StateProperty(
            "cancelled", \.cancelled, .text, "What cancelled the touch while the finger was down (C21).",
            presentWhen: "the touch was cancelled before the release"),
    ]
}

/// `ui.tap {target: dashboard/chart, point}`: a point was selected (medium haptic).
struct ChartPointTapped: ActionResult {
    var tapped = true
    var index: Int
    var point: ChartPointSummary
    var burst: Bool
    static let answers = ["ui.tap"]
    static let summary = "A data point was tapped: it is selected, bounces and bursts (full mode)."
    static let fields: [StateProperty<ChartPointTapped>] = [
        StateProperty("tapped", \.tapped, .bool, "Always true."),
        StateProperty("index", \.index, .integer("point index", 0...29), "The point tapped."),
        StateProperty("point", \.point, ChartPointSummary.shape, "The point tapped."),
        StateProperty("burst", \.burst, .bool, "Whether the particle burst plays (full mode)."),
    ]
}
