import ChoreoEngine

/// One spending series as the state shows it (`chart.series.days7`, `days30`).
extension SpendingSeries: StateObject {
    static let fields: [StateProperty<SpendingSeries>] = [
        StateProperty("days", \.days, .integer("days", 7...30), "7 or 30."),
        StateProperty("total", \.total, .number(FinPessoalApp.moneyUnit, 0...1e15), "What was spent over the range."),
        StateProperty(
            "maxValue", \.maxValue, .number(FinPessoalApp.moneyUnit, 0...1e15), "The largest day's spending."),
        StateProperty(
            "minValue", \.minValue, .number(FinPessoalApp.moneyUnit, 0...1e15), "The smallest day's spending."),
        StateProperty(
            "trend", \.trend, .choice(SpendingSeries.Trend.self),
            "The least-squares change over the range against 5% of the mean day."),
        StateProperty(
            "summary", \.summary, .text, "VoiceOver's summary, e.g. `Spending chart, 7 days, trending down`."),
        dateRange("The range's first and last day."),
        StateProperty("points", \.points, .array(ChartDataPoint.shape), "One point per day, oldest first."),
    ]

    /// The range's first and last day (`dateRange`), for the series and the chart.
    static func dateRange<Root>(_ meaning: String, _ series: @escaping @Sendable (Root) -> SpendingSeries)
        -> StateProperty<Root>
    {
        .group(
            "dateRange", meaning,
            [
                StateProperty(
                    "from", { series($0).points.first?.date ?? "" }, .text,
                    "The first day, \(FinPessoalApp.isoDateMeaning)."),
                StateProperty(
                    "to", { series($0).points.last?.date ?? "" }, .text,
                    "The last day (today), \(FinPessoalApp.isoDateMeaning)."),
            ])
    }

    static func dateRange(_ meaning: String) -> StateProperty<SpendingSeries> { dateRange(meaning) { $0 } }
}

/// One day of a series as `chart.series.*.points` shows it.
extension ChartDataPoint: StateObject {
    static let fields: [StateProperty<ChartDataPoint>] = [
        StateProperty("date", \.date, .text, "The day, \(FinPessoalApp.isoDateMeaning)."),
        StateProperty(
            "value", \.value, .number(FinPessoalApp.moneyUnit, 0...1e15),
            "What was spent that day (its negative amounts, as a positive sum)."),
        StateProperty(
            "transactions", \.transactions, .array(.text),
            "The ids of the day's spending transactions, in data order."),
    ]
}
