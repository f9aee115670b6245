internal import CJansson

extension JSONParseError {
    /// Copies jansson's error report.
    init(jansson error: json_error_t) {
        // jansson 2.14 keeps a NUL-terminated message in text[0...158] and the error code in text[159].
        let message = withUnsafeBytes(of: error.text) { raw in
            String(decoding: raw.prefix(Int(JSON_ERROR_TEXT_LENGTH) - 1).prefix { $0 != 0 }, as: UTF8.self)
        }
        self.init(message: message, line: Int(error.line), column: Int(error.column), position: Int(error.position))
        var copy = error
        isIntegerOverflow = json_error_code(&copy) == json_error_numeric_overflow
    }

    /// The error for a raw (unescaped) NUL byte at `offset`, located the way jansson locates errors: `line` 1-based,
    /// `column` counting characters up to and including the NUL, `position` counting bytes read (`offset + 1`).
    init(rawNulAt offset: Int, in bytes: UnsafeRawBufferPointer) {
        let prefix = bytes[..<offset]
        let lineStart = (prefix.lastIndex(of: 0x0A) ?? -1) + 1
        let line = 1 + prefix.count { $0 == 0x0A }
        let column = 1 + bytes[lineStart..<offset].count { $0 & 0xC0 != 0x80 }
        self.init(message: "raw NUL byte not allowed (write \\u0000)", line: line, column: column, position: offset + 1)
    }
}
