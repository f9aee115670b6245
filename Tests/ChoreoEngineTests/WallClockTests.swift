import ChoreoEngine
import Testing

struct WallClockTests {
    @Test(arguments: [
        ("2026-01-05T09:00:00Z", "2026-01-05T09:00:00.000Z"),
        ("2026-03-01T23:59:59.5+02:00", "2026-03-01T23:59:59.500+02:00"),
        ("2024-02-29T00:00", "2024-02-29T00:00:00.000Z"),
        ("0009-01-02T03:04:05.006-05:30", "0009-01-02T03:04:05.006-05:30"),
        ("0000-01-01T00:00:00+01:00", "0000-01-01T00:00:00.000+01:00"),
    ])
    func parsesAndPrintsISO8601(_ text: String, _ printed: String) throws {
        let clock = try #require(WallClock(iso8601: text))
        #expect(clock.iso8601(at: .zero) == printed)
    }

    @Test(arguments: [
        "", "2026-13-01T00:00:00Z", "2026-01-01", "2026-01-01T25:00:00Z", "noon", "2026-01-01T00:00:00Zjunk",
    ])
    func rejectsMalformedText(_ text: String) {
        #expect(WallClock(iso8601: text) == nil)
    }

    @Test func advancesWithVirtualTimeInTheLocalZone() throws {
        let clock = try #require(WallClock(iso8601: "2026-01-05T23:30:00-03:00"))
        #expect(clock.hour(at: .zero) == 23)
        #expect(clock.hour(at: .milliseconds(3_600_000)) == 0)
        #expect(clock.iso8601(at: .milliseconds(3_600_000)) == "2026-01-06T00:30:00.000-03:00")
    }

    @Test(arguments: [
        ("2026-02-29T00:00:00Z", "2026-02 has 28 days (29 names none)"),
        ("2026-02-30T00:00:00Z", "2026-02 has 28 days (30 names none)"),
        ("2026-04-31T00:00:00Z", "2026-04 has 30 days (31 names none)"),
        ("1900-02-29T00:00:00Z", "1900-02 has 28 days (29 names none)"),
        ("2026-01-01T00:00:00+05:60", "a UTC offset from -14:00 to +14:00 with minutes 00–59"),
        ("2026-01-01T00:00:00+24:00", "a UTC offset from -14:00 to +14:00 with minutes 00–59"),
        ("2026-01-01T00:00:00+14:01", "a UTC offset from -14:00 to +14:00 with minutes 00–59"),
        ("2026-01-01T23:59:60Z", "a time that exists: hours 00–23, minutes and seconds 00–59 (no leap seconds)"),
        ("2026-01-01T00:00:00.0001Z", "at most millisecond precision"),
        ("2026-01-01T00:00:00.123456789Z", "at most millisecond precision"),
    ])
    func refusesTextThatNamesNoInstantAndSaysWhy(_ text: String, _ reason: String) {
        guard case .failure(let error) = WallClock.parse(text) else {
            Issue.record("\(text) was accepted")
            return
        }
        #expect(error.description.contains(reason))
    }

    @Test(arguments: [
        ("2000-02-29T00:00:00Z", "2000-02-29T00:00:00.000Z"),
        ("2026-01-01T00:00:00-14:00", "2026-01-01T00:00:00.000-14:00"),
        ("2026-01-01T00:00:00+14:00", "2026-01-01T00:00:00.000+14:00"),
        ("2026-01-01T00:00:00.123000000Z", "2026-01-01T00:00:00.123Z"),
    ])
    func acceptsTheEdgesThatExist(_ text: String, _ printed: String) throws {
        let clock = try #require(WallClock(iso8601: text))
        #expect(clock.iso8601(at: .zero) == printed)
    }

    @Test func theLastPrintableInstantIsTheLastMillisecondOfYear9999() throws {
        let clock = try #require(WallClock(iso8601: "9999-12-31T23:59:59.998+02:00"))
        let last = try #require(clock.lastVirtualTime)
        #expect(last.nanoseconds == 1_999_999)
        #expect(clock.iso8601(at: VirtualTime(nanoseconds: 1_000_000)) == "9999-12-31T23:59:59.999+02:00")
    }
}
