import ChoreoJSON

extension ChoreoClient {
    /// Creates a session (`session.create`; params such as `app`, `seed`, `fps`, `physics`, `settings`, `data`,
    /// `wallClock`) and returns its id, e.g. `"s1"`. Its virtual clock starts at 0 ms.
    public func createSession(_ params: JSONValue = [:]) async throws(ChoreoClientError) -> String {
        try await createSessionReply(params).id
    }

    /// `session.create`: the new session's id and the whole result (`app`, `now`).
    public func createSessionReply(
        _ params: JSONValue = [:]
    ) async throws(ChoreoClientError) -> (id: String, result: JSONValue) {
        let result = try await call("session.create", params)
        guard let id = result["session"]?.stringValue else {
            throw .protocolViolation("session.create answered without a session id: \(result.serialized())")
        }
        return (id, result)
    }

    /// Closes the session `id` (`session.close`) and its subscriptions.
    public func closeSession(_ id: String) async throws(ChoreoClientError) {
        _ = try await call("session.close", ["session": .string(id)])
    }

    /// Creates a session (`session.create` with `params`) and returns a handle that fills in its id.
    public func session(_ params: JSONValue = [:]) async throws(ChoreoClientError) -> ChoreoSession {
        ChoreoSession(client: self, id: try await createSession(params))
    }
}
