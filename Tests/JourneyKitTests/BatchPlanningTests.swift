import ChoreoJSON
import Testing

@testable import JourneyKit

/// Which calls keep a journey from being batched (``PlannedStep/reachesBeyondSession``): those whose effect or
/// answer reaches past the journey's session, so that running the journey again from the start would not start from
/// the same daemon.
@Suite struct BatchPlanningTests {
    static func call(_ method: String, _ params: JSONValue = [:]) -> CallStep {
        CallStep(method: method, params: params, keepAs: nil, expectError: nil)
    }

    @Test func callsOnTheJourneysOwnSessionAndPureOnesAreBatched() {
        for method in ["lab.animate", "clock.advance", "state.get", "ui.tap", "motion.sample", "rpc.discover"] {
            #expect(!Self.call(method).reachesBeyondSession, "\(method)")
        }
        #expect(!Self.call("state.get", ["session": "${session}"]).reachesBeyondSession)
    }

    @Test func callsThatReachPastItAreNot() {
        for method in [
            "session.create", "session.fork", "session.import", "session.close", "session.list", "daemon.info",
            "events.subscribe", "events.unsubscribe", "daemon.shutdown",
        ] {
            #expect(Self.call(method).reachesBeyondSession, "\(method)")
        }
        #expect(Self.call("state.get", ["session": "${other}"]).reachesBeyondSession)
        #expect(Self.call("clock.advance", ["session": "s1", "ms": 5]).reachesBeyondSession)
    }
}
