/// Why ``JSONValue/parse(_:)-(String)`` rejected its input, as reported by jansson.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// jansson's message, e.g. `"end of file expected near 'x'"`.
    public var message: String
    /// 1-based line of the error (jansson's `line`; `-1` when unknown).
    public var line: Int
    /// 1-based column of the error, counted in characters (jansson's `column`; `-1` when unknown).
    public var column: Int
    /// Byte offset into the input where the error was detected (jansson's `position`).
    public var position: Int
    /// Whether the text is valid JSON but holds an integer too large for 64 bits (jansson's
    /// `json_error_numeric_overflow`); ``JSONValue/parse(_:integersAsReals:)`` reads such text.
    public var isIntegerOverflow = false

    /// Creates a parse error.
    public init(message: String, line: Int, column: Int, position: Int) {
        self.message = message
        self.line = line
        self.column = column
        self.position = position
    }

    /// `"<message> (line L, column C, position P)"`.
    public var description: String {
        "\(message) (line \(line), column \(column), position \(position))"
    }
}
