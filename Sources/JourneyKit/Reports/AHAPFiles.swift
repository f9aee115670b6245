import ChoreoJSON

/// The files `journey run --ahap DIR` writes: one AHAP document per journey and variant, named after the journey's
/// file (`hero.yaml` → `hero.ahap`, a variant `hero.settings.mode=reduced.ahap`), pretty-printed.
public enum AHAPFiles {
    /// (file name, document text) for every result that carries a document; names made unique by a counter.
    public static func named(_ results: [JourneyResult]) -> [(String, String)] {
        var seen: [String: Int] = [:]
        var files: [(String, String)] = []
        for result in results {
            guard let document = result.ahap else { continue }
            var stem = JourneyDiscovery.stem(of: result.file)
            if let variant = result.variant {
                stem += "." + String(variant.map { $0 == "/" || $0 == "," ? "_" : $0 })
            }
            let count = seen[stem, default: 0]
            seen[stem] = count + 1
            files.append((stem + (count == 0 ? "" : "-\(count + 1)") + ".ahap", document.prettyPrinted()))
        }
        return files
    }
}
