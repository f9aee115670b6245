import ChoreoJSON
import Foundation
import JourneyKit

/// `journey run --last-failed`: the journeys (and variants) that did not pass in the last runs, kept in
/// `.journey-cache/last-failed.json` under the current directory. Each run replaces what it ran: its failures are
/// added, the ones it ran that now pass are dropped, the others are kept.
struct LastFailed {
    /// `{file: [variant label, or "" for a journey without a matrix]}`.
    var failed: [String: Set<String>]

    static let path = ".journey-cache/last-failed.json"

    /// What the last runs recorded (nothing when no run has, or the file cannot be read).
    static func load() -> LastFailed {
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

    /// Writes the record (a cache: a failure to write is reported and otherwise ignored).
    func save() {
        let json: JSONValue = [
            "failed": .object(failed.mapValues { .array($0.sorted().map(JSONValue.string)) })
        ]
        do {
            try FileManager.default.createDirectory(atPath: ".journey-cache", withIntermediateDirectories: true)
            try (json.prettyPrinted() + "\n").write(toFile: Self.path, atomically: true, encoding: .utf8)
        } catch {
            printError(
                "journey: cannot record the failures for --last-failed in \(Self.path): \(error.localizedDescription)")
        }
    }
}
