import Foundation

/// Writing a text file whose folder may not exist yet (reports, recorded journeys, golden traces).
public enum TextFile {
    /// Writes `text` to `path` as UTF-8, atomically, creating the folders above it first.
    public static func write(_ text: String, to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
