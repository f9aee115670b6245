import Testing

@testable import ChoreoJSON

/// ``JSONWriter`` piece by piece (what `state.get` writes its tree with) against whole values: the same bytes, and
/// no text from calls out of place.
@Suite("JSONWriter piece by piece writes what a whole value serializes to")
struct JSONWriterStreamingTests {
    /// Writes `value` piece by piece: members in ``JSONKey`` order, scalars by their own calls where there is one.
    static func stream(_ value: JSONValue, to writer: inout JSONWriter, split: inout JSONWriterTests.Generator) {
        switch value {
        case .array(let elements):
            writer.beginArray()
            for element in elements { stream(element, to: &writer, split: &split) }
            writer.endArray()
        case .object(let members):
            writer.beginObject()
            for (key, member) in members.sorted(by: { JSONKey($0.key).precedes(JSONKey($1.key)) }) {
                // Declared keys and keys known only now write the same.
                if split.below(2) == 0 { writer.key(JSONKey(key)) } else { writer.key(key) }
                stream(member, to: &writer, split: &split)
            }
            writer.endObject()
        case .string(let string) where split.below(2) == 0: writer.value(string)
        case .bool(let bool) where split.below(2) == 0: writer.value(bool)
        case .int(let integer) where split.below(2) == 0: writer.value(integer)
        case .null where split.below(2) == 0: writer.null()
        default:
            // A whole value, or text written before (a result inside its reply).
            if split.below(2) == 0 { writer.value(value) } else { writer.value(JSONText(value)) }
        }
    }

    @Test("20,000 random values written piece by piece are the bytes serialized() gives")
    func randomValuesMatch() {
        var generator = JSONWriterTests.Generator(state: 48)
        var split = JSONWriterTests.Generator(state: 4_848)
        for _ in 0..<20_000 {
            let value = generator.value(depth: 0)
            var writer = JSONWriter(reservingCapacity: 16)
            Self.stream(value, to: &writer, split: &split)
            let text = writer.text
            #expect(text?.bytes == value.serializedBytes(), "\(value)")
            #expect(text?.hasUnreportableNumber == value.containsUnreportableNumber, "\(value)")
            if text?.bytes != value.serializedBytes() { return }
        }
    }

    @Test("Keys order as their UTF-8 bytes do, the first eight bytes or not")
    func keysOrderAsBytes() {
        var generator = JSONWriterTests.Generator(state: 3)
        for _ in 0..<20_000 {
            let a = generator.string() + (generator.below(2) == 0 ? "abcdefgh" : "") + generator.string()
            let b = generator.string() + (generator.below(2) == 0 ? "abcdefgh" : "") + generator.string()
            #expect(JSONKey(a).precedes(JSONKey(b)) == a.utf8.lexicographicallyPrecedes(b.utf8), "\(a) \(b)")
        }
    }

    @Test("Calls out of place give no text")
    func callsOutOfPlace() {
        func text(_ write: (inout JSONWriter) -> Void) -> JSONText? {
            var writer = JSONWriter(reservingCapacity: 16)
            write(&writer)
            return writer.text
        }
        #expect(text { _ in } == nil, "nothing written")
        #expect(text { $0.beginObject() } == nil, "an object left open")
        #expect(
            text {
                $0.beginArray()
                $0.endObject()
            } == nil, "an array closed as an object")
        #expect(
            text {
                $0.beginArray()
                $0.key("k")
                $0.null()
                $0.endArray()
            } == nil, "a key in an array")
        #expect(
            text {
                $0.beginObject()
                $0.null()
                $0.null()
                $0.endObject()
            } == nil, "members without keys")
        #expect(
            text {
                $0.null()
                $0.null()
            } == nil, "two values")
        #expect(
            text {
                $0.beginObject()
                $0.key("a")
                $0.key("b")
                $0.null()
                $0.endObject()
            } == nil, "a key without its value")
        #expect(
            text {
                $0.beginObject()
                $0.key("a")
                $0.endObject()
            } == nil, "the last key without its value")
        #expect(
            text {
                $0.beginObject()
                $0.key("a")
                $0.beginArray()
                $0.endArray()
                $0.endObject()
            }?.string == #"{"a":[]}"#)
        #expect(
            text {
                $0.beginObject()
                $0.key("k")
                $0.null()
                $0.endObject()
            }?.string == #"{"k":null}"#)
        #expect(
            text {
                $0.beginArray()
                $0.number(0.1 + 0.2)
                $0.value(Int64(-3))
                $0.endArray()
            }?.string == "[0.3,-3]")
    }
}
