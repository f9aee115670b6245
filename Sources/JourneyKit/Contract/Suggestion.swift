/// "Did you mean" suggestions: the closest known name by edit distance.
enum Suggestion {
    /// The edit distance between two strings (by Unicode scalars): insertions, deletions, substitutions and swaps
    /// of two neighbours (`styel` → `style` is 1).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }

    /// The candidate closest to `name`, when it is close enough to be a slip: at most half the longer name's length
    /// away (at least 1, at most 3) and sharing its first letter or its length, or differing only in case. Ties go
    /// to the first candidate.
    static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        var best: (String, Int)? = nil
        for candidate in candidates where candidate != name {
            if candidate.lowercased() == name.lowercased() { return candidate }
            // Case is ignored (`FinPesoal` → `finpessoal`).
            let d = distance(name.lowercased(), candidate.lowercased())
            let limit = min(3, max(1, (max(name.count, candidate.count) + 1) / 2))
            let related = name.lowercased().first == candidate.lowercased().first || name.count == candidate.count
            if d <= limit, related, best == nil || d < best!.1 { best = (candidate, d) }
        }
        return best?.0
    }

    /// `; did you mean `x`?` or nothing.
    static func didYouMean(_ name: String, in candidates: some Sequence<String>) -> String {
        closest(to: name, in: candidates).map { "; did you mean `\($0)`?" } ?? ""
    }
}
