import ChoreoApps
import ChoreoJSON
import Dispatch
import Foundation
import Testing

@testable import ChoreoProtocol

/// Issue 30 #3: requests on different sessions run in parallel (each session under its own lock, the daemon's lock
/// only around bookkeeping), requests on one session one after another, and nothing is lost or reordered.
@Suite struct ParallelSessionTests {
    /// Sends `method` on a thread of its own (not a dispatch queue's: blocked workers can use up the global
    /// queue's threads while the whole suite runs); `done` is signalled with the reply once it is answered.
    private func callInBackground(
        _ harness: Harness, _ method: String, _ params: JSONValue, done: DispatchSemaphore, reply: Box
    ) {
        Thread {
            var harness = harness
            reply.value = harness.call(method, params)
            done.signal()
        }.start()
    }

    final class Box: @unchecked Sendable {
        var value: JSONValue = .null
    }

    @Test func aRequestWaitingForOneSessionHoldsUpNoOther() throws {
        var h = Harness()
        let busy = h.session()
        let free = h.session()
        let busySlot = try #require(h.state.sessions[busy])
        let waiting = DispatchSemaphore(value: 0)
        let waitingReply = Box()
        let listed = DispatchSemaphore(value: 0)
        let listReply = Box()
        let answered = DispatchSemaphore(value: 0)
        let freeReply = Box()
        busySlot.simulation.withLock { _ in
            // Stands for a long request on `busy`: the request below waits for it; session.list, which reads
            // every session, does not (it reads each session's bulletin, as of its last finished request).
            callInBackground(
                h, "clock.advance", ["session": .string(busy), "ms": 10], done: waiting, reply: waitingReply)
            callInBackground(h, "session.list", [:], done: listed, reply: listReply)
            Thread.sleep(forTimeInterval: 0.1)
            // The other session's request is answered while `busy` is still held (a daemon-wide lock taken by a
            // waiting request would block it for ever), and so is a method on the daemon.
            callInBackground(
                h, "clock.advance", ["session": .string(free), "ms": 20], done: answered, reply: freeReply)
            #expect(answered.wait(timeout: .now() + 30) == .success, "the free session's request was held up")
            #expect(freeReply.value["now"] == 20)
            #expect(h.call("daemon.info")["sessions"] == 2, "daemon methods are not held up")
            #expect(listed.wait(timeout: .now() + 30) == .success, "session.list waited for a busy session")
            // The request waiting for the held session has not run.
            #expect(waiting.wait(timeout: .now() + 0.2) == .timedOut, "a request ran on a session already in use")
        }
        #expect(waiting.wait(timeout: .now() + 30) == .success)
        #expect(waitingReply.value["now"] == 10)
        #expect(listReply.value["sessions"]?[0]?["now"] == 0, "busy as of its last finished request")
        #expect(listReply.value["sessions"]?.arrayValue?.count == 2)
    }

    /// A subscription made between another line's change and that line's publishing (possible now that a line lets
    /// the daemon's lock go while it runs) gets none of the events recorded before it subscribed; a subscriber from
    /// before gets them all.
    @Test func aSubscriberGetsOnlyEventsRecordedAfterItSubscribed() throws {
        var h = Harness()
        let s = h.session()
        h.connection = 7
        let early = try #require(h.call("events.subscribe", ["session": .string(s)])["subscription"]?.intValue)
        // A line on connection 1 changes the session; its events are not published yet.
        var effects = RPCProcessor.LineEffects()
        let line: JSONValue = [
            "jsonrpc": "2.0", "id": 1, "method": "lab.haptic", "params": ["session": .string(s), "style": "light"],
        ]
        _ = RPCProcessor.execute(
            RPCProcessor.decode(line), state: h.daemon, context: RequestContext(connection: 1, uptimeMs: 0),
            effects: &effects)
        h.connection = 8
        let late = try #require(h.call("events.subscribe", ["session": .string(s)])["subscription"]?.intValue)
        let published = h.daemon.withLock { $0.pendingNotifications(for: effects.changed) }.messages
        let bySubscription = Dictionary(grouping: published) { $0.message["params"]?["subscription"]?.intValue }
        #expect(bySubscription[early]?.isEmpty == false, "the earlier subscriber gets the haptic's events")
        #expect(bySubscription[late] == nil, "the later subscriber got events recorded before it subscribed")
        // Events after the late subscription reach both, the same ones.
        let next: JSONValue = [
            "jsonrpc": "2.0", "id": 2, "method": "lab.haptic", "params": ["session": .string(s), "style": "success"],
        ]
        let served = RPCProcessor.serve(
            RPCProcessor.decode(next), state: h.daemon, context: RequestContext(connection: 1, uptimeMs: 0))
        let after = Dictionary(grouping: served.notifications.messages) {
            $0.message["params"]?["subscription"]?.intValue
        }
        let seqs = { (id: Int64) in after[id]?.compactMap { $0.message["params"]?["event"]?["seq"] } ?? [] }
        #expect(!seqs(late).isEmpty)
        #expect(seqs(early) == seqs(late))
    }

