import Foundation

/// Finds journey files and picks a deterministic shard of them.
public enum JourneyDiscovery {
    /// The endings of journey files, as folders are searched for them.
    public static let extensions = [".journey.json", ".yaml", ".yml"]

    /// A journey file's name without its folder and journey ending (`journeys/a/hero.yaml` → `hero`).
    public static func stem(of file: String) -> String {
        var stem = String(file.split(separator: "/").last ?? "journey")
        if let ending = extensions.first(where: { stem.hasSuffix($0) }) { stem.removeLast(ending.count) }
        return stem
    }

    /// Journey files under the given paths: files as named; folders walked recursively for `*.yaml`, `*.yml` and
    /// `*.journey.json`, skipping names that start with `_` or `.` (shared include fragments) and `golden` folders.
    /// Sorted, without duplicates.
    public static func files(in paths: [String]) throws(JourneyError) -> [String] {
        var found: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw JourneyError(
                    message: "no such file or folder (paths are relative to \(manager.currentDirectoryPath))", line: 0,
                    file: path)
            }
            guard isDirectory.boolValue else {
                found.append(path)
                continue
            }
            guard let walker = manager.enumerator(atPath: path) else { continue }
            while let relative = walker.nextObject() as? String {
                let parts = relative.split(separator: "/")
                if parts.contains(where: { $0.hasPrefix("_") || $0.hasPrefix(".") || $0 == "golden" }) { continue }
                let name = String(parts.last ?? "")
                if extensions.contains(where: { name.hasSuffix($0) }) {
                    found.append(path.hasSuffix("/") ? path + relative : "\(path)/\(relative)")
                }
            }
        }
        var seen = Set<String>()
        return found.sorted().filter { seen.insert($0).inserted }
    }

    /// The items of shard `index` (0-based) of `total`: item i belongs to shard i mod total.
    public static func shard<T>(_ items: [T], index: Int, total: Int) -> [T] {
        guard total > 1 else { return items }
        return items.enumerated().filter { $0.offset % total == index }.map(\.element)
    }
}
