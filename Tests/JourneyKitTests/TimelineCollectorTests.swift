import Testing

@testable import JourneyKit

/// How the HTML report's collector reads a check: the numbers a matcher accepts, and whether a curve is the value.
@Suite("Timeline checks") struct TimelineCollectorTests {
    @Test func aMatcherGivesTheRangeItAcceptsAndTheValueToMark() throws {
        let approx = try #require(TimelineCollector.range(.approx(0.5, tol: 0.01)))
        #expect(approx.low == 0.49 && approx.high == 0.51 && approx.expected == 0.5)
        let exact = try #require(TimelineCollector.range(.equals(600)))
        #expect(exact.low == 600 && exact.high == 600 && exact.expected == 600)
        let atLeast = try #require(TimelineCollector.range(.greaterThanOrEqual(59)))
        #expect(atLeast.low == 59 && atLeast.high == .infinity && atLeast.expected == 59)
        let between = try #require(TimelineCollector.range(.all([.greaterThan(0), .lessThan(1)])))
        #expect(between.low == 0 && between.high == 1 && between.expected == 0.5)
        #expect(TimelineCollector.range(.equals("presented")) == nil)
        #expect(TimelineCollector.range(.equals(true)) == nil)
        #expect(TimelineCollector.range(.absent(true)) == nil)
    }

    @Test func aCheckGoesOnACurveOnlyWhereTheCurveIsTheValue() {
        let ramp = [TimelineData.Point(t: 0, v: 0), TimelineData.Point(t: 100, v: 1)]
        #expect(TimelineCollector.agrees(ramp, at: 50, with: 0.5))
        #expect(TimelineCollector.agrees(ramp, at: 50, with: 0.52))
        // A value derived from the animated one (30% of it) is not on its curve.
        #expect(!TimelineCollector.agrees(ramp, at: 50, with: 0.15))
        // Held before the first sample and after the last.
        #expect(TimelineCollector.agrees(ramp, at: -10, with: 0))
        #expect(TimelineCollector.agrees(ramp, at: 400, with: 1))
        #expect(!TimelineCollector.agrees([], at: 0, with: 0))
    }
}
