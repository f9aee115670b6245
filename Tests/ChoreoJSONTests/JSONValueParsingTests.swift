import ChoreoJSON
import Testing

@Suite("Parsing")
struct JSONValueParsingTests {
    @Test(
        "Any JSON value is accepted at top level",
        arguments: [
            ("42", JSONValue.int(42)),
            ("-7", .int(-7)),
            ("2.5", .double(2.5)),
            ("1e2", .double(100)),
            ("\"x\"", .string("x")),
            ("null", .null),
            ("true", .bool(true)),
            ("false", .bool(false)),
            ("[]", .array([])),
            ("{}", .object([:])),
            (" \t\r\n 42 \n", .int(42)),
        ])
    func topLevelValueParses(text: String, expected: JSONValue) throws {
        #expect(try JSONValue.parse(text) == expected)
    }

    @Test("Integers parse as .int and reals as .double")
    func numbersKeepTheirKind() throws {
        let value = try JSONValue.parse("[1, 1.0, 1e0, -0, 9223372036854775807, -9223372036854775808]")
        let elements = try #require(value.arrayValue)
        #expect(elements[0].typeName == "integer")
        #expect(elements[1].typeName == "number")
        #expect(elements[2].typeName == "number")
        #expect(elements[3].typeName == "integer")
        #expect(elements[4] == .int(Int64.max))
        #expect(elements[5] == .int(Int64.min))
    }

    static let malformedInputs: [(label: String, bytes: [UInt8])] = [
        ("unterminated object", Array("{".utf8)),
        ("trailing comma", Array("[1,]".utf8)),
        ("trailing garbage", Array(#"{"a":1}x"#.utf8)),
        ("two values", Array("1 2".utf8)),
        ("invalid UTF-8 byte", [0xFF]),
        ("invalid UTF-8 in a string", [0x22, 0xC3, 0x28, 0x22]),
        ("raw control character in a string", Array("\"a\u{1}b\"".utf8)),
        ("raw newline in a string", Array("\"a\nb\"".utf8)),
        ("unescaped raw NUL byte in a string", [0x22, 0x61, 0x00, 0x62, 0x22]),
        ("raw NUL byte after a number", [0x31, 0x00]),
        ("raw NUL byte after a literal inside an array", [0x5B, 0x74, 0x72, 0x75, 0x65, 0x00, 0x5D]),
        ("raw NUL byte after a number inside an array", [0x5B, 0x31, 0x00, 0x5D]),
        ("only a raw NUL byte", [0x00]),
        ("empty input", []),
        ("only whitespace", Array("  \n".utf8)),
        ("integer beyond Int64", Array("9223372036854775808".utf8)),
        ("real overflow", Array("1e400".utf8)),
        ("lone surrogate", Array(#""\ud83d""#.utf8)),
        ("NaN", Array("NaN".utf8)),
        ("single quotes", Array("'a'".utf8)),
        ("comment", Array("[1] // c".utf8)),
        ("escaped NUL in an object key", Array(#"{"a\u0000b":1}"#.utf8)),
    ]

    @Test("Malformed input is a parse error", arguments: malformedInputs)
    func malformedInputThrows(label: String, bytes: [UInt8]) {
        #expect(throws: JSONParseError.self, "\(label)") { try JSONValue.parse(bytes) }
    }

    @Test("A parse error reports jansson's message and where it happened")
    func parseErrorCarriesLocation() {
        let error = #expect(throws: JSONParseError.self) { try JSONValue.parse("{\"a\":1}\nx") }
        #expect(error?.message.contains("end of file expected") == true)
        #expect(error?.line == 2)
        #expect(error?.position == 9)
        #expect(error?.description.contains("line 2") == true)
    }

    @Test("A raw NUL byte is rejected with its location, even where jansson 2.14 would skip it")
    func rawNulIsRejectedWithLocation() {
        let error = #expect(throws: JSONParseError.self) { try JSONValue.parse([0x5B, 0x0A, 0x31, 0x00, 0x5D]) }
        #expect(
            error
                == JSONParseError(message: "raw NUL byte not allowed (write \\u0000)", line: 2, column: 2, position: 4))
    }

    @Test("Nesting 100,000 arrays deep is a parse error, not a crash")
    func deepNestingThrows() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = #expect(throws: JSONParseError.self) { try JSONValue.parse(text) }
        #expect(error?.message.contains("maximum parsing depth") == true)
    }

    @Test("Nesting up to jansson's limit of 2048 parses and serializes back; one level more is an error")
    func nestingAtTheDepthLimit() throws {
        let limit = 2_048
        let text = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        var value = try JSONValue.parse(text)
        #expect(value.serialized() == text)
        for _ in 1..<limit { value = try #require(value[0]) }
        #expect(value == [])
        let tooDeep = "[" + text + "]"
        #expect(throws: JSONParseError.self) { try JSONValue.parse(tooDeep) }
    }

    @Test("An escaped \\u0000 in a string is kept")
    func escapedNulIsKept() throws {
        let value = try JSONValue.parse(#"["a\u0000b"]"#)
        #expect(value[0]?.stringValue == "a\u{0}b")
        #expect(value[0]?.stringValue?.utf8.count == 3)
        #expect(value.serialized() == #"["a\u0000b"]"#)
    }

    @Test(
        "Unicode escapes decode, including surrogate pairs",
        arguments: [
            (#""\u0041""#, "A"),
            (#""\u00e9""#, "é"),
            (#""\u65E5\u672C""#, "日本"),
            (#""\ud83d\ude00""#, "😀"),
            (#""\uD834\uDD1E""#, "𝄞"),
            (#""\n\t\r\b\f\/\\\"""#, "\n\t\r\u{8}\u{C}/\\\""),
            ("\"é😀\"", "é😀"),
        ])
    func unicodeEscapesDecode(text: String, expected: String) throws {
        #expect(try JSONValue.parse(text) == .string(expected))
    }

    @Test("For a repeated object key the last value wins")
    func repeatedKeyLastWins() throws {
        #expect(try JSONValue.parse(#"{"a":1,"a":2}"#) == ["a": 2])
    }
}
