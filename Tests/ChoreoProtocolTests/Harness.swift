import ChoreoApps
import ChoreoJSON
import ChoreoLocks
import ChoreoMotion
import ChoreoProtocol

/// Runs lines through the real processor with one daemon state, as one connection would.
struct Harness {
    /// The daemon's state behind its lock, as the server holds it.
    let daemon: Locked<DaemonState>
    var connection = 1

    init(state: DaemonState = DaemonState(apps: AppCatalog.registry)) {
        daemon = Locked(state)
    }

    /// The daemon's state (read and written under its lock; the sessions' slots are shared, not copied).
    var state: DaemonState {
        get { daemon.withLock { $0 } }
        nonmutating set { daemon.withLock { $0 = newValue } }
    }

    /// Sends one line; returns the reply parsed, or nil when none is owed.
    mutating func send(_ line: String) -> JSONValue? {
        RPCProcessor.handle(line, state: daemon, context: RequestContext(connection: connection, uptimeMs: 0))
            .map { try! JSONValue.parse($0) }
    }

    /// Calls a method and returns its result, or the error object.
    mutating func call(_ method: String, _ params: JSONValue = [:]) -> JSONValue {
        let request: JSONValue = ["jsonrpc": "2.0", "id": 1, "method": .string(method), "params": params]
        let reply = send(request.serialized())!
        return reply["result"] ?? reply["error"]!
    }

    /// Creates a session and returns its id.
    mutating func session(_ params: JSONValue = [:]) -> String {
        call("session.create", params)["session"]!.stringValue!
    }
}
