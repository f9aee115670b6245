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

    /// The bytes the log holds: the serialized requests.
    public var byteCount: Int { bytes.count }

    /// The most bytes one session's log may hold: 256 MiB (about four million short requests). A request that
    /// would pass it is refused (-32010 `actionLogBytes`) before it runs, so every session stays exportable.
    public static let maxBytes = 256 * 1024 * 1024

    /// The bytes `method` with `params` would add.
    static func bytes(method: String, params: [String: JSONValue]) -> [UInt8] {
        JSONValue.object(["method": .string(method), "params": .object(params)]).serializedBytes()
    }

    /// Logs a request already serialized by ``bytes(method:params:)``.
    mutating func append(serialized: [UInt8]) {
        bytes += serialized
        ends.append(bytes.count)
    }

    /// Logs a request.
    public mutating func append(method: String, params: [String: JSONValue]) {
        append(serialized: Self.bytes(method: method, params: params))
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
