import Foundation

/// `journey run --filter PATTERN`: picks journeys, or some variants of them. A pattern is matched, ignoring case,
/// against the journey's name, its path and each variant's name (a matrix entry's `name:`, else its short label):
/// a pattern with `*`, `?` or `[` is a glob (`*` also crosses `/`) matched against the whole name, the whole path,
/// the path's last components (`foundation/*` picks `journeys/foundation/clock.yaml`) or the whole variant name;
/// any other pattern is a substring of one of them. A name or path that matches picks every variant; otherwise the
/// variants whose names match. `FILE:LINE` picks the journey in FILE (the path, or its last components), and when
/// LINE falls in a matrix list entry, that variant alone. Several patterns pick what any one picks.
public struct JourneyFilter: Sendable {
    public var patterns: [String]

    public init(_ patterns: [String]) {
        self.patterns = patterns
    }

    /// Whether a journey (its name, nil when the file could not be read, and its path) is picked as a whole or in
    /// part; a file that could not be read is picked by its path alone.
    public func matches(name: String?, path: String) -> Bool {
        patterns.isEmpty
            || patterns.contains {
                Self.location($0).map { Self.sameFile($0.file, path) } ?? Self.matches($0, name: name, path: path)
            }
    }

    /// The variants of `journey` the patterns pick (indices into ``Journey/variants``), in order; empty when none.
    public func variants(of journey: Journey) -> [Int] {
        let all = Array(journey.variants.indices)
        guard !patterns.isEmpty else { return all }
        var picked = Set<Int>()
        for pattern in patterns {
            if let (file, line) = Self.location(pattern) {
                guard Self.sameFile(file, journey.file) else { continue }
                picked.formUnion(Self.variant(at: line, in: journey).map { [$0] } ?? all)
            } else if Self.matches(pattern, name: journey.name, path: journey.file) {
                picked.formUnion(all)
            } else {
                picked.formUnion(
                    all.filter { index in
                        journey.variantLabel(index).map { Self.matchesText(pattern, $0) } ?? false
                    })
            }
        }
        return all.filter(picked.contains)
    }

    /// `journey` with only the variants the patterns pick (``Journey/selectedVariants``); nil when they pick none.
    public func picking(_ journey: Journey) -> Journey? {
        var journey = journey
        journey.selectedVariants = variants(of: journey)
        return journey.selectedVariants!.isEmpty ? nil : journey
    }

    /// `FILE:LINE` split, when the pattern ends with `:` and digits.
    public static func location(_ pattern: String) -> (file: String, line: Int)? {
        guard let colon = pattern.lastIndex(of: ":"), let line = Int(pattern[pattern.index(after: colon)...]),
            line >= 1, colon > pattern.startIndex
        else { return nil }
        return (String(pattern[..<colon]), line)
    }

    /// Whether `file` names `path`: the same path, or its last components.
    static func sameFile(_ file: String, _ path: String) -> Bool {
        let a = (file as NSString).standardizingPath
        let b = (path as NSString).standardizingPath
        return a == b || b.hasSuffix("/" + a) || a.hasSuffix("/" + b)
    }

    /// The variant whose matrix list entry spans `line`, if any.
    static func variant(at line: Int, in journey: Journey) -> Int? {
        journey.variantLines.indices.first { journey.variantLines[$0].contains(line) }
    }

    static func matches(_ pattern: String, name: String?, path: String) -> Bool {
        if let name, matchesText(pattern, name) { return true }
        if path.lowercased().contains(pattern.lowercased()) { return true }
        guard isGlob(pattern) else { return false }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.indices.contains { glob(pattern.lowercased(), parts[$0...].joined(separator: "/").lowercased()) }
    }

    /// A name matched by a pattern: a glob against the whole name, else a substring; ignoring case.
    static func matchesText(_ pattern: String, _ text: String) -> Bool {
        // A label may hold `[` (`data.transactions=[3 items]`): pasted whole, it matches as text too.
        text.lowercased().contains(pattern.lowercased())
            || (isGlob(pattern) && glob(pattern.lowercased(), text.lowercased()))
    }

    static func isGlob(_ pattern: String) -> Bool { pattern.contains(where: { "*?[".contains($0) }) }

    /// Whether `text` matches a glob: `*` any run of characters, `?` one, `[abc]`/`[a-z]`/`[!a]` one of a set.
    static func glob(_ pattern: String, _ text: String) -> Bool {
        glob(Array(pattern), 0, Array(text), 0)
    }

    private static func glob(_ p: [Character], _ i: Int, _ t: [Character], _ j: Int) -> Bool {
        if i == p.count { return j == t.count }
        switch p[i] {
        case "*":
            return (j...t.count).contains { glob(p, i + 1, t, $0) }
        case "?":
            return j < t.count && glob(p, i + 1, t, j + 1)
        case "[":
            guard let close = p[(i + 1)...].firstIndex(of: "]"), j < t.count else {
                return j < t.count && t[j] == "[" && glob(p, i + 1, t, j + 1)
            }
            var set = Array(p[(i + 1)..<close])
            let negated = set.first == "!"
            if negated { set.removeFirst() }
            var hit = false
            var k = 0
            while k < set.count {
                if k + 2 < set.count, set[k + 1] == "-" {
                    if set[k] <= t[j] && t[j] <= set[k + 2] { hit = true }
                    k += 3
                } else {
                    if set[k] == t[j] { hit = true }
                    k += 1
                }
            }
            return hit != negated && glob(p, close + 1, t, j + 1)
        default:
            return j < t.count && p[i] == t[j] && glob(p, i + 1, t, j + 1)
        }
    }
}
