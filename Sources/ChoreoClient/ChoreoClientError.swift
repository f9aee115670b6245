import ChoreoJSON

/// Why a ``ChoreoClient`` operation failed, as a typed value.
public enum ChoreoClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The socket at `path` could not be connected to (missing, refused, not permitted…); `reason` says why.
    /// The ``description`` suggests starting choreod (`make run`) or pointing the client at the right socket.
    case connectionFailed(path: String, reason: String)
    /// The daemon answered with a JSON-RPC error object: its `code`, `message` and `data`.
    case rpc(code: Int, message: String, data: JSONValue)
    /// The connection closed (``ChoreoClient/close()``, the daemon stopping, an I/O error) before a reply arrived.
    case closed
    /// The daemon sent something this client cannot make sense of: an unparsable line, a reply with an unknown id,
    /// a reply with neither `result` nor `error`. The connection is closed when the line itself is at fault.
    case protocolViolation(String)

    /// The JSON-RPC error code of an ``rpc(code:message:data:)`` error; `nil` for every other case.
    public var code: Int? {
        if case .rpc(let code, _, _) = self { return code }
        return nil
    }

    /// The daemon's message of an ``rpc(code:message:data:)`` error; `nil` for every other case.
    public var rpcMessage: String? {
        if case .rpc(_, let message, _) = self { return message }
        return nil
    }

    /// The `data` object of an ``rpc(code:message:data:)`` error; `nil` for every other case.
    public var data: JSONValue? {
        if case .rpc(_, _, let data) = self { return data }
        return nil
    }

    /// One or two sentences a person can act on.
    public var description: String {
        switch self {
        case .connectionFailed(let path, let reason):
            return "Cannot connect to choreod at \(path): \(reason). Start the daemon with `make run` "
                + "(or `choreod --socket \(path)`), or point the client at the socket it listens on "
                + "with --socket or the CHOREO_SOCKET environment variable."
        case .rpc(let code, let message, let data):
            let details = data == .object([:]) || data == .null ? "" : " \(data.serialized())"
            return "choreod error \(code): \(message)\(details)"
        case .closed:
            return "The connection to choreod closed before a reply arrived."
        case .protocolViolation(let detail):
            return "choreod sent something this client does not understand: \(detail)."
        }
    }
}
