/// Compact JSON text written piece by piece: a producer opens objects and arrays, names each member by its
/// ``JSONKey`` and writes values, and takes the result as ``JSONText``. The text is byte for byte what
/// ``JSONValue/serialized()`` writes for the same value, provided the producer writes each object's members in
/// ``JSONKey`` order (``JSONKey/precedes(_:)``): the writer does not sort, which is what makes it cheap.
///
/// ```swift
/// var writer = JSONWriter(reservingCapacity: 64)
/// writer.beginObject()
/// writer.key("now")
/// writer.value(.int(150))
/// writer.endObject()
/// writer.text  // {"now":150}
/// ```
extension JSONWriter {
    /// A writer of compact text with room for `capacity` bytes before it grows.
    public init(reservingCapacity capacity: Int) {
        self.init(indent: 0, capacity: capacity)
    }

    /// Opens an object (after a comma when it follows a sibling).
    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        open.append(true)
        needsComma = false
    }

    /// Closes the innermost object.
    public mutating func endObject() {
        if open.popLast() != true || awaitingValue { wellFormed = false }
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Opens an array.
    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        open.append(false)
        needsComma = false
    }

    /// Closes the innermost array.
    public mutating func endArray() {
        if open.popLast() != false { wellFormed = false }
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Names the next member of the innermost object; its value comes next.
    public mutating func key(_ key: JSONKey) {
        if open.last != true || awaitingValue { wellFormed = false }
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        bytes.append(contentsOf: key.written)
        needsComma = false
        awaitingValue = true
    }

    /// Names the next member by a key known only now (a map's); ``key(_:)-(JSONKey)`` for a declared one.
    public mutating func key(_ name: String) {
        if open.last != true || awaitingValue { wellFormed = false }
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        writeString(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
        awaitingValue = true
    }

    /// Writes a whole value: a member's (after its key) or an array's element.
    public mutating func value(_ value: JSONValue) {
        separate()
        write(value)
        needsComma = true
    }

    /// Writes a value already written (a method's result inside its reply, a reply inside a batch's).
    public mutating func value(_ text: JSONText) {
        separate()
        bytes.append(contentsOf: text.bytes)
        if text.hasUnreportableNumber { wroteUnreportableNumber = true }
        needsComma = true
    }

    /// Writes a string.
    public mutating func value(_ string: String) {
        separate()
        writeString(string)
        needsComma = true
    }

    /// Writes `true` or `false`.
    public mutating func value(_ bool: Bool) {
        separate()
        append(bool ? "true" : "false")
        needsComma = true
    }

    /// Writes an integer.
    public mutating func value(_ integer: Int64) {
        separate()
        writeInteger(integer)
        needsComma = true
    }

    /// Writes a number as Choreo reports it (``JSONValue/number(_:)``: 12 significant digits).
    public mutating func number(_ number: Double) {
        value(.number(number))
    }

    /// Writes `null`.
    public mutating func null() {
        separate()
        append("null")
        needsComma = true
    }

    /// The text written, or nil when it is not one whole JSON value (a container left open or closed twice, a key
    /// outside an object or without its value, nothing written): a producer's mistake, which its caller answers as it would any bug.
    public var text: JSONText? {
        guard wellFormed, open.isEmpty, !awaitingValue, !bytes.isEmpty else { return nil }
        return JSONText(written: bytes, hasUnreportableNumber: wroteUnreportableNumber)
    }

    /// A comma when the value follows a sibling in an array (a member's value follows its key, which cleared it).
    private mutating func separate() {
        awaitingValue = false
        if needsComma {
            if open.last != false { wellFormed = false }
            bytes.append(UInt8(ascii: ","))
        }
    }
}

/// An object member's name, escaped and quoted once (`"name":`), for a producer that writes the same keys again and
/// again (a state node's fields).
public struct JSONKey: Sendable, Hashable {
    /// The name.
    public let name: String
    /// `"name":` as the writer writes it.
    let written: [UInt8]
    /// The first eight bytes of the name's UTF-8, big-endian and zero-padded: compares as the bytes do, so most
    /// comparisons of two keys take one integer comparison.
    @usableFromInline let prefix: UInt64

    public init(_ name: String) {
        self.name = name
        var writer = JSONWriter(reservingCapacity: name.utf8.count + 3)
        writer.writeString(name)
        writer.bytes.append(UInt8(ascii: ":"))
        written = writer.bytes
        var prefix: UInt64 = 0
        for (index, byte) in name.utf8.prefix(8).enumerated() { prefix |= UInt64(byte) << (56 - 8 * index) }
        self.prefix = prefix
    }

    /// Whether this key comes before `other` in an object's text (byte order of their UTF-8, as
    /// ``JSONValue/serialized()`` orders members).
    @inlinable
    public func precedes(_ other: JSONKey) -> Bool {
        if prefix != other.prefix { return prefix < other.prefix }
        return JSONKey.precedes(name, other.name)
    }

    /// Calls `body` with the indices `0..<count` in the order of their keys (`key(i)` is index `i`'s): the order an
    /// object's members are written in. Sorted in place on the stack, by the keys' first eight bytes and, where those
    /// tie, the whole names: a handful of members costs a few integer comparisons and no allocation.
    @inlinable
    public static func inOrder<Result>(
        _ count: Int, key: (Int) -> JSONKey, _ body: (UnsafeMutableBufferPointer<Int>) -> Result
    ) -> Result {
        withUnsafeTemporaryAllocation(of: (prefix: UInt64, index: Int).self, capacity: count) { pairs in
            for index in 0..<count { (pairs.baseAddress! + index).initialize(to: (key(index).prefix, index)) }
            for end in 1..<max(count, 1) {
                let moving = pairs[end]
                var slot = end
                while slot > 0 {
                    let before = pairs[slot - 1]
                    let after =
                        moving.prefix != before.prefix
                        ? moving.prefix < before.prefix : precedes(key(moving.index).name, key(before.index).name)
                    guard after else { break }
                    pairs[slot] = before
                    slot -= 1
                }
                pairs[slot] = moving
            }
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { order in
                for index in 0..<count { (order.baseAddress! + index).initialize(to: pairs[index].index) }
                return body(order)
            }
        }
    }

    /// Whether a member named `a` comes before one named `b` (byte order of their UTF-8).
    @inlinable
    public static func precedes(_ a: String, _ b: String) -> Bool { JSONWriter.precedes(a, b) }

    public static func == (a: JSONKey, b: JSONKey) -> Bool { a.name == b.name }

    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// One JSON value as compact text, as ``JSONValue/serialized()`` writes it: what a producer that writes straight to
/// text (``JSONWriter``) hands on, and what a reply is made of.
public struct JSONText: Sendable, Hashable {
    /// The UTF-8 text.
    public let bytes: [UInt8]
    /// Whether a real in it is not finite (written as `null`) or past ``JSONValue/largestReportableMagnitude``.
    public let hasUnreportableNumber: Bool

    /// The text of `value`.
    public init(_ value: JSONValue) {
        var writer = JSONWriter(reservingCapacity: 256)
        writer.write(value)
        self.init(written: writer.bytes, hasUnreportableNumber: writer.wroteUnreportableNumber)
    }

    init(written: [UInt8], hasUnreportableNumber: Bool) {
        bytes = written
        self.hasUnreportableNumber = hasUnreportableNumber
    }

    /// The value, parsed back (the text is well formed: only a writer makes one).
    public var value: JSONValue {
        (try? JSONValue.parse(bytes)) ?? .null
    }

    /// The text as a string.
    public var string: String { String(decoding: bytes, as: UTF8.self) }
}
