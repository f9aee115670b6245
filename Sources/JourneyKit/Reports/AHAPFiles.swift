import ChoreoJSON

/// The files `journey run --ahap DIR` writes: one AHAP document per journey and variant, named after the journey's
/// file (`hero.yaml` → `hero.ahap`, a variant `hero.settings.mode=reduced.ahap`), pretty-printed. Names are short and
/// safe whatever the variant's value (``safe(_:limit:)``).
public enum AHAPFiles {
    /// (file name, document text) for every result that carries a document; names made unique by a counter.
    public static func named(_ results: [JourneyResult]) -> [(String, String)] {
        var seen: [String: Int] = [:]
        var files: [(String, String)] = []
        for result in results {
            guard let document = result.ahap else { continue }
            let stem = fileStem(result)
            let count = seen[stem, default: 0]
            seen[stem] = count + 1
            files.append((stem + (count == 0 ? "" : "-\(count + 1)") + ".ahap", document.prettyPrinted()))
        }
        return files
    }

    /// A result's file name without extension: its journey file's stem, then its variant (`hero.settings.mode=reduced`).
    static func fileStem(_ result: JourneyResult) -> String {
        let stem = safe(JourneyDiscovery.stem(of: result.file), limit: 100)
        return result.variant.map { stem + "." + safe($0, limit: 100) } ?? stem
    }

    /// A file-name part: letters, digits, `.`, `-`, `_` and `=` kept, anything else `_`; longer than `limit` bytes, its
    /// first `limit − 9` bytes and 8 hex digits of a hash of the whole (``ReportText/fingerprint(_:)``), so two long labels stay apart and
    /// a name stays far below the 255 bytes file systems allow (a matrix variant's whole value is its label).
    static func safe(_ text: String, limit: Int) -> String {
        let kept = String(
            text.unicodeScalars.map { scalar -> Character in
                let c = Character(scalar)
                return scalar.isASCII && (c.isLetter || c.isNumber || "._-=".contains(c)) ? c : "_"
            })
        guard kept.utf8.count > limit else { return kept }
        return String(kept.prefix(limit - 9)) + "~" + ReportText.fingerprint(text).prefix(8)
    }
}
