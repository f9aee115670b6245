import ChoreoJSON
import NIOCore

/// Builds request lines: `{"jsonrpc":"2.0","id":N,"method":M,"params":P}` and a newline, written straight into one
/// buffer (the params are serialized by jansson, everything else is copied).
enum RequestEncoder {
    private static let head = Array(#"{"jsonrpc":"2.0","id":"#.utf8)
    private static let methodKey = Array(#","method":"#.utf8)
    private static let paramsKey = Array(#","params":"#.utf8)

    /// The line of a request with integer id `id` (omitted when nil, for a notification).
    static func request(
        id: Int64?, method: String, params: JSONValue, allocator: ByteBufferAllocator
    ) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: 64 + method.utf8.count)
        write(id: id, method: method, params: params, to: &buffer)
        buffer.writeStaticString("\n")
        return buffer
    }

    /// The line of a batch: the requests `calls`, with the integer ids `firstID`, `firstID + 1`, …, in one array.
    static func batch(
        _ calls: [(method: String, params: JSONValue)], firstID: Int64, allocator: ByteBufferAllocator
    ) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: 2 + calls.count * 96)
        buffer.writeStaticString("[")
        for (offset, call) in calls.enumerated() {
            if offset > 0 { buffer.writeStaticString(",") }
            write(id: firstID + Int64(offset), method: call.method, params: call.params, to: &buffer)
        }
        buffer.writeStaticString("]\n")
        return buffer
    }

    /// Writes one request object (no newline).
    private static func write(id: Int64?, method: String, params: JSONValue, to buffer: inout ByteBuffer) {
        if let id {
            buffer.writeBytes(head)
            buffer.writeString(String(id))
            buffer.writeBytes(methodKey)
        } else {
            buffer.writeString(#"{"jsonrpc":"2.0","method":"#)
        }
        writeString(method, to: &buffer)
        buffer.writeBytes(paramsKey)
        if isEmptyObject(params) {
            buffer.writeStaticString("{}")
        } else {
            params.withSerializedBytes { buffer.writeBytes($0) }
        }
        buffer.writeStaticString("}")
    }

    /// The line of any JSON value, as compact JSON.
    static func line(_ value: JSONValue, allocator: ByteBufferAllocator) -> ByteBuffer {
        value.withSerializedBytes { bytes in
            var buffer = allocator.buffer(capacity: bytes.count + 1)
            buffer.writeBytes(bytes)
            buffer.writeInteger(UInt8(ascii: "\n"))
            return buffer
        }
    }

    /// How ``ChoreoClient/callRaw(_:)`` sends `request` and expects its reply, following JSON-RPC 2.0: a request
    /// object whose `id` is a string or a number gets the client's own id (`nextID()`), restored in the reply; one
    /// without `id` is a notification (no reply) when it is a valid request, else it gets an error with id null; an
    /// `id` of null or of another type, a batch that owes a reply, or any other JSON is answered in order.
    static func raw(_ request: JSONValue, nextID: () -> Int64) -> (value: JSONValue, routing: Routing) {
        switch request {
        case .object(var members):
            switch members["id"] {
            case .int?, .double?, .string?:
                let id = nextID()
                let original = members.updateValue(.int(id), forKey: "id")
                return (.object(members), .id(id, restoring: original))
            case nil:
                return (request, isValidNotification(members) ? .none : .inOrder)
            default:
                return (request, .inOrder)
            }
        case .array(let items):
            let owesReply = items.isEmpty || items.contains(where: owesReplyInBatch)
            return (request, owesReply ? .inOrder : .none)
        default:
            return (request, .inOrder)
        }
    }

    /// Whether the daemon answers this element of a batch: anything but a valid notification.
    private static func owesReplyInBatch(_ item: JSONValue) -> Bool {
        guard case .object(let members) = item, members["id"] == nil else { return true }
        return !isValidNotification(members)
    }

    /// Whether an object without `id` is a request the daemon runs silently: `jsonrpc` "2.0", a string `method`,
    /// `params` absent or an object or an array.
    private static func isValidNotification(_ members: [String: JSONValue]) -> Bool {
        guard members["jsonrpc"] == .string("2.0"), case .string? = members["method"] else { return false }
        switch members["params"] {
        case nil, .object?, .array?: return true
        default: return false
        }
    }

    private static func isEmptyObject(_ value: JSONValue) -> Bool {
        if case .object(let members) = value { return members.isEmpty }
        return false
    }

    /// Writes `string` as a JSON string: copied directly when it is printable ASCII without `"` or `\`, else
    /// escaped by jansson.
    private static func writeString(_ string: String, to buffer: inout ByteBuffer) {
        let plain = string.utf8.allSatisfy {
            $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
        }
        if plain {
            buffer.writeInteger(UInt8(ascii: "\""))
            buffer.writeString(string)
            buffer.writeInteger(UInt8(ascii: "\""))
        } else {
            JSONValue.string(string).withSerializedBytes { buffer.writeBytes($0) }
        }
    }
}