    /// A session a request is running on is in use, however long the request (or its line) takes: the idle check
    /// leaves it open, and it is idle only from the end of the line (as far as the daemon has told the state the
    /// time), not from the line's start.
    @Test func aSessionIsNotIdleWhileALineNamingItRuns() throws {
        var h = Harness()
        h.state.limits.sessionIdleSeconds = 1
        let s = h.session()
        var effects = RPCProcessor.LineEffects()
        let line: JSONValue = [
            "jsonrpc": "2.0", "id": 1, "method": "clock.advance", "params": ["session": .string(s), "ms": 10],
        ]
        _ = RPCProcessor.execute(
            RPCProcessor.decode(line), state: h.daemon, context: RequestContext(connection: 1, uptimeMs: 0),
            effects: &effects)
        // The line has not ended (a long batch): 5 s later the session is still in use.
        #expect(h.daemon.withLock { $0.expireIdleSessions(nowMs: 5000) } == [])
        h.daemon.withLock { state in for (id, requests) in effects.named { state.finished(id, requests: requests) } }
        #expect(h.daemon.withLock { $0.expireIdleSessions(nowMs: 5900) } == [], "idle only since 5 s")
        #expect(h.daemon.withLock { $0.expireIdleSessions(nowMs: 6000) } == [s])
    }

    /// In a batch, the events a request caused are published once it has run, before the batch's later requests
    /// (which may take long) and before the batch's reply.
    @Test func aBatchPublishesEachRequestsEventsWhenItHasRun() throws {
        var h = Harness()
        let watched = h.session()
        let other = h.session()
        h.connection = 7
        _ = h.call("events.subscribe", ["session": .string(watched), "kinds": ["haptic"]])
        let batch: JSONValue = [
            [
                "jsonrpc": "2.0", "id": 1, "method": "lab.haptic",
                "params": ["session": .string(watched), "style": "heavy"],
            ],
            ["jsonrpc": "2.0", "id": 2, "method": "clock.advance", "params": ["session": .string(other), "ms": 100]],
        ]
        var published: [(notifications: Int, reply: Bool)] = []
        RPCProcessor.serve(
            RPCProcessor.decode(batch), state: h.daemon, context: RequestContext(connection: 1, uptimeMs: 0)
        ) { _, served in
            published.append((served.notifications.messages.count, served.reply != nil))
        }
        #expect(published.map(\.notifications) == [1, 0], "the haptic's event went out before the advance ran")
        #expect(published.map(\.reply) == [false, true])
    }

    /// The requests one thread sends to its own session, while another thread drives another session and a third
    /// reads both: each session's trace ends exactly as the same requests sent alone leave it.
    @Test func sessionsDrivenAtOnceEndAsTheyWouldAlone() throws {
        @Sendable func requests(_ session: String, seed: Int) -> [(String, JSONValue)] {
            (0..<150).flatMap { i -> [(String, JSONValue)] in
                [
                    (
                        "lab.animate",
                        [
                            "session": .string(session), "name": .string("v\(i % 7)"), "to": .int(Int64(i * seed)),
                            "curve": ["spring": ["response": 0.4, "dampingFraction": 0.8]],
                        ]
                    ),
                    ("lab.haptic", ["session": .string(session), "style": i % 2 == 0 ? "light" : "success"]),
                    ("clock.advance", ["session": .string(session), "ms": .int(Int64(1 + i % 17))]),
                ]
            }
        }
        func digest(_ harness: inout Harness, _ session: String) -> JSONValue? {
            harness.call("session.export", ["session": .string(session)])["traceDigest"]
        }
        var h = Harness()
        let sessions = [h.session(), h.session()]
        let shared = h
        let group = DispatchGroup()
        for (index, session) in sessions.enumerated() {
            DispatchQueue.global().async(group: group) {
                var mine = shared
                for (method, params) in requests(session, seed: index + 2) { _ = mine.call(method, params) }
            }
        }
        DispatchQueue.global().async(group: group) {
            var reader = shared
            for i in 0..<300 {
                _ = reader.call("state.get", ["session": .string(sessions[i % 2]), "path": "lab"])
                _ = reader.call("animations.list", ["session": .string(sessions[i % 2]), "running": true])
            }
        }
        #expect(group.wait(timeout: .now() + 120) == .success)
        for (index, session) in sessions.enumerated() {
            var alone = Harness()
            let id = alone.session()
            for (method, params) in requests(id, seed: index + 2) { _ = alone.call(method, params) }
            #expect(digest(&h, session) == digest(&alone, id), "session \(session)")
            #expect(digest(&h, session) != nil)
        }
    }
}
