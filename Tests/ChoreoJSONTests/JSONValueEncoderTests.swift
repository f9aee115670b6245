import Testing

@testable import ChoreoJSON

/// ``JSONValueEncoder`` writes what the apps wrote by hand: numbers reported (12 significant digits, integral values as
/// integers), an absent optional as `null`, enums by raw value, nested values and arrays as objects and arrays.
@Suite struct JSONValueEncoderTests {
    enum Direction: String, Encodable { case forward, reverse }

    struct Inner: Encodable {
        var x: Double
        var tags: [String]
    }

    struct View: Encodable {
        var name: String?
        var on: Bool
        var progress: Double
        var count: Int
        var direction: Direction?
        var inner: Inner
        var list: [Inner]
        var optionalInner: Inner?
    }

    @Test func aValueEncodesAsTheHandBuiltJSONWould() throws {
        let view = View(
            name: nil, on: true, progress: 0.1 + 0.2, count: 3, direction: .reverse,
            inner: Inner(x: 2.0, tags: ["a", "b"]), list: [Inner(x: 1e-7, tags: [])], optionalInner: nil)
        let encoded = try JSONValueEncoder().encode(view)
        let handBuilt: JSONValue = [
            "name": .null, "on": .bool(true), "progress": .number(0.1 + 0.2), "count": .int(3),
            "direction": .string("reverse"),
            "inner": ["x": .number(2), "tags": ["a", "b"]],
            "list": [["x": .number(1e-7), "tags": []]], "optionalInner": .null,
        ]
        #expect(encoded == handBuilt)
        #expect(encoded.serialized() == handBuilt.serialized())
        #expect(encoded["progress"] == .number(0.3))  // reported: 12 significant digits
        #expect(encoded["inner"]?["x"] == .int(2))  // an integral double is an integer, as .number writes it
    }

    @Test func anEmptyOptionalIsNullNotMissing() throws {
        struct Field: Encodable {
            var text: String?
            var flag: Bool?
            var real: Double?
            var count: Int?
        }
        let empty: JSONValue = ["text": .null, "flag": .null, "real": .null, "count": .null]
        #expect(try JSONValueEncoder().encode(Field()) == empty)
        let full = Field(text: "x", flag: false, real: 2.5, count: 7)
        #expect(try JSONValueEncoder().encode(full) == ["text": "x", "flag": false, "real": 2.5, "count": 7])
    }
}
