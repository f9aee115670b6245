import ChoreoJSON

/// A JSON-RPC 2.0 request object that passed validation.
public struct RPCRequest: Sendable, Hashable {
    /// The id to echo, unchanged; nil for a notification (no `id` member).
    public var id: JSONValue?
    /// The method name.
    public var method: String
    /// The params: an object, an array, or nil when absent.
    public var params: JSONValue?

    /// Whether the client expects no reply.
    public var isNotification: Bool { id == nil }

    /// Validates one request object. Throws the error to answer with, and the id to answer it with (the request's
    /// id when it is a valid id, otherwise null).
    static func validate(_ value: JSONValue) -> Result<RPCRequest, InvalidRequest> {
        guard case .object(let object) = value else {
            return .failure(InvalidRequest(id: .null, error: .invalidRequest("a request must be a JSON object")))
        }
        var id: JSONValue? = nil
        if let rawID = object["id"] {
            switch rawID {
            case .string, .int, .double, .null: id = rawID
            default:
                return .failure(
                    InvalidRequest(id: .null, error: .invalidRequest("'id' must be a string, a number or null")))
            }
        }
        let answerID = id ?? .null
        guard object["jsonrpc"] == .string("2.0") else {
            return .failure(InvalidRequest(id: answerID, error: .invalidRequest("'jsonrpc' must be exactly \"2.0\"")))
        }
        guard case .string(let method)? = object["method"] else {
            return .failure(InvalidRequest(id: answerID, error: .invalidRequest("'method' must be a string")))
        }
        let params = object["params"]
        switch params {
        case nil, .object?, .array?: break
        default:
            return .failure(
                InvalidRequest(id: answerID, error: .invalidRequest("'params' must be an object or an array")))
        }
        return .success(RPCRequest(id: id, method: method, params: params))
    }
}

/// A request that failed validation: always answered, with `id` (null when the id itself was unusable).
struct InvalidRequest: Error {
    var id: JSONValue
    var error: RPCError
}
