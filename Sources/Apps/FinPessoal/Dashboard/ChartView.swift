import ChoreoEngine
import ChoreoJSON

/// `chart` as the state shows it: the dashboard's spending trends chart (seed 003) under its
/// ChartAnimationCoordinator.
struct ChartView: StateObject {
    var range: Int
    var available: Bool
    var points: [ChartPointView]
    var shown: SpendingSeries
    var reveal: ChartRevealView
    var scrubber: ScrubberView
    var dim: DimView?
    var callout: CalloutView
    var selected: SelectionView?
    var burst: BurstView?
    var series: [String: SpendingSeries]

    private static let money = FinPessoalApp.moneyUnit

    static let fields: [StateProperty<ChartView>] = [
        StateProperty(
            "target", { _ in SpendingChart.target }, .string(choices: [SpendingChart.target]),
            "The chart's target for `ui.touch`, `ui.drag`, `ui.tap`."),
        StateProperty("range", \.range, .integer("days", 7...30), "The days shown: `data.chartDays`, 7 or 30."),
        StateProperty(
            "available", \.available, .bool,
            "False while the dashboard loads (a skeleton stands in; touches are refused)."),
        StateProperty(
            "points", \.points, .array(ChartPointView.shape), "The shown series' points, oldest first, ending today."),
        StateProperty("maxValue", \.shown.maxValue, .number(money, 0...1e15), "The largest day's spending."),
        StateProperty("minValue", \.shown.minValue, .number(money, 0...1e15), "The smallest day's spending."),
        StateProperty("total", \.shown.total, .number(money, 0...1e15), "What was spent over the range."),
        StateProperty(
            "trend", \.shown.trend, .choice(SpendingSeries.Trend.self),
            "up, down or steady (least squares, ±5% of the mean day)."),
        SpendingSeries.dateRange("The range's first and last day (today: the session's wall-clock date).") {
            $0.shown
        },
        StateProperty(
            "reveal", \.reveal, ChartRevealView.shape,
            "The reveal choreography after a load (seed 003, ChartAnimationCoordinator)."),
        StateProperty(
            "scrubber", \.scrubber, ScrubberView.shape, "The vertical scrubber line of touch and hold."),
        StateProperty(
            "dim", \.dim, .nullable(DimView.shape, whenNull: "no finger is on the chart"),
            "The dimmed part of the line, right of the scrubber."),
        StateProperty("callout", \.callout, CalloutView.shape, "The callout above the snapped point."),
        StateProperty(
            "selected", \.selected, .nullable(SelectionView.shape, whenNull: "no point was tapped since the last load"),
            "The last point tapped (`ui.tap {target: dashboard/chart, point}`)."),
        StateProperty(
            "burst", \.burst, .nullable(BurstView.shape, whenNull: "no burst is flying (only full mode bursts)"),
            "The gold particle burst of a tap in full mode, for 600 ms.",
            animates: [PropertyKey.chartBurstProgress.path]),
        StateProperty(
            "series", \.series,
            .object([
                StateField("days7", SpendingSeries.shape, "The 7-day series."),
                StateField("days30", SpendingSeries.shape, "The 30-day series."),
            ]), "Both ranges' series, whichever is shown."),
        .group(
            "accessibility", "What VoiceOver reads (seed 003).",
            [
                StateProperty(
                    "label", \.shown.summary, .text,
                    "VoiceOver's summary, e.g. `Spending chart, 7 days, trending down`."),
                StateProperty(
                    "hint", { _ in "Touch and hold to explore daily spending" },
                    .string(choices: ["Touch and hold to explore daily spending"]), "VoiceOver's hint."),
                StateProperty(
                    "points", { $0.shown.points.map(\.accessibilityLabel) }, .array(.text),
                    "Each point's VoiceOver reading."),
            ]),
    ]
}

/// One point of the shown series.
struct ChartPointView: StateObject {
    var index: Int
    var point: ChartDataPoint
    var x: Double
    var y: Double
    var appear: Double
    var scale: Double
    var visible: Bool
    var highlighted: Bool
    var selected: Bool
    var appearsAt: Double?

    private static let money = FinPessoalApp.moneyUnit
    private static let isoDate = FinPessoalApp.isoDateMeaning

