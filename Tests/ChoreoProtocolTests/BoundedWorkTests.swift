import ChoreoApps
import ChoreoJSON
import Testing

@testable import ChoreoProtocol

/// Issue 42, case 6: sessionless work runs outside the daemon's lock and is bounded.
@Suite(.timeLimit(.minutes(1)))
struct BoundedWorkTests {
    private static let undamped: JSONValue = ["spring": ["response": 0.4, "dampingFraction": 0]]

    /// What `method` leaves to run once the daemon's lock is let go, if anything (its begin runs under the lock).
    private func startsOutsideTheLock(_ method: String, _ params: JSONValue, _ h: Harness) throws -> Bool {
        let dispatch = try #require(h.state.dispatch[method])
        let started = try h.daemon.withLock { (state: inout DaemonState) throws(RPCError) in
            try dispatch.begin(params, state: &state, context: RequestContext(connection: 1, uptimeMs: 0))
        }
        if case .later = started { return true }
        return false
    }

    @Test func motionSampleAndAuditRunOutsideTheDaemonsLock() throws {
        let h = Harness()
        #expect(try startsOutsideTheLock("motion.sample", ["curve": Self.undamped, "at": [100]], h))
        #expect(try startsOutsideTheLock("motion.audit", [:], h))
    }

    @Test func aCurveThatNeverSettlesIsRefusedPastTheFrameLimit() {
        var h = Harness()
        h.state.limits.maxSampleFrames = 1000
        // 1000 frames at 60 fps are 16.7 s: an undamped spring still runs then.
        let refused = h.call("motion.sample", ["curve": Self.undamped, "at": [1e9], "physics": "swiftui"])
        #expect(refused["code"] == -32010)
        #expect(refused["data"]?["limit"] == "sampleFrames")
        #expect(refused["data"]?["maximum"] == 1000)
        let repeating: JSONValue = ["spring": ["response": 0.4, "dampingFraction": 0.8], "repeatForever": true]
        let loop = h.call("motion.sample", ["curve": repeating, "at": [1e9], "physics": "swiftui"])
        #expect(loop["data"]?["limit"] == "sampleFrames", "a repeating spring is stepped too: \(loop)")
        // Within the limit it is sampled; in closed form, at any time.
        let near = h.call("motion.sample", ["curve": Self.undamped, "at": [10_000], "physics": "swiftui"])
        #expect(near["values"]?.arrayValue?.count == 1)
        let ideal = h.call("motion.sample", ["curve": Self.undamped, "at": [1e9], "physics": "ideal"])
        #expect(ideal["values"]?.arrayValue?.count == 1)
        // A curve that settles is removed long before the limit, however far out it is sampled.
        let settling: JSONValue = ["spring": ["response": 0.4, "dampingFraction": 0.8]]
        #expect(h.call("motion.sample", ["curve": settling, "at": [1e9], "physics": "swiftui"])["values"] == [1])
    }

}
