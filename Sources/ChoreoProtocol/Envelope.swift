import ChoreoAppKit
import ChoreoJSON

/// Every JSON-RPC 2.0 envelope the daemon writes, built here and nowhere else: a response (result or error) to a
/// request, and the `event` notification pushed to a subscriber.
public enum Envelope {
    /// The response carrying a method's result, as text: the result goes in as it is (already written, for
    /// `state.get`'s tree), never parsed or built again.
    public static func result(id: JSONValue, _ result: MethodAnswer) -> JSONText {
        var writer = JSONWriter(reservingCapacity: 256)
        writer.beginObject()
        writer.key(Keys.id)
        writer.value(id)
        writer.key(Keys.jsonrpc)
        writer.value(version)
        writer.key(Keys.result)
        switch result {
        case .value(let value): writer.value(value)
        case .text(let text): writer.value(text)
        }
        writer.endObject()
        // Balanced above, so there is always text; the value's envelope otherwise, never a trap.
        return writer.text ?? JSONText(["jsonrpc": .string(version), "id": id, "result": result.json])
    }

    /// The response carrying an error (`id` is null when the request's id could not be read).
    public static func error(id: JSONValue, _ error: RPCError) -> JSONText {
        JSONText(["jsonrpc": .string(version), "id": id, "error": error.json])
    }

    /// The protocol's version, in every envelope.
    private static let version = "2.0"

    /// The keys of a result's envelope, in the order they are written.
    private enum Keys {
        static let id = JSONKey("id")
        static let jsonrpc = JSONKey("jsonrpc")
        static let result = JSONKey("result")
    }

    /// An `event` notification of subscription `subscription` on `session`, with `body` holding the rest of its
    /// params: `event` (a trace event) or `dropped` (why the subscription ended).
    public static func event(subscription: Int, session: String, _ body: KeyValuePairs<String, JSONValue>) -> JSONValue
    {
        var params: [String: JSONValue] = [
            "subscription": .int(Int64(subscription)), "session": .string(session),
        ]
        for (key, value) in body { params[key] = value }
        return ["jsonrpc": .string(version), "method": "event", "params": .object(params)]
    }
}

/// What a method answers: a JSON value, or text its handler wrote straight from typed values (`state.get`'s tree,
/// which is never built as ``JSONValue``s).
public enum MethodAnswer: Sendable {
    case value(JSONValue)
    case text(JSONText)

    /// The answer as a value (text is parsed back).
    public var json: JSONValue {
        switch self {
        case .value(let value): value
        case .text(let text): text.value
        }
    }
}
