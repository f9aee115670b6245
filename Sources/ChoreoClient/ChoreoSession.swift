import ChoreoJSON

/// A session on a daemon: every call made through it carries `"session": id`. Times are virtual milliseconds since
/// the session started.
public struct ChoreoSession: Sendable {
    /// The connection the calls go through.
    public let client: ChoreoClient
    /// The session id, e.g. `"s1"`.
    public let id: String

    /// A handle for the existing session `id` on `client`.
    public init(client: ChoreoClient, id: String) {
        self.client = client
        self.id = id
    }

    /// Calls `method` with `params` plus `"session": id` and returns the reply's `result`. `params` should be an
    /// object (`null` and `[]` count as `{}`); anything else is sent unchanged, for the daemon to reject.
    public func call(_ method: String, _ params: JSONValue = [:]) async throws(ChoreoClientError) -> JSONValue {
        try await client.call(method, withSession(params))
    }

    /// Advances the virtual clock by `ms` virtual milliseconds, firing every deadline on the way
    /// (`clock.advance`); returns `{now, fired}`.
    public func advance(ms: Double) async throws(ChoreoClientError) -> JSONValue {
        try await call("clock.advance", ["ms": .double(ms)])
    }

    /// Advances the virtual clock until nothing finite is pending, or by at most `timeoutMs` virtual milliseconds
    /// (the daemon's default is 30000) (`clock.settle`); returns `{now, settled, running, fired}`.
    public func settle(timeoutMs: Double? = nil) async throws(ChoreoClientError) -> JSONValue {
        try await call("clock.settle", timeoutMs.map { ["timeoutMs": .double($0)] } ?? [:])
    }

    /// The state node at the dotted `path` (the whole tree for `""`), evaluated at the current virtual time
    /// (`state.get` → `value`).
    public func state(_ path: String = "") async throws(ChoreoClientError) -> JSONValue {
        try Self.stateValue(of: try await call("state.get", path.isEmpty ? [:] : ["path": .string(path)]))
    }

    /// The `value` of a `state.get` result (one read here or from a batch, ``ChoreoClient/batch(_:)``).
    public static func stateValue(of result: JSONValue) throws(ChoreoClientError) -> JSONValue {
        guard let value = result["value"] else {
            throw .protocolViolation("state.get answered without a value: \(result.serialized())")
        }
        return value
    }

    /// The list under `key` of a result of `method` (`events` of `trace.get`, `haptics` of `haptics.list`).
    public static func items(
        _ key: String, of method: String, in result: JSONValue
    ) throws(ChoreoClientError) -> [JSONValue] {
        guard let items = result[key]?.arrayValue else {
            throw .protocolViolation("\(method) answered without '\(key)': \(result.serialized())")
        }
        return items
    }

    /// The haptics played at or after `since` virtual milliseconds (all when nil), oldest first: `{t, style, source}`
    /// each (`haptics.list` → `haptics`).
    public func haptics(since: Double? = nil) async throws(ChoreoClientError) -> [JSONValue] {
        try await list("haptics.list", since: since, key: "haptics")
    }

    /// The trace events recorded at or after `since` virtual milliseconds (all when nil), in order: `{seq, t, kind,
    /// ...}` each (`trace.get` → `events`).
    public func trace(since: Double? = nil) async throws(ChoreoClientError) -> [JSONValue] {
        try await list("trace.get", since: since, key: "events")
    }

    /// Closes the session (`session.close`); later calls through this handle fail with -32000.
    public func close() async throws(ChoreoClientError) {
        try await client.closeSession(id)
    }

    private func list(_ method: String, since: Double?, key: String) async throws(ChoreoClientError) -> [JSONValue] {
        try Self.items(key, of: method, in: try await call(method, since.map { ["since": .double($0)] } ?? [:]))
    }

    private func withSession(_ params: JSONValue) -> JSONValue {
        switch params {
        case .object(var members):
            members["session"] = .string(id)
            return .object(members)
        case .null, .array([]):
            return ["session": .string(id)]
        default:
            return params
        }
    }
}
