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

    /// Parses ISO 8601 `YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH:MM]` (no zone means UTC). Returns nil when malformed.
    public init?(iso8601 text: String) {
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
        guard let year = number(4), expect(45), let month = number(2), expect(45), let day = number(2) else {
            return nil
        }
        guard index < chars.count, chars[index] == 84 || chars[index] == 116 || chars[index] == 32 else { return nil }
        index += 1
        guard let hour = number(2), expect(58), let minute = number(2) else { return nil }
        var second = 0
        var millis = 0
        if expect(58) {
            guard let s = number(2) else { return nil }
            second = s
            if expect(46) {
                var scale = 100
                var digits = 0
                while index < chars.count, chars[index] >= 48, chars[index] <= 57 {
                    millis += Int(chars[index] - 48) * scale
                    scale /= 10
                    index += 1
                    digits += 1
                }
                guard digits > 0 else { return nil }
            }
        }
        var offset = 0
        if index < chars.count {
            if chars[index] == 90 || chars[index] == 122 {
                index += 1
            } else if chars[index] == 43 || chars[index] == 45 {
                let sign = chars[index] == 45 ? -1 : 1
                index += 1
                guard let oh = number(2) else { return nil }
                _ = expect(58)
                guard let om = number(2) else { return nil }
                offset = sign * (oh * 60 + om)
            }
        }
        guard index == chars.count, (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60,
            second < 61
        else { return nil }
        let days = WallClock.daysFromCivil(year: year, month: month, day: day)
        let localSeconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        epochMillisecondsAtStart = (localSeconds - Int64(offset * 60)) * 1000 + Int64(millis)
        utcOffsetMinutes = offset
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
