import ChoreoClient
import Synchronization

/// `journey mcp`'s connection to the daemon, which survives the daemon's restart: when a call finds the connection
/// closed, ``reconnect()`` connects anew to the same socket, and the call is made once more on the new one.
final class MCPConnection: Sendable {
    /// The daemon's socket.
    let socketPath: String
    private let current: Mutex<ChoreoClient>

    /// Where each connection's event notifications go.
    let events = MCPEvents()

    init(client: ChoreoClient, socketPath: String) {
        self.socketPath = socketPath
        current = Mutex(client)
        events.listen(to: client)
    }

    /// The connection in use.
    var client: ChoreoClient { current.withLock { $0 } }

    /// Connects anew to ``socketPath`` (the daemon restarted) and uses that connection from now on; nil when
    /// nothing answers there.
    func reconnect() async -> ChoreoClient? {
        guard let fresh = try? await ChoreoClient.connect(socketPath: socketPath) else { return nil }
        events.listen(to: fresh)
        let old = current.withLock { client in
            let old = client
            client = fresh
            return old
        }
        await old.close()
        return fresh
    }

    /// `request` on the connection; when the connection is gone, once more after reconnecting, with a note for the
    /// agent saying so (nil when nothing happened). A daemon that does not answer is a `.connectionFailed` error
    /// naming the socket and what to do.
    func call<T: Sendable>(
        _ request: (ChoreoClient) async throws(ChoreoClientError) -> T
    ) async throws(ChoreoClientError) -> (value: T, note: String?) {
        do {
            return (try await request(client), nil)
        } catch {
            switch error {
            case .closed, .connectionFailed: break
            default: throw error
            }
            guard let fresh = await reconnect() else {
                throw .connectionFailed(
                    path: socketPath,
                    reason: "the daemon stopped; start it again (make run, or choreod --socket \(socketPath)) and "
                        + "call again: journey mcp reconnects")
            }
            let note =
                "journey mcp: the daemon at \(socketPath) restarted, so this call was made on a new connection; "
                + "the old daemon's sessions are gone (session_create makes a new one)."
            return (try await request(fresh), note)
        }
    }
}
