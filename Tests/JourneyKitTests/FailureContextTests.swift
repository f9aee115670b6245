import ChoreoJSON
import Testing

@testable import JourneyKit

/// What a failure shows around it: the trace near the failing step and, for a settle timeout, blockers first.
@Suite("Failure context")
struct FailureContextTests {
    private func event(_ seq: Int, _ t: Double, _ kind: String) -> JSONValue {
        ["seq": .int(Int64(seq)), "t": .number(t), "kind": .string(kind)]
    }

    @Test func theExcerptLeavesOutTheStartUpAndKeepsTheStepsAroundTheFailure() {
        let trace: [JSONValue] = [
            event(1, 0, "session.created"), event(2, 0, "gradient.added"), event(3, 0, "animation.started"),
            event(4, 0, "action"), event(5, 0, "navigation"), event(6, 100, "action"), event(7, 200, "action"),
            event(8, 250, "haptic"),
        ]
        let excerpt = JourneyRunner.traceExcerpt(trace, fromMs: 100, limit: 12)
        #expect(excerpt.map { $0["seq"] } == [6, 7, 8])
        let early = JourneyRunner.traceExcerpt(trace, fromMs: 0, limit: 12)
        #expect(early.map { $0["seq"] } == [4, 5, 6, 7, 8])
        #expect(JourneyRunner.traceExcerpt(trace, fromMs: 0, limit: 2).map { $0["seq"] } == [7, 8])
    }

    @Test func beforeAnyActionTheStartUpIsAllThereIsAndIsShown() {
        let trace: [JSONValue] = [event(1, 0, "session.created"), event(2, 0, "gradient.added")]
        #expect(JourneyRunner.traceExcerpt(trace, fromMs: 0, limit: 12).count == 2)
    }

    @Test func aSettleTimeoutNamesBlockersFirstThenLoopsEachWithItsSource() {
        let running: JSONValue = [
            ["path": "gradients.goals/card/g1.phase", "infinite": true, "source": "gradient", "value": 0.1],
            ["path": "lab.values.x", "infinite": false, "source": "lab", "value": 0.5, "settlesAt": 900],
            ["timer": 3, "name": "celebration.end", "owner": "finpessoal", "firesAt": 1200],
        ]
        #expect(
            SettleStep.describe(running: running)
                == "blocked by lab.values.x = 0.5 (lab), settles at 900 ms; timer celebration.end (finpessoal) fires "
                + "at 1200 ms. Endless loops, which never block: gradients.goals/card/g1.phase (gradient)")
    }
}
