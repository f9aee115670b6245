import ChoreoJSON

/// One action of a random journey: a JSON-RPC method with its params (the session is filled in when it runs).
///
/// `session.fork` forks the session and from then on runs every step on the fork too (the two must stay identical);
/// `session.export` exports the session, imports the snapshot and compares the copy with the original byte for byte.
public struct SoakStep: Sendable, Hashable {
    public var method: String
    public var params: [String: JSONValue]
    /// Error codes the generator knows this request may earn (invalid params on purpose, an action the app does
    /// not support). Taps are judged against the targets on screen when they run, not here.
    public var tolerated: Set<Int>

    public init(_ method: String, _ params: [String: JSONValue] = [:], tolerated: Set<Int> = []) {
        self.method = method
        self.params = params
        self.tolerated = tolerated
    }

    /// The step as one line (for logs and failure reports).
    public var description: String {
        params.isEmpty ? method : "\(method) \(JSONValue.object(params).serialized())"
    }
}
