import ChoreoAppKit
import ChoreoJSON

/// Every JSON-RPC 2.0 envelope the daemon writes, built here and nowhere else: a response (result or error) to a
/// request, and the `event` notification pushed to a subscriber.
public enum Envelope {
    /// The response carrying a method's result.
    public static func result(id: JSONValue, _ result: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "result": result]
    }

    /// The response carrying an error (`id` is null when the request's id could not be read).
    public static func error(id: JSONValue, _ error: RPCError) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "error": error.json]
    }

    /// An `event` notification of subscription `subscription` on `session`, with `body` holding the rest of its
    /// params: `event` (a trace event) or `dropped` (why the subscription ended).
    public static func event(subscription: Int, session: String, _ body: KeyValuePairs<String, JSONValue>) -> JSONValue
    {
        var params: [String: JSONValue] = [
            "subscription": .int(Int64(subscription)), "session": .string(session),
        ]
        for (key, value) in body { params[key] = value }
        return ["jsonrpc": "2.0", "method": "event", "params": .object(params)]
    }
}
