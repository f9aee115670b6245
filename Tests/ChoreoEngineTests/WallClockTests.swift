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
}
