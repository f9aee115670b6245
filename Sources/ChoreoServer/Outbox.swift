import ChoreoJSON
import ChoreoLocks
import ChoreoMotion
import ChoreoProtocol
import NIOCore

/// The messages owed to one connection besides the reply its running line will get: its own replies queued behind
/// events, and the events pushed to it by the lines of any connection, in the order they were delivered (which for
/// one session is trace order: ``DeliveryOrder``). The connection's event loop takes them out and writes them.
final class Outbox: Sendable {
    /// A message waiting here, serialized already (off the event loop).
    enum Item: Sendable {
        /// A whole message with its newline.
        case encoded(ByteBuffer)
        /// An `event` notification: the bytes every subscriber of the event shares (``Envelope/eventStart``), then
        /// this subscription's id and the end (``Envelope/eventEnd(subscription:)``) and a newline.
        case event(shared: ByteBuffer, subscription: Int)

        /// Its size once written, in bytes.
        var byteCount: Int {
            switch self {
            case .encoded(let buffer): buffer.readableBytes
            case .event(let shared, let subscription): shared.readableBytes + Self.digits(subscription) + 3
            }
        }

        /// How many decimal digits a subscription id (≥ 1) has.
        private static func digits(_ n: Int) -> Int {
            var count = 1
            var rest = n / 10
            while rest > 0 {
                count += 1
                rest /= 10
            }
            return count
        }

        /// Appends the message, newline included, to `buffer`.
        func write(into buffer: inout ByteBuffer) {
            switch self {
            case .encoded(let encoded):
                buffer.writeImmutableBuffer(encoded)
            case .event(let shared, let subscription):
                buffer.writeImmutableBuffer(shared)
                buffer.writeBytes(Envelope.eventEnd(subscription: subscription))
                buffer.writeInteger(UInt8(ascii: "\n"))
            }
        }
    }

    /// What waits, under the outbox's lock.
    struct Pending {
        var items: [Item] = []
        /// Bytes of the events for subscribers waiting here (own replies are not counted).
        var bytes = 0
        /// Whether a drain is scheduled on the connection's event loop.
        var drainScheduled = false
        /// Subscriptions ended because the connection fell behind: an event of one of them delivered late (its
        /// line read the subscribers before the end) is dropped, so the `dropped` notice stays the last word.
        var ended: Set<Int> = []
    }

    let channel: Channel
    /// Taken by the event loop and by the workers that run the connection's lines (``LockHooks``).
    let pending: Locked<Pending>

    init(channel: Channel, lockHooks: LockHooks? = nil) {
        self.channel = channel
        pending = Locked(Pending(), hooks: lockHooks)
    }

    /// Bytes of events for subscribers waiting here (not yet handed to the channel).
    var bytes: Int { pending.withLock { $0.bytes } }

    /// Whether nothing waits here.
    var isEmpty: Bool { pending.withLock { $0.items.isEmpty } }

    /// Appends a message of the connection's own (a reply, or an event of its own line), serialized.
    func append(own message: ByteBuffer) {
        pending.withLock { $0.items.append(.encoded(message)) }
    }

    /// Appends an event of `subscription` whose shared bytes are `shared`; returns true when a drain must be
    /// scheduled on the connection's event loop. An event of an ended subscription is dropped.
    func append(event shared: ByteBuffer, subscription: Int, counted: Bool = true) -> Bool {
        pending.withLock { p in
            guard !p.ended.contains(subscription) else { return false }
            let item = Item.event(shared: shared, subscription: subscription)
            p.items.append(item)
            if counted { p.bytes += item.byteCount }
            defer { p.drainScheduled = true }
            return !p.drainScheduled
        }
    }

    /// Ends subscriptions of this connection, each with its final notice (serialized); returns true when a drain must
    /// be scheduled.
    func end(_ subscriptions: [(subscription: Int, notice: ByteBuffer)]) -> Bool {
        guard !subscriptions.isEmpty else { return false }
        return pending.withLock { p in
            for (subscription, notice) in subscriptions {
                p.ended.insert(subscription)
                p.items.append(.encoded(notice))
                p.bytes += notice.readableBytes
            }
            defer { p.drainScheduled = true }
            return !p.drainScheduled
        }
    }

    /// The message as one line: its text, then `\n`.
    static func encode(_ message: JSONText, allocator: ByteBufferAllocator) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: message.bytes.count + 1)
        buffer.writeBytes(message.bytes)
        buffer.writeInteger(UInt8(ascii: "\n"))
        return buffer
    }

    /// The message as one line: its JSON, then `\n`.
    static func encode(_ message: JSONValue, allocator: ByteBufferAllocator) -> ByteBuffer {
        encode(JSONText(message), allocator: allocator)
    }

    /// Takes every waiting message, oldest first.
    func takeItems() -> [Item] {
        pending.withLock { p in
            let items = p.items
            p.items = []
            p.bytes = 0
            p.drainScheduled = false
            return items
        }
    }

    /// On the connection's event loop: writes and flushes what waits.
    func drain() {
        let items = takeItems()
        guard !items.isEmpty else { return }
        for item in items {
            var buffer = channel.allocator.buffer(capacity: item.byteCount)
            item.write(into: &buffer)
            channel.write(buffer, promise: nil)
        }
        channel.flush()
    }
}
