import ChoreoJSON
import Testing

@Suite("Serialization")
struct JSONValueSerializationTests {
    @Test(
        "Values serialize to compact, deterministic JSON",
        arguments: [
            (JSONValue.null, "null"),
            (.bool(true), "true"),
            (.int(Int64.max), "9223372036854775807"),
            (.int(Int64.min), "-9223372036854775808"),
            (.double(0.1), "0.1"),
            (.double(1e300), "1e300"),
            (.double(1.0 / 3.0), "0.3333333333333333"),
            (.double(400), "400"),
            (.double(-0.0), "0"),
            (.double(2.5), "2.5"),
            (.double(9_007_199_254_740_992), "9007199254740992.0"),
            (.double(.nan), "null"),
            (.double(.infinity), "null"),
            (.double(-.infinity), "null"),
            (.string("a\"b\\c\nd"), #""a\"b\\c\nd""#),
            (.string("é😀"), "\"é😀\""),
            (.array([.int(1), .null, .string("x")]), #"[1,null,"x"]"#),
            (
                .object(["b": .int(2), "a": .int(1), "c": .object(["z": .null, "y": .array([])])]),
                #"{"a":1,"b":2,"c":{"y":[],"z":null}}"#
            ),
        ])
    func valueSerializes(value: JSONValue, expected: String) {
        #expect(value.serialized() == expected)
        #expect(value.serializedBytes() == Array(expected.utf8))
    }

    @Test("Object keys come out sorted")
    func keysAreSorted() {
        let keys = (0..<200).map { "key\($0)" }
        let value = JSONValue.object(Dictionary(uniqueKeysWithValues: keys.map { ($0, JSONValue.null) }))
        let expected = "{" + keys.sorted().map { "\"\($0)\":null" }.joined(separator: ",") + "}"
        #expect(value.serialized() == expected)
    }

    @Test("Each real uses the shortest precision in 15...17 at which it round-trips")
    func eachRealHasItsOwnPrecision() throws {
        #expect(JSONValue.array([0.1, 0.25, 123456.789]).serialized() == "[0.1,0.25,123456.789]")
        let mixed: JSONValue = [0.1, .double(1.0 / 3.0)]
        #expect(mixed.serialized() == "[0.1,0.3333333333333333]")
        // 0.1 + 0.2 needs 17 significant digits; 0.1 next to it still prints as 0.1 (issue 46 #4).
        let needs17: JSONValue = [.double(0.1 + 0.2), 0.1]
        #expect(needs17.serialized() == "[0.30000000000000004,0.1]")
        #expect(try JSONValue.parse(needs17.serialized()) == needs17)
    }

    @Test(
        "Serialized output never contains a raw newline",
        arguments: [
            JSONValue.string("a\nb\r\nc"),
            ["multi\nline key": "multi\nline\nvalue"],
            [["\n"], ["x": "\n\n"]],
        ])
    func serializedHasNoNewline(value: JSONValue) {
        #expect(!value.serializedBytes().contains(0x0A))
        #expect(!value.serialized().contains("\n"))
    }

    @Test("Pretty printing indents by two spaces, sorts keys and has no trailing newline")
    func prettyPrinting() {
        let value: JSONValue = ["b": [1, ["c": nil]], "a": 0.1, "d": [:], "e": []]
        let expected = """
            {
              "a": 0.1,
              "b": [
                1,
                {
                  "c": null
                }
              ],
              "d": {},
              "e": []
            }
            """
        #expect(value.prettyPrinted() == expected)
    }

    @Test("Object keys containing NUL are escaped on output")
    func nulInKeyIsEscaped() {
        #expect(JSONValue.object(["a\u{0}b": 1]).serialized() == #"{"a\u0000b":1}"#)
    }

    @Test("description is the compact serialization")
    func descriptionIsSerialized() {
        let value: JSONValue = ["a": [1, 2.5]]
        #expect(value.description == #"{"a":[1,2.5]}"#)
        #expect("\(value)" == #"{"a":[1,2.5]}"#)
    }

    @Test("Serializing from many tasks at once is safe")
    func concurrentSerialization() async {
        let value: JSONValue = ["a": [0.1, "x", ["b": true]]]
        let results = await withTaskGroup(of: String.self) { group in
            for _ in 0..<64 {
                group.addTask { value.serialized() + ((try? JSONValue.parse(value.serialized()).serialized()) ?? "") }
            }
            return await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(results == [#"{"a":[0.1,"x",{"b":true}]}{"a":[0.1,"x",{"b":true}]}"#])
    }
}
