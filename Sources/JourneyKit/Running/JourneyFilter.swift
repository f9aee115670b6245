/// `journey run --filter PATTERN`: picks journeys by name or path. A pattern with `*`, `?` or `[` is a glob
/// (`*` also crosses `/`), matched against the whole name, the whole path, or the path's last components
/// (`foundation/*` picks `journeys/foundation/clock.yaml`); any other pattern is a case-sensitive substring of the
/// name or the path. Several patterns pick a journey when any one does.
public struct JourneyFilter: Sendable {
    public var patterns: [String]

    public init(_ patterns: [String]) {
        self.patterns = patterns
    }

    /// Whether a journey (its name, nil when the file could not be read, and its path) is picked.
    public func matches(name: String?, path: String) -> Bool {
        patterns.isEmpty || patterns.contains { Self.matches($0, name: name, path: path) }
    }

    static func matches(_ pattern: String, name: String?, path: String) -> Bool {
        guard pattern.contains(where: { "*?[".contains($0) }) else {
            return (name?.contains(pattern) ?? false) || path.contains(pattern)
        }
        if let name, glob(pattern, name) { return true }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.indices.contains { glob(pattern, parts[$0...].joined(separator: "/")) }
    }

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
