import ChoreoJSON
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

    @Test func fingerPositionsJoinTheirLaneAsSteps() {
        // A spring brought the sheet to rest at 0 by 1325 ms; a drag puts it at 50 at 1400 ms, a second at 80.
        let spring = TimelineData.Series(
            path: "sheet.offset", points: [.init(t: 0, v: 600), .init(t: 1325, v: 0)])
        let gestures: [(t: Double, method: String, reply: JSONValue)] = [
            (1400, "ui.drag", ["dragged": true, "offset": 50]), (1500, "ui.drag", ["offset": 80]),
            (1500, "ui.tap", ["tapped": true]),
        ]
        // The lanes as app.describe gives them: FinPessoal's pull indicator, AirFit's sheet.
        let fingers = TimelineCollector.fingerLanes(in: [
            "fingers": [
                ["replyField": "pullDistance", "path": "refresh.pullDistance"],
                ["replyField": "offset", "path": "sheet.offset"],
            ]
        ])
        #expect(fingers.map(\.field) == ["pullDistance", "offset"])
        let drawn = TimelineCollector.addingFingerPositions(gestures, fingers: fingers, to: [spring])
        #expect(drawn.count == 1)
        #expect(
            drawn[0].points.map { [$0.t, $0.v] } == [
                [0, 600], [1325, 0], [1400, 0], [1400, 50], [1500, 50], [1500, 80],
            ])
        // A pull with no animation yet starts a lane of its own; the same value twice adds nothing.
        let pulls: [(t: Double, method: String, reply: JSONValue)] = [
            (0, "ui.pull", ["pullDistance": 0]), (0, "ui.pull", ["pullDistance": 30]),
            (50, "ui.pull", ["pullDistance": 30]),
        ]
        let pulled = TimelineCollector.addingFingerPositions(pulls, fingers: fingers, to: [])
        #expect(TimelineCollector.addingFingerPositions(pulls, fingers: [], to: []).isEmpty, "an app without lanes")
        #expect(pulled.map(\.path) == ["refresh.pullDistance"])
        #expect(pulled.first?.points.map { [$0.t, $0.v] } == [[0, 0], [0, 0], [0, 30]])
    }

    @Test func aLaneThatNamesItsMethodsReadsOnlyTheirReplies() {
        let fingers = TimelineCollector.fingerLanes(in: [
            "fingers": [["replyField": "index", "path": "chart.scrubber.index", "methods": ["ui.touch", "ui.drag"]]]
        ])
        let gestures: [(t: Double, method: String, reply: JSONValue)] = [
            (0, "ui.touch", ["touched": true, "index": 2]), (100, "ui.drag", ["index": 5]),
            (200, "ui.release", ["index": 5]), (300, "ui.tap", ["tapped": true, "index": 0]),
        ]
        let drawn = TimelineCollector.addingFingerPositions(gestures, fingers: fingers, to: [])
        #expect(drawn.map(\.path) == ["chart.scrubber.index"])
        #expect(
            drawn.first?.points.map { [$0.t, $0.v] } == [[0, 2], [100, 2], [100, 5]], "the tap's index is not read")
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
        // A drag at 1400 ms: a check at 1400 ms before it (0) and one after it (50) are both on the curve.
        let dragged = [
            TimelineData.Point(t: 0, v: 600), .init(t: 1325, v: 0), .init(t: 1400, v: 0), .init(t: 1400, v: 50),
        ]
        #expect(TimelineCollector.agrees(dragged, at: 1400, with: 0))
        #expect(TimelineCollector.agrees(dragged, at: 1400, with: 50))
        #expect(!TimelineCollector.agrees(dragged, at: 1400, with: 300))
    }
}
