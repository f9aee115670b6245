import ChoreoEngine
import ChoreoJSON

/// One day of the spending chart (seed 003's ChartDataPoint): the day, what was spent, and the transactions that
/// make it up (drill-down data).
struct ChartDataPoint: Sendable, Hashable {
    /// Days since 1970-01-01 in the session's time zone.
    var day: Int
    /// What was spent that day: the sum of the day's negative amounts, as a positive number.
    var value: Double
    /// The ids of the day's spending transactions, in data order.
    var transactions: [String]

    var date: String { CalendarText.isoDate(day) }

    /// VoiceOver's reading of the point, e.g. "Monday, January 27, $234.50".
    var accessibilityLabel: String { "\(CalendarText.longDate(day)), \(CalendarText.money(value))" }
}

/// A 7-day or 30-day spending series ending today (seed 003's SpendingTrendsData), from the session's transactions.
/// Today is the session's wall-clock date at the current virtual time, in the session's time zone.
struct SpendingSeries: Sendable, Hashable {
    /// The ranges the chart offers.
    static let ranges = [7, 30]

    enum Trend: String, Sendable, Hashable {
        case up, down, steady
    }

    var days: Int
    var points: [ChartDataPoint]

    /// The series of `days` days ending on `today` (inclusive). Transactions without a `YYYY-MM-DD` date, with a
    /// non-negative amount (income) or outside the range are not spending in it.
    init(days: Int, endingOn today: Int, data: FinData) {
        self.days = days
        let first = today - days + 1
        var points = (0..<days).map { ChartDataPoint(day: first + $0, value: 0, transactions: []) }
        for transaction in data.transactions {
            guard let amount = transaction.amount, amount < 0,
                let day = transaction.date.flatMap(CalendarText.day(fromISODate:)), day >= first, day <= today
            else { continue }
            points[day - first].value += -amount
            points[day - first].transactions.append(transaction.id)
        }
        self.points = points
    }

    /// The series the chart shows now.
    init(days: Int, data: FinData, world: World) {
        self.init(days: days, endingOn: CalendarText.today(world), data: data)
    }

    var maxValue: Double { points.map(\.value).max() ?? 0 }
    var minValue: Double { points.map(\.value).min() ?? 0 }
    var total: Double { points.reduce(0) { $0 + $1.value } }

    /// The least-squares trend: the fitted line's change over the range compared with the mean day; beyond ±5% of
    /// the mean it is up or down, otherwise steady.
    var trend: Trend {
        let n = Double(points.count)
        guard points.count > 1 else { return .steady }
        let mean = total / n
        guard mean > 0 else { return .steady }
        let meanX = (n - 1) / 2
        var numerator = 0.0
        var denominator = 0.0
        for (i, point) in points.enumerated() {
            numerator += (Double(i) - meanX) * (point.value - mean)
            denominator += (Double(i) - meanX) * (Double(i) - meanX)
        }
        let change = numerator / denominator * (n - 1)
        if change > 0.05 * mean { return .up }
        if change < -0.05 * mean { return .down }
        return .steady
    }

    /// VoiceOver's summary, e.g. "Spending chart, 7 days, trending down".
    var summary: String {
        let trendText: String
        switch trend {
        case .up: trendText = "trending up"
        case .down: trendText = "trending down"
        case .steady: trendText = "holding steady"
        }
        return "Spending chart, \(days) days, \(trendText)"
    }

    /// The position of point i across the plot (0…1).
    func x(_ index: Int) -> Double { points.count > 1 ? Double(index) / Double(points.count - 1) : 0 }

    /// The point nearest to a position across the plot (halfway between two points snaps to the later one).
    func nearestIndex(to x: Double) -> Int {
        guard points.count > 1 else { return 0 }
        let index = Int((min(max(x, 0), 1) * Double(points.count - 1)).rounded(.toNearestOrAwayFromZero))
        return min(max(index, 0), points.count - 1)
    }

}

/// Calendar arithmetic and US-English texts for dates and money, on whole days since 1970-01-01 (no host calendar).
enum CalendarText {
    static let weekdays = ["Thursday", "Friday", "Saturday", "Sunday", "Monday", "Tuesday", "Wednesday"]
    static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    /// Today in the session's time zone.
    static func today(_ world: World) -> Int {
        let c = world.wallClock.components(at: world.now)
        return WallClock.daysFromCivil(year: c.year, month: c.month, day: c.day)
    }

    /// The day of a `YYYY-MM-DD` text (anything after the tenth character is ignored); nil when malformed.
    static func day(fromISODate text: String) -> Int? {
        let chars = Array(text.utf8.prefix(10))
        guard chars.count == 10, chars[4] == 45, chars[7] == 45 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                guard chars[i] >= 48, chars[i] <= 57 else { return nil }
                value = value * 10 + Int(chars[i] - 48)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), (1...12).contains(month),
            (1...31).contains(day)
        else { return nil }
        return WallClock.daysFromCivil(year: year, month: month, day: day)
    }

    static func isoDate(_ day: Int) -> String {
        let c = WallClock.civil(fromDays: day)
        return "\(c.year)-\(c.month < 10 ? "0" : "")\(c.month)-\(c.day < 10 ? "0" : "")\(c.day)"
    }

    /// The year and month of a day.
    static func month(_ day: Int) -> (year: Int, month: Int) {
        let c = WallClock.civil(fromDays: day)
        return (c.year, c.month)
    }

    /// "Monday".
    static func weekday(_ day: Int) -> String { weekdays[((day % 7) + 7) % 7] }

    /// "Monday, January 27".
    static func longDate(_ day: Int) -> String {
        let c = WallClock.civil(fromDays: day)
        return "\(weekday(day)), \(months[c.month - 1]) \(c.day)"
    }

    /// "Jan 27", the callout's date.
    static func shortDate(_ day: Int) -> String {
        let c = WallClock.civil(fromDays: day)
        return "\(months[c.month - 1].prefix(3)) \(c.day)"
    }

    /// US dollars with thousands separators and cents: "$1,234.50", "-$4.50".
    static func money(_ amount: Double) -> String {
        let cents = Int64(saturating: (abs(amount) * 100).rounded())
        var whole = String(cents / 100)
        var grouped = ""
        while whole.count > 3 {
            grouped = "," + whole.suffix(3) + grouped
            whole = String(whole.dropLast(3))
        }
        let fraction = cents % 100
        let text = "$\(whole)\(grouped).\(fraction < 10 ? "0" : "")\(fraction)"
        return amount < 0 && cents > 0 ? "-\(text)" : text
    }
}
