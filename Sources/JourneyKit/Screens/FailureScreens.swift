import Foundation

/// The files `journey run --screens DIR` writes: the screen where each journey failed, named after the journey's
/// file, its variant and the failing step's line (`hero.settings.mode=reduced-line-23.svg`), and named in the
/// failure's message so every report points at it.
public enum FailureScreens {
    /// Writes each result's ``JourneyResult/failureScreen`` into `directory` and returns the results with the file
    /// named in their failure messages.
    public static func write(_ results: [JourneyResult], to directory: String) throws -> [JourneyResult] {
        var results = results
        var seen: [String: Int] = [:]
        for index in results.indices {
            guard let svg = results[index].failureScreen, let failure = results[index].failure else { continue }
            if seen.isEmpty {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
            let stem = AHAPFiles.fileStem(results[index]) + "-line-\(failure.location.line)"
            let count = seen[stem, default: 0]
            seen[stem] = count + 1
            let path = (directory as NSString).appendingPathComponent(
                stem + (count == 0 ? "" : "-\(count + 1)") + ".svg")
            try TextFile.write(svg, to: path)
            results[index].failure?.message += "\nscreen at the failure: \(path)"
        }
        return results
    }
}
