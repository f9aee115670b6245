/// A problem with a journey file, at a line.
public struct JourneyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and how to fix it.
    public var message: String
    /// The 1-based line; 0 for the file as a whole (it does not exist).
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

    /// `file:line: message`, with the include chain when there is one (`file: message` for line 0).
    public var description: String {
        guard line > 0 else { return "\(file): \(message)" }
        let location = SourceLocation(file: file, line: line, includeChain: includeChain)
        return "\(location): \(message)"
    }
}
