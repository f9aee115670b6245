import ChoreoEngine

extension SpendingSeries.Trend: CaseIterable {
    static let allCases: [SpendingSeries.Trend] = [.up, .down, .steady]
}

/// The declared shape of `chart` and the spending chart's trace events and haptics (seed 003's SpendingTrendsChart
/// under its ChartAnimationCoordinator).
extension FinPessoalApp {
    /// A `YYYY-MM-DD` day.
    static let isoDateMeaning = "`YYYY-MM-DD` in the session's time zone"

    static let dateRangeShape = StateShape.object([
        StateField("from", .text, "The first day, \(isoDateMeaning)."),
        StateField("to", .text, "The last day (today), \(isoDateMeaning)."),
    ])

    /// One spending series (`chart.series.days7`, `days30`).
    static let seriesShape = StateShape.object([
        StateField("days", .integer("days", 7...30), "7 or 30."),
        StateField("total", .number(moneyUnit, 0...1e15), "What was spent over the range."),
        StateField("maxValue", .number(moneyUnit, 0...1e15), "The largest day's spending."),
        StateField("minValue", .number(moneyUnit, 0...1e15), "The smallest day's spending."),
        StateField(
            "trend", .choice(SpendingSeries.Trend.self),
            "The least-squares change over the range against 5% of the mean day."),
        StateField("summary", .text, "VoiceOver's summary, e.g. `Spending chart, 7 days, trending down`."),
        StateField("dateRange", dateRangeShape, "The range's first and last day."),
        StateField(
            "points",
            .array(
                .object([
                    StateField("date", .text, "The day, \(isoDateMeaning)."),
                    StateField(
                        "value", .number(moneyUnit, 0...1e15),
                        "What was spent that day (its negative amounts, as a positive sum)."),
                    StateField(
                        "transactions", .array(.text), "The ids of the day's spending transactions, in data order."),
                ])), "One point per day, oldest first."),
    ])

    static let chartPointShape = StateShape.object([
        StateField("index", .integer("point index", 0...29), "The point's index, oldest day first."),
        StateField("date", .text, "The day, \(isoDateMeaning)."),
        StateField("weekday", .string(choices: CalendarText.weekdays), "The day's weekday."),
        StateField("value", .number(moneyUnit, 0...1e15), "What was spent that day."),
        StateField("transactions", .array(.text), "The ids of the day's spending transactions (drill-down)."),
        StateField("x", .fraction, "Its position across the plot: i / (n − 1)."),
        StateField("y", .fraction, "Its height: value / maxValue (0 when nothing was spent)."),
        StateField(
            "appear", .number("multiplier"),
            "Its appearance 0 → 1 on spring(0.3, 0.6) from `appearsAt` during an animated reveal (overshoots 1); 1 otherwise."
        ),
        StateField(
            "scale", .number("multiplier"),
            "appear × highlight (1.2 while the scrubber is on it) × the tap bounce (toward 1.3 in full mode)."),
        StateField("visible", .bool, "Not hidden by a load and appear above 0."),
        StateField("highlighted", .bool, "The scrubber is snapped to it."),
        StateField("selected", .bool, "It was the last point tapped."),
        StateField("glow", .bool, "Glows while highlighted."),
        StateField(
            "appearsAt", .nullable(.milliseconds, whenNull: "the chart was never revealed with the animated style"),
            "When it appears: R + 300 + 600·τ + 100 ms where easeInOut(τ) = i / (n − 1)."),
        StateField("accessibilityLabel", .text, "VoiceOver's reading, e.g. `Monday, January 5, $4.50`."),
    ])

    static func axisShape(_ direction: String) -> StateShape {
        .object([
            StateField("trim", .fraction, "The axis drawn, 0 → 1 over 300 ms ease-in-out (1 when static)."),
            StateField("direction", .string(choices: [direction]), "Which way it draws."),
            StateField(
                "startsAt", .nullable(.milliseconds, whenNull: "not an animated reveal"),
                "When it starts drawing: R (x axis), R + 200 ms (y axis)."),
            StateField(
                "labels",
                .object([
                    StateField("opacity", .fraction, "The labels' opacity (the spring's progress, clamped)."),
                    StateField(
                        "scale", .number("multiplier"),
                        "0.8 + 0.2 × the labels' spring(0.35, 0.7) progress (overshoots 1 slightly)."),
                ]), "The axis labels, popping in when the axis is drawn."),
        ])
    }

