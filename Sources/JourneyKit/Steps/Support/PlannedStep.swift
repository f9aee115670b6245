import ChoreoClient
import ChoreoJSON

/// One request of a planned step: the method and its params (the session already filled in).
struct PlannedRequest: Sendable {
    var method: String
    var params: JSONValue
}

/// A daemon's answer to one planned request: its `result`, or the error it was answered with.
typealias PlannedReply = Result<JSONValue, ChoreoClientError>

/// A step whose requests are known before it runs: planning needs only what the steps before it planned, not their
/// replies. The runner sends the requests of a run of such steps in one JSON-RPC batch (one round trip), which the
/// daemon runs in order as if each had waited for the one before, then judges the steps one by one, in order, from
/// their replies. A step whose judgement changes what later steps plan with (a result kept with `as:`, a mark, the
/// event cursor) ends its batch.
protocol PlannedStep: JourneyStepKind {
    /// The requests the step sends, in order. Throws when the step cannot be sent at all (an unknown variable).
    func plan(in context: StepContext) throws(StepFailure) -> [PlannedRequest]
    /// Judges the step from its replies (one per planned request, in order); throws when it does not hold.
    func judge(_ replies: [PlannedReply], in context: inout StepContext) throws(StepFailure)
    /// Whether the steps after this one are planned only once this one is judged. False by default.
    var endsBatch: Bool { get }
    /// Whether the step reaches past its journey's session (another session, a new one, the daemon's own state):
    /// a journey with such a step runs one step at a time, since running it again from the start would not start
    /// from the same daemon. False by default.
    var reachesBeyondSession: Bool { get }
}

extension PlannedStep {
    var endsBatch: Bool { false }
    var reachesBeyondSession: Bool { false }

    /// Runs the step alone, as a journey one step at a time does: its requests one after the other, then its
    /// judgement.
    func run(in context: inout StepContext) async throws(StepFailure) {
        let requests = try plan(in: context)
        let replies = await context.session.client.send(requests, batched: false)
        try judge(replies, in: &context)
    }
}

extension StepContext {
    /// A request in the journey's session: `params` with `"session"` set to its id.
    func request(_ method: String, _ params: [String: JSONValue] = [:]) -> PlannedRequest {
        var params = params
        params["session"] = .string(session.id)
        return PlannedRequest(method: method, params: .object(params))
    }
}

extension PlannedReply {
    /// The result; an error reply, or a lost connection, fails the step (as ``StepContext/ask(_:)`` does).
    func stepValue() throws(StepFailure) -> JSONValue {
        switch self {
        case .success(let value): return value
        case .failure(let error): throw StepFailure(message: "the daemon refused the step: \(error)")
        }
    }

    /// The list under `key` in the result of `method` (as ``ChoreoSession``'s list calls read it); a result without
    /// it fails the step.
    func list(_ key: String, of method: String) throws(StepFailure) -> [JSONValue] {
        let result = try stepValue()
        do {
            return try ChoreoSession.items(key, of: method, in: result)
        } catch {
            throw StepFailure(message: "the daemon refused the step: \(error)")
        }
    }
}

extension ChoreoClient {
    /// Sends planned requests, `batched` as one batch (when there are several), else one call after the other; their
    /// replies in order.
    func send(_ requests: [PlannedRequest], batched: Bool) async -> [PlannedReply] {
        guard batched, requests.count > 1 else {
            var replies: [PlannedReply] = []
            for request in requests {
                do {
                    replies.append(.success(try await call(request.method, request.params)))
                } catch {
                    replies.append(.failure(error))
                }
            }
            return replies
        }
        return await batch(requests.map { ($0.method, $0.params) })
    }
}
