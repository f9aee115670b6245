/// The session's virtual wall clock: a fixed instant at the session's start that advances with virtual time.
/// Only UTC arithmetic on integers; the host's clock and time zone are never read.
public struct WallClock: Sendable, Hashable {
    /// Milliseconds since 1970-01-01T00:00:00Z at virtual time zero.
    public var epochMillisecondsAtStart: Int64
    /// The offset from UTC of the time zone the app lives in, in minutes (from the ISO 8601 text).
    public var utcOffsetMinutes: Int

    /// 2026-01-05T09:00:00Z, a Monday morning: the default when a session names no wall clock.
    public static let `default` = WallClock(epochMillisecondsAtStart: 1_767_603_600_000, utcOffsetMinutes: 0)

    public init(epochMillisecondsAtStart: Int64, utcOffsetMinutes: Int) {
        self.epochMillisecondsAtStart = epochMillisecondsAtStart
        self.utcOffsetMinutes = utcOffsetMinutes
    }

    /// Parses ISO 8601 `YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH:MM]` (no zone means UTC). Returns nil when the text is
    /// malformed or names no instant; ``parse(_:)`` says why.
    public init?(iso8601 text: String) {
        guard case .success(let clock) = WallClock.parse(text) else { return nil }
        self = clock
    }

    /// The ISO 8601 forms the wall clock accepts, for error messages.
    public static let expectedForm =
        "an ISO 8601 date-time YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH:MM] such as 2026-01-05T09:00:00Z"

    /// Parses ISO 8601 `YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH:MM]` (no zone means UTC), or says why the text names no
    /// instant: a day the month does not have (2026-02-29, 04-31), an hour past 23, a minute or second past 59 (no
    /// leap seconds), an offset past ±14:00 or with minutes past 59, or digits below the millisecond that are not 0
    /// (the clock keeps milliseconds, and dropping digits silently would move the instant).
    public static func parse(_ text: String) -> Result<WallClock, WallClockError> {
        let chars = Array(text.utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= chars.count else { return nil }
            var value = 0
            for _ in 0..<digits {
                let c = chars[index]
                guard c >= 48, c <= 57 else { return nil }
                value = value * 10 + Int(c - 48)
                index += 1
            }
            return value
        }
        func expect(_ c: UInt8) -> Bool {
            guard index < chars.count, chars[index] == c else { return false }
            index += 1
            return true
        }
        let malformed = Result<WallClock, WallClockError>.failure(.malformed)
        guard let year = number(4), expect(45), let month = number(2), expect(45), let day = number(2) else {
            return malformed
        }
        guard index < chars.count, chars[index] == 84 || chars[index] == 116 || chars[index] == 32 else {
            return malformed
        }
        index += 1
        guard let hour = number(2), expect(58), let minute = number(2) else { return malformed }
        var second = 0
        var millis = 0
        if expect(58) {
            guard let s = number(2) else { return malformed }
            second = s
            if expect(46) {
                var scale = 100
                var digits = 0
                var belowMillisecond = false
                while index < chars.count, chars[index] >= 48, chars[index] <= 57 {
                    let digit = Int(chars[index] - 48)
                    if digits < 3 { millis += digit * scale } else if digit != 0 { belowMillisecond = true }
                    scale /= 10
                    index += 1
                    digits += 1
                }
                guard digits > 0 else { return malformed }
                if belowMillisecond { return .failure(.belowMillisecond) }
            }
        }
        var offset = 0
        if index < chars.count {
            if chars[index] == 90 || chars[index] == 122 {
                index += 1
            } else if chars[index] == 43 || chars[index] == 45 {
                let sign = chars[index] == 45 ? -1 : 1
                index += 1
                guard let oh = number(2) else { return malformed }
                _ = expect(58)
                guard let om = number(2) else { return malformed }
                guard om < 60, oh * 60 + om <= 14 * 60 else { return .failure(.offsetOutOfRange) }
                offset = sign * (oh * 60 + om)
            }
        }
        guard index == chars.count else { return malformed }
        guard (1...12).contains(month), (1...WallClock.daysIn(month: month, year: year)).contains(day) else {
            return .failure(.noSuchDay(year: year, month: month, day: day))
        }
        guard hour < 24, minute < 60, second < 60 else { return .failure(.noSuchTime) }
        let days = WallClock.daysFromCivil(year: year, month: month, day: day)
        let localSeconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return .success(
            WallClock(
                epochMillisecondsAtStart: (localSeconds - Int64(offset * 60)) * 1000 + Int64(millis),
                utcOffsetMinutes: offset))
    }

