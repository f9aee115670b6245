/// Why `journey conformance` could not run (as opposed to a verdict on the code).
public enum ConformanceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A path given on the command line does not exist.
    case missing(String)
    /// A file could not be read as UTF-8 text.
    case unreadable(String)
    /// `--app` names an app the catalogue does not have.
    case unknownApp(String, known: [String])
    /// No `--swift` or `--markdown` input was given.
    case noInput
    /// A path given to `--swift` is a file that is not Swift.
    case notSwift(String)
    /// The inputs held no Swift file or block at all (a mistyped directory in CI would otherwise pass).
    case nothingParsed([String])
    /// An `--accept` file that is not a baseline (what is wrong with it).
    case badBaseline(String)
    /// A Swift file holds merge-conflict markers (from its line): it is not the code it will be.
    case conflictMarkers(String, line: Int)

    public var description: String {
        switch self {
        case .missing(let path): "no such file or directory: \(path) (check the --swift/--markdown path)"
        case .unreadable(let path): "cannot read \(path) as UTF-8 text"
        case .unknownApp(let name, let known):
            "unknown app \"\(name)\": --app takes one of \(known.joined(separator: ", "))"
        case .noInput: "nothing to check: give --swift DIR… (the app's sources) or --markdown FILE… (design documents)"
        case .notSwift(let path): "\(path) is not a .swift file (design documents go to --markdown)"
        case .badBaseline(let what): "the --accept file is not a baseline: \(what)"
        case .conflictMarkers(let path, let line):
            "\(path):\(line) has a merge-conflict marker: resolve the conflict first (the file is not the code it will be)"
        case .nothingParsed(let paths):
            "no Swift file or ```swift block in \(paths.joined(separator: ", ")): check the paths"
        }
    }
}
