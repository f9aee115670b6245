import ChoreoJSON

/// Every request that changed a session, in order, kept whole whatever the session's ``Retention``:
/// `session.export` replays them. Each is stored as its serialized JSON `{"method": …, "params": …}` (the params
/// without the session id) in one byte buffer, about 40 bytes plus the params' own length per request.
public struct ActionLog: Sendable, Hashable {
    private var bytes: [UInt8] = []
    /// Where each action's bytes end in `bytes`.
    private var ends: [Int] = []

    public init() {}

    /// How many requests were logged.
    public var count: Int { ends.count }

    /// Logs a request.
    public mutating func append(method: String, params: [String: JSONValue]) {
        bytes += JSONValue.object(["method": .string(method), "params": .object(params)]).serializedBytes()
        ends.append(bytes.count)
    }

    /// Every request logged, oldest first, as `{method, params}` objects.
    public var all: [JSONValue] { ends.indices.map(action) }

    /// The latest request logged, as a `{method, params}` object.
    public var last: JSONValue? { ends.isEmpty ? nil : action(ends.count - 1) }

    /// Request `index` (from 0) as a `{method, params}` object.
    private func action(_ index: Int) -> JSONValue {
        let start = index == 0 ? 0 : ends[index - 1]
        // Written by `append` from a JSONValue: it parses back.
        return (try? JSONValue.parse(Array(bytes[start..<ends[index]]))) ?? .null
    }
}
