import Testing

@testable import ChoreoEngine

/// Reading a session's history by time (`animations.list {since}`) and counting what drives a property.
@Suite struct TimelineHistoryTests {
    @Test func recordsSinceATimeAreFoundByBisectionIncludingEqualTimes() {
        var timeline = Timeline()
        let curve = AnimationCurve.linear(0.1)
        for (index, ms) in [0.0, 0, 10, 10, 10, 25, 40].enumerated() {
            // From −1: a property never seen animated without `from` starts at its target and changes nothing.
            _ = timeline.animate(
                "v\(index % 3)", from: -1, to: Double(index), curve: curve, source: "test",
                at: VirtualTime(milliseconds: ms)!)
        }
        func ids(since ms: Double) -> [Int] {
            timeline.records(requestedSince: VirtualTime(milliseconds: ms)!).map(\.id)
        }
        #expect(ids(since: 0) == [1, 2, 3, 4, 5, 6, 7])
        #expect(ids(since: 10) == [3, 4, 5, 6, 7], "every record requested at 10, the first included")
        #expect(ids(since: 10.5) == [6, 7])
        #expect(ids(since: 41).isEmpty)
        #expect(timeline.drivingCount == 3, "three properties, one animation driving each")
    }
}
