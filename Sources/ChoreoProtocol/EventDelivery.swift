import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON

/// The `event` notifications one line owes subscribers, each trace event once with the subscriptions it goes to, so
/// that the server builds an event's notification once however many subscribe (``Envelope/eventStart(session:event:)``)
/// and queues it for them outside the daemon's lock.
///
/// Under the daemon's lock only each session's fresh events and its subscriptions are taken (``Batch``); which
/// subscription gets which event (``items``) is worked out by whoever reads it, outside the lock: 2 000 events for
/// 640 subscriptions are 1.28 million pairs, which held the lock, and every other session's requests, for 127 ms.
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

    /// One session's fresh events and the subscriptions to it, as taken under the daemon's lock.
    public struct Batch: Sendable {
        /// The session's id.
        public var session: String
        /// Its new trace events, in trace order.
        public var events: [TraceEvent]
        /// Its subscriptions, in subscription order.
        public var subscriptions: [DaemonState.Subscription]
    }

    /// What is owed, session by session.
    public var batches: [Batch] = []

    /// The events, in trace order within each session, each with the subscriptions it goes to (an event no
    /// subscription wants is left out).
    public var items: [Item] {
        var items: [Item] = []
        for batch in batches {
            for event in batch.events {
                let to = batch.subscriptions.compactMap { subscription -> Subscriber? in
                    guard event.sequence > subscription.after, subscription.kinds?.contains(event.kind) ?? true else {
                        return nil
                    }
                    return Subscriber(connection: subscription.connection, subscription: subscription.id)
                }
                if !to.isEmpty { items.append(Item(session: batch.session, event: event, subscribers: to)) }
            }
        }
        return items
    }

    /// Whether no event is owed at all (a batch can still hold events no subscription wants).
    public var isEmpty: Bool { batches.isEmpty }

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
