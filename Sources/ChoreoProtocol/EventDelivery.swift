import ChoreoEngine
import ChoreoJSON

/// The `event` notifications one line owes subscribers, each trace event once with the subscriptions it goes to, so
/// that the server builds an event's notification once however many subscribe (``Envelope/eventStart(session:event:)``)
/// and queues it for them outside the daemon's lock.
public struct EventDelivery: Sendable {
    /// A subscription an event goes to.
    public struct Subscriber: Sendable, Hashable {
        /// The connection holding it.
        public var connection: Int
        /// Its id (from `events.subscribe`).
        public var subscription: Int
    }

    /// One trace event of a session and every subscription owed it.
    public struct Item: Sendable {
        /// The session's id.
        public var session: String
        /// The event.
        public var event: TraceEvent
        /// Who gets it, in subscription order.
        public var subscribers: [Subscriber]
    }

    /// The events, in trace order within each session.
    public var items: [Item] = []

    /// Whether nothing is owed.
    public var isEmpty: Bool { items.isEmpty }

    /// Every notification as its own value, one per subscriber and event, in delivery order (tests and in-process
    /// harnesses; the server writes ``Envelope/eventStart(session:event:)`` once per event instead).
    public var messages: [(connection: Int, message: JSONValue)] {
        items.flatMap { item in
            item.subscribers.map { to in
                (
                    to.connection,
                    Envelope.event(subscription: to.subscription, session: item.session, ["event": item.event.json])
                )
            }
        }
    }
}

extension Envelope {
    /// The serialized `event` notification of `event` on `session` up to its subscription's id, shared by every
    /// subscriber; ``eventEnd(subscription:)`` ends it. The two together are byte for byte the serialization of
    /// ``event(subscription:session:_:)`` with `["event": event]` (keys sorted: `event`, `session`, `subscription`;
    /// the envelope adds no real number, so the event's reals print as they would inside it).
    public static func eventStart(session: String, event: JSONValue) -> [UInt8] {
        var bytes = Array(#"{"jsonrpc":"2.0","method":"event","params":{"event":"#.utf8)
        event.withSerializedBytes { bytes.append(contentsOf: $0) }
        bytes += Array(#","session":"#.utf8)
        JSONValue.string(session).withSerializedBytes { bytes.append(contentsOf: $0) }
        bytes += Array(#","subscription":"#.utf8)
        return bytes
    }

    /// The end of an `event` notification begun by ``eventStart(session:event:)``: the subscription's id and the
    /// closing braces (no newline).
    public static func eventEnd(subscription: Int) -> [UInt8] {
        Array("\(subscription)}}".utf8)
    }
}