    /// The days of a month of the proleptic Gregorian calendar.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The last virtual time whose local wall-clock time ISO 8601's four-digit years can still print
    /// (9999-12-31T23:59:59.999 local); nil when even time zero is past it.
    public var lastVirtualTime: VirtualTime? {
        let lastLocalMs = Int64(WallClock.daysFromCivil(year: 9999, month: 12, day: 31) + 1) * 86_400_000 - 1
        let startLocalMs = epochMillisecondsAtStart + Int64(utcOffsetMinutes) * 60_000
        guard lastLocalMs >= startLocalMs else { return nil }
        let (nanoseconds, overflow) = (lastLocalMs - startLocalMs).multipliedReportingOverflow(by: 1_000_000)
        return overflow ? nil : VirtualTime(nanoseconds: nanoseconds + 999_999)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The civil date of a day count since 1970-01-01.
    public static func civil(fromDays z0: Int) -> (year: Int, month: Int, day: Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// The local wall-clock components at a virtual time.
    public func components(at time: VirtualTime) -> (
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, millisecond: Int
    ) {
        let epochMs = epochMillisecondsAtStart + time.nanoseconds / 1_000_000 + Int64(utcOffsetMinutes) * 60_000
        var days = Int(epochMs / 86_400_000)
        var msOfDay = Int(epochMs % 86_400_000)
        if msOfDay < 0 {
            msOfDay += 86_400_000
            days -= 1
        }
        let date = WallClock.civil(fromDays: days)
        return (
            date.year, date.month, date.day, msOfDay / 3_600_000, msOfDay / 60_000 % 60, msOfDay / 1000 % 60,
            msOfDay % 1000
        )
    }

    /// The local hour (0–23) at a virtual time.
    public func hour(at time: VirtualTime) -> Int { components(at: time).hour }

    /// The wall-clock time at a virtual time as ISO 8601 with milliseconds and the session's UTC offset.
    public func iso8601(at time: VirtualTime) -> String {
        let c = components(at: time)
        // Digits written straight into bytes: this runs for every `clock.now` and event, and string interpolation
        // with padding cost more than the rest of the reply.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(29)
        func put(_ value: Int, _ width: Int) {
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            var v = value
            if v < 0 || v >= divisor * 10 {  // a year before 0 or past 9999: as Swift prints it
                bytes.append(contentsOf: String(v).utf8)
                return
            }
            while divisor > 0 {
                bytes.append(UInt8(48 + v / divisor))
                v %= divisor
                divisor /= 10
            }
        }
        put(c.year, 4)
        bytes.append(45)  // -
        put(c.month, 2)
        bytes.append(45)
        put(c.day, 2)
        bytes.append(84)  // T
        put(c.hour, 2)
        bytes.append(58)  // :
        put(c.minute, 2)
        bytes.append(58)
        put(c.second, 2)
        bytes.append(46)  // .
        put(c.millisecond, 3)
        if utcOffsetMinutes == 0 {
            bytes.append(90)  // Z
        } else {
            bytes.append(utcOffsetMinutes < 0 ? 45 : 43)  // - or +
            let m = abs(utcOffsetMinutes)
            put(m / 60, 2)
            bytes.append(58)
            put(m % 60, 2)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Why a text names no wall-clock instant.
public enum WallClockError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not of the form `YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH:MM]`.
    case malformed
    /// A month that does not exist, or a day the month does not have.
    case noSuchDay(year: Int, month: Int, day: Int)
    /// An hour past 23, or a minute or second past 59.
    case noSuchTime
    /// An offset past ±14:00, or with minutes past 59.
    case offsetOutOfRange
    /// Non-zero digits below the millisecond.
    case belowMillisecond

    public var description: String {
        switch self {
        case .malformed:
            return WallClock.expectedForm
        case .noSuchDay(let year, let month, let day):
            guard (1...12).contains(month) else { return "a month from 01 to 12 (\(month) names none)" }
            return "a day that exists: \(year)-\(month < 10 ? "0" : "")\(month) has "
                + "\(WallClock.daysIn(month: month, year: year)) days (\(day) names none)"
        case .noSuchTime:
            return "a time that exists: hours 00–23, minutes and seconds 00–59 (no leap seconds)"
        case .offsetOutOfRange:
            return "a UTC offset from -14:00 to +14:00 with minutes 00–59"
        case .belowMillisecond:
            return "at most millisecond precision: digits after the third of the fraction must be 0 (the clock keeps "
                + "milliseconds)"
        }
    }
}
