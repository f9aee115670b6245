internal import CJansson

extension JSONValue {
    /// Parses one JSON text. Uses JSON_DECODE_ANY (any value at top level, e.g. `42`) and JSON_ALLOW_NUL (escaped
    /// `\u0000` in strings is kept); rejects trailing garbage; rejects invalid UTF-8.
    ///
    /// Integers become `.int` (an integer outside `Int64` is an error), other numbers `.double`. Nesting deeper
    /// than jansson's limit (2048) is an error. For a repeated object key the last value wins. A raw NUL byte
    /// anywhere is an error (checked here: jansson 2.14 skips one right after a number or literal), and so is an
    /// escaped `\u0000` inside an object key (jansson: "NUL byte in object key not supported").
    public static func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONValue {
        try parse(bytes, integersAsReals: false)
    }

    /// Parses one JSON text, reading every integer as a real number when `integersAsReals` (so text with an integer
    /// too large for 64 bits, which ``parse(_:)-(UnsafeRawBufferPointer)`` rejects, can still be read).
    public static func parse(
        _ bytes: UnsafeRawBufferPointer, integersAsReals: Bool
    ) throws(JSONParseError) -> JSONValue {
        let root = try Jansson.load(bytes, integersAsReals: integersAsReals)
        defer { CJansson_decref(root) }
        return JSONValue(jansson: root)
    }

    /// Parses one JSON text from bytes; see ``parse(_:)-(UnsafeRawBufferPointer)``.
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(JSONParseError) -> JSONValue in try parse(raw) }
        }
        return try result.get()
    }

    /// Parses one JSON text from its UTF-8 encoding; see ``parse(_:)-(UnsafeRawBufferPointer)``.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { buffer in
            Result { () throws(JSONParseError) -> JSONValue in try parse(UnsafeRawBufferPointer(buffer)) }
        }
        return try result.get()
    }
}
