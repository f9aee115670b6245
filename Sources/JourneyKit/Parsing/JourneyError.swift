/// A problem with a journey file, at a line.
public struct JourneyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and how to fix it.
    public var message: String
    /// The 1-based line.
    public var line: Int
    /// The file (filled in by the parser).
    public var file: String
    /// The includes that led to the file, outermost first (`file:line`).
    public var includeChain: [String]

    public init(message: String, line: Int, file: String = "", includeChain: [String] = []) {
        self.message = message
        self.line = line
        self.file = file
        self.includeChain = includeChain
    }

    /// `file:line: message`, with the include chain when there is one.
    public var description: String {
        let location = SourceLocation(file: file, line: line, includeChain: includeChain)
        return "\(location): \(message)"
    }
}
