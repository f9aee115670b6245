import ChoreoApps
import ChoreoJSON
import Dispatch
import Foundation
import Testing

@testable import ChoreoProtocol

/// Issue 42, cases 6 and 9: sessionless work runs outside the daemon's lock and is bounded; a batch's replies are
/// bounded together; an event's notification is built once for all its subscribers; subscribing never waits for a
/// request running on the session.
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

    @Test func aBatchWhoseRepliesPassTheLimitStopsAndSaysSo() throws {
        var h = Harness()
        h.state.limits.maxReplyBytes = 256 * 1024
        let discover: JSONValue = .array(
            (0..<100).map { ["jsonrpc": "2.0", "id": .int(Int64($0)), "method": "rpc.discover"] })
        let sent = h.send(discover.serialized())
        let reply = try #require(sent)
        #expect(reply["id"] == .null)
        #expect(reply["error"]?["code"] == -32010)
        let data = try #require(reply["error"]?["data"])
        #expect(data["limit"] == "replyBytes" && data["maximum"] == 262_144 && data["requests"] == 100)
        let ran = try #require(data["ran"]?.intValue)
        let one = h.call("rpc.discover").serialized().utf8.count
        #expect(Int(ran) == 262_144 / one + 1, "it stopped at the request that passed the limit")
        // The requests that ran keep their effects; the rest did not run.
        let creates: JSONValue = .array(
            (0..<10).map { _ in ["jsonrpc": "2.0", "id": 1, "method": "session.create"] }
                + (0..<20).map { ["jsonrpc": "2.0", "id": .int(Int64($0)), "method": "rpc.discover"] })
        _ = h.send(creates.serialized())
        #expect(h.call("daemon.info")["sessions"] == 10)
        // A batch under the limit is answered as always.
        let small: JSONValue = .array(
            (0..<3).map { ["jsonrpc": "2.0", "id": .int(Int64($0)), "method": "daemon.info"] })
        #expect(h.send(small.serialized())?.arrayValue?.count == 3)
    }

    @Test func eachEventIsOwedOnceToAllItsSubscribersAndItsBytesAreTheEnvelopes() throws {
        var h = Harness()
        let s = h.session()
        for connection in 7...9 {
            h.connection = connection
            _ = h.call("events.subscribe", ["session": .string(s)])
        }
        h.connection = 1
        let line: JSONValue = [
            "jsonrpc": "2.0", "id": 1, "method": "lab.haptic", "params": ["session": .string(s), "style": "light"],
        ]
        let served = RPCProcessor.serve(
            RPCProcessor.decode(line), state: h.daemon, context: RequestContext(connection: 1, uptimeMs: 0))
        let items = served.notifications.items
        #expect(!items.isEmpty)
        for item in items {
            #expect(item.subscribers.map(\.connection) == [7, 8, 9], "one item per event, not per subscriber")
            for to in item.subscribers {
                let built =
                    Envelope.eventStart(session: s, event: item.event.json)
                    + Envelope.eventEnd(subscription: to.subscription)
                let whole = Envelope.event(subscription: to.subscription, session: s, ["event": item.event.json])
                #expect(built == whole.serializedBytes())
            }
        }
        #expect(served.notifications.messages.count == items.count * 3)
    }

    @Test func subscribingNeverWaitsForARequestRunningOnTheSession() throws {
        var h = Harness()
        let s = h.session()
        _ = h.call("lab.haptic", ["session": .string(s), "style": "light"])
        let slot = try #require(h.state.sessions[s])
        let release = DispatchSemaphore(value: 0)
        let held = DispatchSemaphore(value: 0)
        Thread {
            slot.simulation.withLock { _ in
                held.signal()
                release.wait()
            }
        }.start()
        held.wait()
        let subscribed = DispatchSemaphore(value: 0)
        let box = Box()
        let harness = h
        Thread {
            var h = harness
            h.connection = 5
            box.value = h.call("events.subscribe", ["session": .string(s)])
            subscribed.signal()
        }.start()
        #expect(subscribed.wait(timeout: .now() + 20) == .success, "events.subscribe waited for the session")
        #expect(box.value["subscription"] != nil)
        release.signal()
        // The subscriber gets what happens after it subscribed, and nothing from before.
        let line: JSONValue = [
            "jsonrpc": "2.0", "id": 1, "method": "lab.haptic", "params": ["session": .string(s), "style": "heavy"],
        ]
        let served = RPCProcessor.serve(
            RPCProcessor.decode(line), state: h.daemon, context: RequestContext(connection: 1, uptimeMs: 0))
        let kinds = served.notifications.items.map(\.event.kind)
        #expect(kinds == ["action", "haptic"])
    }

    final class Box: @unchecked Sendable {
        var value: JSONValue = .null
    }
}
