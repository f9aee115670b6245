import ChoreoAppKit
import ChoreoJSON

/// A JSON-RPC 2.0 request object that passed validation.
public struct RPCRequest: Sendable, Hashable {
    /// The id to echo, unchanged; nil for a notification (no `id` member).
    public var id: JSONValue?
    /// The method name.
    public var method: String
    /// The params: an object, an array, or nil when absent.
    public var params: JSONValue?

    /// Validates one request object, read in place (jansson's parse) or from a ``JSONValue``: only the id and the
    /// params are copied. Throws the error to answer with, and the id to answer it with (the request's id when it is a
    /// valid id, otherwise null).
    static func validate<Request: JSONReadable>(_ value: Request) -> Result<RPCRequest, InvalidRequest> {
        guard value.kind == .object else {
            return .failure(InvalidRequest(id: .null, error: .invalidRequest("a request must be a JSON object")))
        }
        var id: JSONValue? = nil
        if let rawID = value.member("id") {
            switch rawID.kind {
            case .string, .number, .null: id = rawID.json
            default:
                return .failure(
                    InvalidRequest(id: .null, error: .invalidRequest("'id' must be a string, a number or null")))
            }
        }
        let answerID = id ?? .null
        guard value.member("jsonrpc")?.stringValue == "2.0" else {
            return .failure(InvalidRequest(id: answerID, error: .invalidRequest("'jsonrpc' must be exactly \"2.0\"")))
        }
        guard let method = value.member("method")?.stringValue else {
            return .failure(InvalidRequest(id: answerID, error: .invalidRequest("'method' must be a string")))
        }
        let params = value.member("params")
        switch params?.kind {
        case nil, .object?, .array?: break
        default:
            return .failure(
                InvalidRequest(id: answerID, error: .invalidRequest("'params' must be an object or an array")))
        }
        return .success(RPCRequest(id: id, method: method, params: params?.json))
    }
}

/// A request that failed validation: always answered, with `id` (null when the id itself was unusable).
struct InvalidRequest: Error {
    var id: JSONValue
    var error: RPCError
}
