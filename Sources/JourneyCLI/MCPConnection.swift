import ChoreoClient
import Synchronization

/// `journey mcp`'s connection to the daemon, which survives the daemon's restart: when a call finds the connection
/// closed, ``reconnect()`` connects anew to the same socket, and the call is made once more on the new one. What the
/// server kept about the old daemon's sessions (reads, event subscriptions) is dropped then, and the next tool
/// result says so (``takeNote()``).
final class MCPConnection: Sendable {
    /// The daemon's socket.
    let socketPath: String
    private let current: Mutex<(client: ChoreoClient, note: String?)>
    /// Where each connection's event notifications go.
    let events = MCPEvents()
    /// The agent's reads, per session.
    let reads = MCPReadLog()

    init(client: ChoreoClient, socketPath: String) {
        self.socketPath = socketPath
        current = Mutex((client, nil))
        events.listen(to: client)
    }

    /// The connection in use.
    var client: ChoreoClient { current.withLock { $0.client } }

    /// The note for the agent after a reconnection, once (nil otherwise).
    func takeNote() -> String? {
        current.withLock { state in
            defer { state.note = nil }
            return state.note
        }
    }

    /// Connects anew to ``socketPath`` (the daemon restarted) and uses that connection from now on; nil when
    /// nothing answers there.
    func reconnect() async -> ChoreoClient? {
        guard let fresh = try? await ChoreoClient.connect(socketPath: socketPath) else { return nil }
        events.reset()
        reads.reset()
        events.listen(to: fresh)
        let old = current.withLock { state in
            let old = state.client
            state = (
                fresh,
                "journey mcp: the daemon at \(socketPath) restarted, so this call was made on a new connection; the "
                    + "old daemon's sessions and event subscriptions are gone (session_create makes a new session)."
            )
            return old
        }
        await old.close()
        return fresh
    }

    /// `request` on the connection; when the connection is gone, once more after reconnecting. A daemon that does
    /// not answer is a `.connectionFailed` error naming the socket and what to do.
    func call<T: Sendable>(
        _ request: (ChoreoClient) async throws(ChoreoClientError) -> T
    ) async throws(ChoreoClientError) -> T {
        do {
            return try await request(client)
        } catch {
            switch error {
            case .closed, .connectionFailed: break
            default: throw error
            }
            guard let fresh = await reconnect() else {
                throw .connectionFailed(
                    path: socketPath,
                    reason: "the daemon stopped; once one runs on that socket again, call again: journey mcp "
                        + "reconnects")
            }
            return try await request(fresh)
        }
    }
}
