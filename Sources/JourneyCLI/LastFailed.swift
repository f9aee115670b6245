import ChoreoJSON
import Foundation
import JourneyKit

/// `journey run --last-failed`: the journeys (and variants) that did not pass in the last runs, kept in
/// `last-failed.json` in the user's cache (``directory(_:)``: `--cache-dir`, else `$XDG_CACHE_HOME/choreo-journey`,
/// else `~/.cache/choreo-journey`), never in the folder a run starts from. Journeys are keyed by absolute path, so
/// one record serves every repository. Each run replaces what it ran: its failures are added, the ones it ran that
/// now pass are dropped, the others are kept.
struct LastFailed {
    /// `{file: [variant label, or "" for a journey without a matrix]}`.
    var failed: [String: Set<String>]

    /// The cache directory: `chosen` (`--cache-dir`), else `$XDG_CACHE_HOME/choreo-journey` (an absolute
    /// `XDG_CACHE_HOME` only, as the XDG specification says), else `$HOME/.cache/choreo-journey`, else the system's
    /// temporary directory.
    static func directory(_ chosen: String? = nil) -> String {
        if let chosen, !chosen.isEmpty { return chosen }
        let environment = ProcessInfo.processInfo.environment
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/choreo-journey" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/choreo-journey" }
        return NSTemporaryDirectory() + "choreo-journey"
    }

    /// The record's file in `directory`.
    static func path(in directory: String) -> String { directory + "/last-failed.json" }

    /// What the last runs recorded in `directory` (nothing when no run has, or the file cannot be read).
    static func load(from directory: String) -> LastFailed {
        let path = path(in: directory)
        guard let text = try? String(contentsOfFile: path, encoding: .utf8), let json = try? JSONValue.parse(text),
            let object = json["failed"]?.objectValue
        else { return LastFailed(failed: [:]) }
        return LastFailed(
            failed: object.mapValues { Set($0.arrayValue?.compactMap(\.stringValue) ?? []) }.filter {
                !$0.value.isEmpty
            })
    }

    /// Keeps the journeys and variants recorded as failed; nil when nothing is recorded (everything then runs).
    func pick(_ journeys: [Journey]) -> [Journey]? {
        guard !failed.isEmpty else { return nil }
        return journeys.compactMap { journey in
            guard let labels = failed[Self.key(journey.file)] else { return nil }
            var picked = journey
            picked.selectedVariants = journey.variantsToRun.filter { labels.contains(journey.variantLabel($0) ?? "") }
            return picked.selectedVariants!.isEmpty ? nil : picked
        }
    }

    /// The record after a run of `results`.
    func updated(with results: [JourneyResult]) -> LastFailed {
        var failed = self.failed
        for result in results {
            let label = result.variant ?? ""
            if result.status == .failed || result.status == .error {
                failed[Self.key(result.file), default: []].insert(label)
            } else {
                failed[Self.key(result.file)]?.remove(label)
            }
        }
        return LastFailed(failed: failed.filter { !$0.value.isEmpty })
    }

    /// A journey file as the record names it: its absolute, standardized path, however it was given.
    static func key(_ file: String) -> String {
        URL(fileURLWithPath: file).standardizedFileURL.path
    }

    /// Writes the record into `directory` (a cache: a failure to write is reported and otherwise ignored).
    func save(in directory: String) {
        let path = Self.path(in: directory)
        let json: JSONValue = [
            "failed": .object(failed.mapValues { .array($0.sorted().map(JSONValue.string)) })
        ]
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try (json.prettyPrinted() + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            printError(
                "journey: cannot record the failures for --last-failed in \(path): \(error.localizedDescription) "
                    + "(choose another folder with --cache-dir)")
        }
    }
}