    static let fields: [StateProperty<ChartPointView>] = [
        StateProperty("index", \.index, .integer("point index", 0...29), "The point's index, oldest day first."),
        StateProperty("date", \.point.date, .text, "The day, \(isoDate)."),
        StateProperty(
            "weekday", { CalendarText.weekday($0.point.day) }, .string(choices: CalendarText.weekdays),
            "The day's weekday."),
        StateProperty("value", \.point.value, .number(money, 0...1e15), "What was spent that day."),
        StateProperty(
            "transactions", \.point.transactions, .array(.text),
            "The ids of the day's spending transactions (drill-down)."),
        StateProperty("x", \.x, .fraction, "Its position across the plot: i / (n − 1)."),
        StateProperty("y", \.y, .fraction, "Its height: value / maxValue (0 when nothing was spent)."),
        StateProperty(
            "appear", \.appear, .number("multiplier"),
            "Its appearance 0 → 1 on spring(0.3, 0.6) from `appearsAt` during an animated reveal (overshoots 1); 1 otherwise."
        ),
        StateProperty(
            "scale", \.scale, .number("multiplier"),
            "appear × highlight (1.2 while the scrubber is on it) × the tap bounce (toward 1.3 in full mode).",
            animatesWith: {
                [
                    PropertyKey.chartPointAppear($0.index).path, PropertyKey.chartPointHighlight($0.index).path,
                    PropertyKey.chartPointBounce($0.index).path,
                ]
            }),
        StateProperty("visible", \.visible, .bool, "Not hidden by a load and appear above 0."),
        StateProperty("highlighted", \.highlighted, .bool, "The scrubber is snapped to it."),
        StateProperty("selected", \.selected, .bool, "It was the last point tapped."),
        StateProperty("glow", \.highlighted, .bool, "Glows while highlighted."),
        StateProperty(
            "appearsAt", \.appearsAt,
            .nullable(.milliseconds, whenNull: "the chart was never revealed with the animated style"),
            "When it appears: R + 300 + 600·τ + 100 ms where easeInOut(τ) = i / (n − 1)."),
        StateProperty(
            "accessibilityLabel", \.point.accessibilityLabel, .text,
            "VoiceOver's reading, e.g. `Monday, January 5, $4.50`."),
    ]
}

/// The chart's reveal after a load.
struct ChartRevealView: StateObject {
    var phase: ChartRevealPhase
    var style: ChartRevealStyle
    var startedAt: Double?
    var endsAt: Double?
    var containerOpacity: Double
    var containerScale: Double
    var x: AxisView
    var y: AxisView
    var grid: [GridLineView]
    var line: LineView

    static let fields: [StateProperty<ChartRevealView>] = [
        StateProperty(
            "phase", \.phase, .choice(ChartRevealPhase.self),
            "hidden while loading, pending until the chart card's reveal (R), running until `endsAt`, complete (also for a session that starts loaded)."
        ),
        StateProperty(
            "style", \.style, .choice(ChartRevealStyle.self),
            "`animated` (full mode) or `static` (reduced and minimal: drawn at once under the card's fade), set by the last reveal."
        ),
        StateProperty(
            "startedAt", \.startedAt,
            .nullable(.milliseconds, whenNull: "never revealed (the session started loaded)"),
            "R: when the chart card's reveal starts (data + 300 ms)."),
        StateProperty(
            "endsAt", \.endsAt, .nullable(.milliseconds, whenNull: "never revealed"),
            "When the reveal's last animation is logically complete."),
        .group(
            "container", "The chart's card.",
            [
                StateProperty(
                    "opacity", \.containerOpacity, .fraction,
                    "The chart card's fade (`dashboard.cards.1.opacity`); 0 while hidden.",
                    animates: [PropertyKey.chartContainerOpacity.path]),
                StateProperty(
                    "scale", \.containerScale, .number("multiplier"),
                    "The AnimatedCard scale 0.95 → 1 on spring(0.4, 0.8) (full mode; overshoots 1 slightly).",
                    animates: [PropertyKey.chartContainerScale.path]),
            ]),
        .group(
            "axes", "The axes, drawn first, 200 ms apart.",
            [
                StateProperty("x", \.x, AxisView.shape(direction: "leftToRight"), "The x axis."),
                StateProperty("y", \.y, AxisView.shape(direction: "bottomToTop"), "The y axis."),
            ]),
        StateProperty("grid", \.grid, .array(GridLineView.shape), "The 4 grid lines."),
        StateProperty("line", \.line, LineView.shape, "The data line."),
    ]
}

/// One axis of the chart. Its labels are driven by their spring, its trim by its curve; the axis as a whole by both.
struct AxisView: StateObject {
    var axis: PropertyKey.ChartAxis
    var trim: Double
    var direction: String
    var startsAt: Double?
    var labelsProgress: Double

    func animatedProperties(at path: ArraySlice<String>) -> [String]? {
        switch path.first {
        case "labels": return [PropertyKey.chartAxisLabels(axis).path]
        case "trim": return [PropertyKey.chartAxisTrim(axis).path]
        default: return [PropertyKey.chartAxisTrim(axis).path, PropertyKey.chartAxisLabels(axis).path]
        }
    }

