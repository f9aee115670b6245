/// An expected JSON-RPC error (`expectError:` of a `call` step): its code, its message, or both.
public struct ErrorExpectation: Sendable, Hashable {
    /// The JSON-RPC error code, e.g. -32004.
    public var code: Int?
    /// What the error message must match.
    public var message: Matcher?
}

extension ErrorExpectation {
    /// Reads `expectError: -32004` or `expectError: {code: -32004, message: ...}`.
    static func parse(_ node: SourceNode) throws(JourneyError) -> ErrorExpectation {
        switch node {
        case .scalar(.int(let code), _): return ErrorExpectation(code: Int(code), message: nil)
        case .mapping:
            for key in node.keys where key != "code" && key != "message" {
                throw JourneyError(message: "`expectError:` takes code and message", line: node[key]!.line)
            }
            return ErrorExpectation(
                code: node["code"]?.json.intValue.map(Int.init), message: try node["message"].map(MatcherParser.parse))
        default:
            throw JourneyError(message: "`expectError:` takes an error code or {code, message}", line: node.line)
        }
    }
}
