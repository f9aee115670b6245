@testable import JourneyKit

/// A parser reading from an in-memory set of files (path → text), for tests.
func inMemoryParser(_ files: [String: String]) -> JourneyParser {
    var parser = JourneyParser()
    parser.read = { path in
        guard let text = files[path] else { throw JourneyError(message: "missing", line: 1) }
        return text
    }
    parser.exists = { files[$0] != nil }
    return parser
}