    static let fields: [StateProperty<AxisView>] = [
        StateProperty("trim", \.trim, .fraction, "The axis drawn, 0 → 1 over 300 ms ease-in-out (1 when static)."),
        StateProperty("direction", \.direction, .text, "Which way it draws."),
        StateProperty(
            "startsAt", \.startsAt, .nullable(.milliseconds, whenNull: "not an animated reveal"),
            "When it starts drawing: R (x axis), R + 200 ms (y axis)."),
        .group(
            "labels", "The axis labels, popping in when the axis is drawn.",
            [
                StateProperty(
                    "opacity", { min(max($0.labelsProgress, 0), 1) }, .fraction,
                    "The labels' opacity (the spring's progress, clamped)."),
                StateProperty(
                    "scale", { 0.8 + 0.2 * $0.labelsProgress }, .number("multiplier"),
                    "0.8 + 0.2 × the labels' spring(0.3, 0.7) progress (overshoots 1 slightly)."),
            ]),
    ]

    /// The axis's shape with its one direction.
    static func shape(direction: String) -> StateShape {
        .object(
            fields.map { field in
                guard field.declaration.name == "direction" else { return field.declaration }
                return StateField("direction", .string(choices: [direction]), field.declaration.meaning)
            })
    }
}

/// One grid line of the chart, driven by its fade.
struct GridLineView: StateObject {
    var index: Int
    var opacity: Double
    var value: Double
    var startsAt: Double?

    func animatedProperties(at path: ArraySlice<String>) -> [String]? { [PropertyKey.chartGridOpacity(index).path] }

    static let fields: [StateProperty<GridLineView>] = [
        StateProperty("opacity", \.opacity, .fraction, "Fades in over 200 ms ease-out."),
        StateProperty(
            "value", \.value, .number(FinPessoalApp.moneyUnit, 0...1e15), "The line's value: maxValue × (i + 1) / 4."),
        StateProperty(
            "startsAt", \.startsAt, .nullable(.milliseconds, whenNull: "not an animated reveal"), "R + 200 + 50·i ms."),
    ]
}

/// The chart's data line, driven by its trim.
struct LineView: StateObject {
    var trim: Double
    var startsAt: Double?
    var endsAt: Double?

    func animatedProperties(at path: ArraySlice<String>) -> [String]? { [PropertyKey.chartLineTrim.path] }

    static let fields: [StateProperty<LineView>] = [
        StateProperty("trim", \.trim, .fraction, "The line drawn: 0 → 1 ease-in-out from R + 300 to R + 900 ms."),
        StateProperty("fill", \.trim, .fraction, "The gradient fill beneath the line: equals the trim."),
        StateProperty(
            "startsAt", \.startsAt, .nullable(.milliseconds, whenNull: "not an animated reveal"), "R + 300 ms."),
        StateProperty("endsAt", \.endsAt, .nullable(.milliseconds, whenNull: "not an animated reveal"), "R + 900 ms."),
    ]
}

/// The vertical scrubber line of touch and hold.
struct ScrubberView: StateObject {
    var touch: SpendingChart.Touch?

    static let fields: [StateProperty<ScrubberView>] = [
        StateProperty("visible", { $0.touch != nil }, .bool, "Whether a finger is on the chart."),
        StateProperty(
            "x", \.touch?.x, .fraction, "The finger's position across the chart (`ui.touch`, `ui.drag`).",
            presentWhen: "a finger is on the chart"),
        StateProperty(
            "index", \.touch?.index, .integer("point index", 0...29), "The point it snaps to: round(x · (n − 1)).",
            presentWhen: "a finger is on the chart"),
    ]
}

/// The dimmed part of the line, right of the scrubber.
struct DimView: StateObject {
    var from: Double

    static let fields: [StateProperty<DimView>] = [
        StateProperty("from", \.from, .fraction, "The scrubber's x."),
        StateProperty("to", { _ in 1 }, .number("fraction", 1...1), "Always 1."),
        StateProperty("opacity", { _ in 0.5 }, .number("fraction", 0.5...0.5), "Always 0.5."),
    ]
}

/// The callout above the snapped point (kept while it fades out).
struct CalloutView: StateObject {
    /// The point it shows, once a point was touched since the last load.
    struct Shown: Sendable {
        var index: Int
        var point: ChartDataPoint
        var value: Double
    }

    var visible: Bool
    var opacity: Double
    var shown: Shown?

    private static let touched = "a point was touched since the last load"