    static let chartField = StateField(
        "chart",
        .object([
            StateField(
                "target", .string(choices: [SpendingChart.target]),
                "The chart's target for `ui.touch`, `ui.drag`, `ui.tap`."),
            StateField("range", .integer("days", 7...30), "The days shown: `data.chartDays`, 7 or 30."),
            StateField(
                "available", .bool, "False while the dashboard loads (a skeleton stands in; touches are refused)."),
            StateField("points", .array(chartPointShape), "The shown series' points, oldest first, ending today."),
            StateField("maxValue", .number(moneyUnit, 0...1e15), "The largest day's spending."),
            StateField("minValue", .number(moneyUnit, 0...1e15), "The smallest day's spending."),
            StateField("total", .number(moneyUnit, 0...1e15), "What was spent over the range."),
            StateField(
                "trend", .choice(SpendingSeries.Trend.self), "up, down or steady (least squares, ±5% of the mean day)."),
            StateField(
                "dateRange", dateRangeShape, "The range's first and last day (today: the session's wall-clock date)."),
            StateField(
                "reveal",
                .object([
                    StateField(
                        "phase", .choice(ChartRevealPhase.self),
                        "hidden while loading, pending until the chart card's reveal (R), running until `endsAt`, complete (also for a session that starts loaded)."
                    ),
                    StateField(
                        "style", .string(choices: ["animated", "static"]),
                        "`animated` (full mode) or `static` (reduced and minimal: drawn at once under the card's fade), set by the last reveal."
                    ),
                    StateField(
                        "startedAt", .nullable(.milliseconds, whenNull: "never revealed (the session started loaded)"),
                        "R: when the chart card's reveal starts (data + 300 ms)."),
                    StateField(
                        "endsAt", .nullable(.milliseconds, whenNull: "never revealed"),
                        "When the reveal's last animation is logically complete."),
                    StateField(
                        "container",
                        .object([
                            StateField(
                                "opacity", .fraction,
                                "The chart card's fade (`dashboard.cards.1.opacity`); 0 while hidden."),
                            StateField(
                                "scale", .number("multiplier"),
                                "The AnimatedCard scale 0.95 → 1 on spring(0.4, 0.8) (full mode; overshoots 1 slightly)."
                            ),
                        ]), "The chart's card."),
                    StateField(
                        "axes",
                        .object([
                            StateField("x", axisShape("leftToRight"), "The x axis."),
                            StateField("y", axisShape("bottomToTop"), "The y axis."),
                        ]), "The axes, drawn first, 200 ms apart."),
                    StateField(
                        "grid",
                        .array(
                            .object([
                                StateField("opacity", .fraction, "Fades in over 200 ms ease-out."),
                                StateField(
                                    "value", .number(moneyUnit, 0...1e15), "The line's value: maxValue × (i + 1) / 4."),
                                StateField(
                                    "startsAt", .nullable(.milliseconds, whenNull: "not an animated reveal"),
                                    "R + 200 + 50·i ms."),
                            ])), "The 4 grid lines."),
                    StateField(
                        "line",
                        .object([
                            StateField(
                                "trim", .fraction, "The line drawn: 0 → 1 ease-in-out from R + 300 to R + 900 ms."),
                            StateField("fill", .fraction, "The gradient fill beneath the line: equals the trim."),
                            StateField(
                                "startsAt", .nullable(.milliseconds, whenNull: "not an animated reveal"), "R + 300 ms."),
                            StateField(
                                "endsAt", .nullable(.milliseconds, whenNull: "not an animated reveal"), "R + 900 ms."),
                        ]), "The data line."),
                ]), "The reveal choreography after a load (seed 003, ChartAnimationCoordinator)."),
            StateField(
                "scrubber",
                .object([
                    StateField("visible", .bool, "Whether a finger is on the chart."),
                    StateField(
                        "x", .fraction, "The finger's position across the chart (`ui.touch`, `ui.drag`).",
                        presentWhen: "a finger is on the chart"),
                    StateField(
                        "index", .integer("point index", 0...29), "The point it snaps to: round(x · (n − 1)).",
                        presentWhen: "a finger is on the chart"),
                ]), "The vertical scrubber line of touch and hold."),
            StateField(
                "dim",
                .nullable(
                    .object([
                        StateField("from", .fraction, "The scrubber's x."),
                        StateField("to", .number("fraction", 1...1), "Always 1."),
                        StateField("opacity", .number("fraction", 0.5...0.5), "Always 0.5."),
                    ]), whenNull: "no finger is on the chart"),
                "The dimmed part of the line, right of the scrubber."),
            StateField(
                "callout",
                .object([
                    StateField("visible", .bool, "Whether a finger is on the chart."),
                    StateField(
                        "opacity", .fraction, "Fades in and out over 150 ms ease-out (at once in minimal mode)."),
                    StateField(
                        "index", .integer("point index", 0...29), "The point it shows.",
                        presentWhen: "a point was touched since the last load (kept while it fades out)"),
                    StateField(
                        "date", .text, "The point's short date, e.g. `Jan 5`.",
                        presentWhen: "a point was touched since the last load"),
                    StateField(
                        "amount", .number(moneyUnit, 0...1e15), "The point's amount.",
                        presentWhen: "a point was touched since the last load"),
                    StateField(
                        "value", .number(moneyUnit),
                        "The amount shown, counting to a new point's amount on a critically damped spring (0.3 s full, 0.2 s reduced, at once minimal).",
                        presentWhen: "a point was touched since the last load"),
                    StateField(
                        "text", .text, "`value` as US dollars.", presentWhen: "a point was touched since the last load"),
                    StateField(
                        "accessibilityLabel", .text, "The point's VoiceOver reading.",
                        presentWhen: "a point was touched since the last load"),
                ]), "The callout above the snapped point."),
            StateField(
                "selected",
                .nullable(
                    .object([
                        StateField("index", .integer("point index", 0...29), "The tapped point."),
                        StateField("date", .text, "Its day, \(isoDateMeaning)."),
                        StateField("value", .number(moneyUnit, 0...1e15), "Its amount."),
                        StateField("accessibilityLabel", .text, "Its VoiceOver reading."),
                        StateField(
                            "transactions",
                            .array(
                                .object([
                                    StateField("id", .text, "The transaction's id."),
                                    StateField(
                                        "description", .nullable(.text, whenNull: "the transaction has none"),
                                        "Its description."),
                                    StateField(
                                        "amount", .nullable(.number(moneyUnit), whenNull: "the transaction has none"),
                                        "Its (negative) amount."),
                                ])), "The day's spending transactions (drill-down)."),
                    ]), whenNull: "no point was tapped since the last load"),
                "The last point tapped (`ui.tap {target: dashboard/chart, point}`)."),
            StateField(
                "burst",
                .nullable(
                    .object([
                        StateField("point", .integer("point index", 0...29), "The tapped point."),
                        StateField("color", .string(choices: ["gold"]), "Always gold."),
                        StateField("count", .integer("particles", 12...12), "12 particles."),
                        StateField("startedAt", .milliseconds, "When the tap burst them."),
                        StateField("progress", .fraction, "0 → 1 linear over 600 ms."),
                        StateField(
                            "particles",
                            .array(
                                .object([
                                    StateField(
                                        "angle", .number("degrees", 0...360),
                                        "Its direction (from the session's seeded random numbers)."),
                                    StateField(
                                        "distance", .number("pt", 0...32),
                                        "How far it has flown: 16–32 pt × easeOut(progress)."),
                                    StateField("opacity", .fraction, "1 − progress."),
                                ])), "The particles."),
                    ]), whenNull: "no burst is flying (only full mode bursts)"),
                "The gold particle burst of a tap in full mode, for 600 ms."),
            StateField(
                "series",
                .object([
                    StateField("days7", seriesShape, "The 7-day series."),
                    StateField("days30", seriesShape, "The 30-day series."),
                ]), "Both ranges' series, whichever is shown."),
            StateField(
                "accessibility",
                .object([
                    StateField("label", .text, "VoiceOver's summary, e.g. `Spending chart, 7 days, trending down`."),
                    StateField(
                        "hint", .string(choices: ["Touch and hold to explore daily spending"]), "VoiceOver's hint."),
                    StateField("points", .array(.text), "Each point's VoiceOver reading."),
                ]), "What VoiceOver reads (seed 003)."),
        ]), "The dashboard's spending trends chart (seed 003).")

