import ChoreoJSON
import Testing

@Suite("Round trips")
struct JSONValueRoundTripTests {
    static let values: [JSONValue] = [
        .null,
        .bool(true),
        .bool(false),
        .int(0),
        .int(-1),
        .int(Int64.max),
        .int(Int64.min),
        .double(0.5),
        .double(-2.25e-300),
        .double(1e300),
        .double(1.0 / 3.0),
        .double(0.1),
        .double(Double.greatestFiniteMagnitude),
        .double(Double.leastNonzeroMagnitude),
        .double(9_007_199_254_740_993.0 * 4),
        .string(""),
        .string("hello"),
        .string("line\nbreak\ttab \"quoted\" back\\slash /slash"),
        .string("é 日本 😀 \u{2028}"),
        .string("nul\u{0}inside"),
        .string("\u{1}\u{1F}\u{7F}"),
        .array([]),
        .array([.null, .bool(true), .int(1), .double(2.5), .string("s"), .array([.array([])]), .object([:])]),
        .object([:]),
        .object(["": .null, "a": .int(1), "nested": .object(["list": .array([.double(0.1), .int(-7)])])]),
    ]

    @Test("Every kind of value survives serializing and parsing back unchanged", arguments: values)
    func serializedValueParsesBackEqual(value: JSONValue) throws {
        let text = value.serialized()
        let parsed = try JSONValue.parse(text)
        #expect(parsed == value)
        #expect(parsed.serialized() == text)
    }

    @Test("Every kind of value survives pretty printing and parsing back unchanged", arguments: values)
    func prettyPrintedValueParsesBackEqual(value: JSONValue) throws {
        #expect(try JSONValue.parse(value.prettyPrinted()) == value)
    }

    @Test(
        "Doubles round-trip bit for bit",
        arguments: [0.1, 1e300, 1.0 / 3.0, 2.0 / 3.0, Double.leastNonzeroMagnitude, 1.7976931348623157e308])
    func doubleRoundTripsExactly(number: Double) throws {
        let parsed = try JSONValue.parse(JSONValue.double(number).serialized())
        #expect(parsed.doubleValue?.bitPattern == number.bitPattern)
    }

    @Test("All three parse entry points agree")
    func parseEntryPointsAgree() throws {
        let text = #"{"a":[1,2.5,"x",null,true]}"#
        let fromString = try JSONValue.parse(text)
        let fromArray = try JSONValue.parse(Array(text.utf8))
        let fromBuffer = try Array(text.utf8).withUnsafeBytes { raw in try JSONValue.parse(raw) }
        #expect(fromString == fromArray)
        #expect(fromArray == fromBuffer)
        #expect(fromString == ["a": [1, 2.5, "x", nil, true]])
    }

    @Test("A 10 MB string survives a round trip")
    func hugeStringRoundTrips() throws {
        let chunk = "abcdefghijklmnopqrstuvwxyz \"quoted\"\\ é😀\n"
        let big = String(repeating: chunk, count: 10_000_000 / chunk.utf8.count + 1)
        #expect(big.utf8.count > 10_000_000)
        let value: JSONValue = ["payload": .string(big)]
        let bytes = value.serializedBytes()
        #expect(!bytes.contains(0x0A))
        let parsed = try JSONValue.parse(bytes)
        #expect(parsed["payload"]?.stringValue == big)
    }
}