    static let fields: [StateProperty<CalloutView>] = [
        StateProperty("visible", \.visible, .bool, "Whether a finger is on the chart."),
        StateProperty(
            "opacity", \.opacity, .fraction, "Fades in and out over 150 ms ease-out (at once in minimal mode).",
            animates: [PropertyKey.chartCalloutOpacity.path]),
        StateProperty(
            "index", \.shown?.index, .integer("point index", 0...29), "The point it shows.",
            presentWhen: "\(touched) (kept while it fades out)"),
        StateProperty(
            "date", { $0.shown.map { CalendarText.shortDate($0.point.day) } }, .text,
            "The point's short date, e.g. `Jan 5`.", presentWhen: touched),
        StateProperty(
            "amount", \.shown?.point.value, .number(FinPessoalApp.moneyUnit, 0...1e15), "The point's amount.",
            presentWhen: touched),
        StateProperty(
            "value", \.shown?.value, .number(FinPessoalApp.moneyUnit),
            "The amount shown, counting to a new point's amount on a critically damped spring (0.3 s full, 0.2 s reduced, at once minimal).",
            presentWhen: touched, animates: [PropertyKey.chartCalloutValue.path]),
        StateProperty(
            "text", { $0.shown.map { CalendarText.money($0.value) } }, .text, "`value` as US dollars.",
            presentWhen: touched, animates: [PropertyKey.chartCalloutValue.path]),
        StateProperty(
            "accessibilityLabel", \.shown?.point.accessibilityLabel, .text, "The point's VoiceOver reading.",
            presentWhen: touched),
    ]
}

/// The last point tapped, with its transactions (drill-down).
struct SelectionView: StateObject {
    var index: Int
    var point: ChartDataPoint
    var transactions: [SelectedTransaction]

    static let fields: [StateProperty<SelectionView>] = [
        StateProperty("index", \.index, .integer("point index", 0...29), "The tapped point."),
        StateProperty("date", \.point.date, .text, "Its day, \(FinPessoalApp.isoDateMeaning)."),
        StateProperty("value", \.point.value, .number(FinPessoalApp.moneyUnit, 0...1e15), "Its amount."),
        StateProperty("accessibilityLabel", \.point.accessibilityLabel, .text, "Its VoiceOver reading."),
        StateProperty(
            "transactions", \.transactions, .array(SelectedTransaction.shape),
            "The day's spending transactions (drill-down)."),
    ]
}

/// A transaction of the selected day, with its fields as the data gives them (a description that is not text is
/// shown as given).
struct SelectedTransaction: StateObject {
    var id: String
    var description: JSONValue
    var amount: JSONValue

    static let fields: [StateProperty<SelectedTransaction>] = [
        StateProperty("id", \.id, .text, "The transaction's id."),
        StateProperty(
            "description", \.description, .nullable(.text, whenNull: "the transaction has none"), "Its description."),
        StateProperty(
            "amount", \.amount, .nullable(.number(FinPessoalApp.moneyUnit), whenNull: "the transaction has none"),
            "Its (negative) amount."),
    ]
}

/// The gold particle burst of a tap in full mode. Every path in it is driven by the burst's progress.
struct BurstView: StateObject {
    var point: Int
    var count: Int
    var startedAt: Double
    var progress: Double
    var particles: [ParticleView]

    func animatedProperties(at path: ArraySlice<String>) -> [String]? { [PropertyKey.chartBurstProgress.path] }

    static func fixedAnimatedProperties(at path: ArraySlice<String>) -> [String]? {
        [PropertyKey.chartBurstProgress.path]
    }

    static let fields: [StateProperty<BurstView>] = [
        StateProperty("point", \.point, .integer("point index", 0...29), "The tapped point."),
        StateProperty("color", { _ in "gold" }, .string(choices: ["gold"]), "Always gold."),
        StateProperty("count", \.count, .integer("particles", 12...12), "12 particles."),
        StateProperty("startedAt", \.startedAt, .milliseconds, "When the tap burst them."),
        StateProperty("progress", \.progress, .fraction, "0 → 1 linear over 600 ms."),
        StateProperty("particles", \.particles, .array(ParticleView.shape), "The particles."),
    ]
}

/// One particle of a burst.
struct ParticleView: StateObject, Equatable {
    var angle: Double
    var distance: Double
    var opacity: Double

    static let fields: [StateProperty<ParticleView>] = [
        StateProperty(
            "angle", \.angle, .number("degrees", 0...360), "Its direction (from the session's seeded random numbers)."),
        StateProperty(
            "distance", \.distance, .number("pt", 0...32), "How far it has flown: 16–32 pt × easeOut(progress)."),
        StateProperty("opacity", \.opacity, .fraction, "1 − progress."),
    ]
}