    static let chartTraceEvents: [TraceEventKind] = [
        TraceEventKind(
            FinPessoalTraceKind.chartReveal,
            "A load ended and the chart's reveal was planned (it starts at `startsAt`).",
            fields: [
                StateField("style", .string(choices: ["animated", "static"]), "Animated in full mode, else static."),
                StateField("startsAt", .milliseconds, "R: when the chart card's reveal starts."),
            ]),
        TraceEventKind(
            FinPessoalTraceKind.chartSnap,
            "The scrubber snapped to a point: on `ui.touch`, and on a `ui.drag` that changed the point.",
            fields: [
                StateField("index", .integer("point index", 0...29), "The point."),
                StateField("x", .fraction, "The finger's position."),
            ]),
        TraceEventKind(
            FinPessoalTraceKind.chartReleased, "The finger left the chart (`ui.release`).",
            fields: [StateField("index", .integer("point index", 0...29), "The point it was on.")]),
        TraceEventKind(
            FinPessoalTraceKind.chartTap, "A data point was tapped.",
            fields: [StateField("index", .integer("point index", 0...29), "The point.")]),
    ]

    static let chartHapticSources: [HapticSource] = [
        HapticSource("chart.snap", [.light], "`ui.touch` on the chart: the scrubber snaps to a point."),
        HapticSource("chart.scrub", [.selection], "A `ui.drag` moved the scrubber to another point."),
        HapticSource("chart.tap", [.medium], "A data point was tapped."),
    ]
}
