import ChoreoJSON
import NIOCore

/// The continuation of a call waiting for its reply (the whole reply object) or for the error that ended it.
typealias ReplyContinuation = UnsafeContinuation<Result<JSONValue, ChoreoClientError>, Never>

/// The calls waiting for replies on one connection, and the routing of what arrives. Confined to the channel's event
/// loop (owned by ``ClientChannelHandler``); every continuation it accepts is resumed exactly once.
struct ResponseRouter {
    /// What to do with one inbound message.
    enum Outcome {
        /// Resume this call with this reply.
        case reply(ReplyContinuation, JSONValue)
        /// Pass these `params` of an `event` notification on.
        case event(JSONValue)
        /// Nothing to do (a notification other than `event`).
        case ignore
        /// The daemon broke the protocol; the connection should end with this detail.
        case violation(String)
    }

    private var byID: [Int64: (continuation: ReplyContinuation, restoring: JSONValue?)] = [:]
    private var inOrder = CircularBuffer<ReplyContinuation>()

    /// Whether no call is waiting.
    var isEmpty: Bool { byID.isEmpty && inOrder.isEmpty }

    /// Records a call that waits for its reply. `.none` is not recorded.
    mutating func register(_ continuation: ReplyContinuation, _ routing: Routing) {
        switch routing {
        case .id(let id, let restoring):
            byID[id] = (continuation, restoring)
        case .inOrder:
            inOrder.append(continuation)
        case .none:
            break
        }
    }

    /// Routes one parsed inbound message: a reply to its call (by id, else in order), an `event` notification's
    /// params to the event stream.
    mutating func route(_ message: JSONValue) -> Outcome {
        switch message {
        case .object(var members):
            if let id = members["id"] {
                if case .int(let number) = id {
                    guard let waiting = byID.removeValue(forKey: number) else {
                        return .violation("a reply whose id \(number) matches no request: \(message.serialized())")
                    }
                    guard let restoring = waiting.restoring else { return .reply(waiting.continuation, message) }
                    members["id"] = restoring
                    return .reply(waiting.continuation, .object(members))
                }
                return nextInOrder(message)
            }
            guard case .string(let method)? = members["method"] else {
                return .violation("a message that is neither a reply nor a notification: \(message.serialized())")
            }
            return method == "event" ? .event(members["params"] ?? .null) : .ignore
        case .array:
            return nextInOrder(message)
        default:
            return .violation("a message that is not a JSON object: \(message.serialized())")
        }
    }

    private mutating func nextInOrder(_ message: JSONValue) -> Outcome {
        guard let continuation = inOrder.popFirst() else {
            return .violation("a reply that matches no request: \(message.serialized())")
        }
        return .reply(continuation, message)
    }

    /// Removes and returns every waiting call (to be failed).
    mutating func removeAll() -> [ReplyContinuation] {
        var all = byID.values.map(\.continuation)
        all.append(contentsOf: inOrder)
        byID.removeAll()
        inOrder.removeAll()
        return all
    }
}
