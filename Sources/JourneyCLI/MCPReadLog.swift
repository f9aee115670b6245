import ChoreoClient
import ChoreoJSON
import JourneyKit
import Synchronization

/// What an agent read through `journey mcp` (`state_get`), per session, so `journey_record` turns each read into an
/// expectation where it was made: after as many of the session's requests as had run (its `action` trace events).
final class MCPReadLog: Sendable {
    private let reads = Mutex<[String: [SessionRecorder.Read]]>([:])

    /// Notes a successful `state_get` of `path` in `session` that answered `value`.
    func note(session: String, path: String, value: JSONValue, client: ChoreoClient) async {
        guard
            let trace = try? await client.call(
                "trace.get", ["session": .string(session), "kinds": ["action"]]),
            let actions = trace["events"]?.arrayValue
        else { return }
        let read = SessionRecorder.Read(afterActions: actions.count, path: path, value: value)
        reads.withLock { $0[session, default: []].append(read) }
    }

    /// Forgets every read (the daemon restarted: its sessions are gone, and a new one may reuse an id).
    func reset() { reads.withLock { $0 = [:] } }

    /// The reads made in `session`, in order.
    func reads(of session: String) -> [SessionRecorder.Read] {
        reads.withLock { $0[session] ?? [] }
    }
}
