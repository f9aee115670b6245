import Foundation

/// Paths written in a journey file (`include:`, `expectTrace:`), relative to that file's folder.
enum RelativePath {
    /// The path as given when absolute; otherwise joined to the folder of the file it is written in.
    static func resolve(_ path: String, from file: String) -> String {
        let directory = (file as NSString).deletingLastPathComponent
        return path.hasPrefix("/") ? path : (directory.isEmpty ? path : "\(directory)/\(path)")
    }
}
