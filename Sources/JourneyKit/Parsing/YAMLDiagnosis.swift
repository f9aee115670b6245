import Foundation

/// Plain words for the YAML mistakes whose parser messages help least: a tab in the indentation (the scanner
/// says "found character that cannot start any token") and a key given twice in one mapping (the composer names
/// line 1 and echoes the whole file). Read from the text only when the parser has failed.
enum YAMLDiagnosis {
    /// The first line indented with a tab, naming every such line; nil when no line is.
    static func tabs(in text: String) -> JourneyError? {
        var lines: [Int] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let indentation = line.prefix { $0 == " " || $0 == "\t" || $0 == "-" }
            if indentation.contains("\t") { lines.append(index + 1) }
        }
        guard let first = lines.first else { return nil }
        let others = lines.dropFirst().map(String.init)
        return JourneyError(
            message: "a tab in the indentation; YAML indents with spaces: use spaces"
                + (others.isEmpty ? "" : " (tabs also on lines \(others.joined(separator: ", ")))"),
            line: first)
    }

    /// The key given twice in one block mapping: its second line, naming the first; nil when none is found.
    /// Block mappings are followed by indentation (a `- ` item opens a mapping of its own); keys inside flow
    /// collections (`{a: 1, a: 2}`) are not, and the parser's own message stands for them.
    static func duplicateKey(in text: String) -> JourneyError? {
        // The open mappings, innermost last: the column of their keys and the keys seen with their lines.
        var open: [(column: Int, keys: [String: Int])] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(raw)
            if let hash = line.firstIndex(of: "#"), line[..<hash].allSatisfy({ $0 == " " }) { continue }
            var column = line.prefix { $0 == " " }.count
            line = line.dropFirst(column)
            guard !line.isEmpty else { continue }
            var opensItem = false
            while line.hasPrefix("- ") {
                line = line.dropFirst(2)
                let spaces = line.prefix { $0 == " " }.count
                line = line.dropFirst(spaces)
                column += 2 + spaces
                opensItem = true
            }
            guard let key = Self.key(of: line) else { continue }
            while let last = open.last, last.column > column || (opensItem && last.column == column) {
                open.removeLast()
            }
            if let last = open.last, last.column == column {
                if let first = last.keys[key] {
                    return JourneyError(
                        message: "the key '\(key)' appears twice in this mapping (first at line \(first)); "
                            + "a mapping keeps one value per key: remove or rename one",
                        line: index + 1)
                }
                open[open.count - 1].keys[key] = index + 1
            } else {
                open.append((column, [key: index + 1]))
            }
        }
        return nil
    }

    /// The key given twice in a flow mapping (`{a: 1, b: 2, a: 3}`), which the parser names (`keys`, as its message
    /// gives them: `'a'` or `a`): the line of its second use as a flow key, naming the first; nil when the text does
    /// not show it twice.
    static func duplicateFlowKey(_ keys: String, in text: String) -> JourneyError? {
        let key = keys.split(separator: ",").first.map {
            $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "'\""))
        }
        guard let key, !key.isEmpty else { return nil }
        // Where the key opens a flow mapping's entry: after `{` or `,` (on its line, or ending an earlier line: a
        // flow mapping written over several lines), plain or quoted, followed by `:`.
        var uses: [Int] = []
        var lastSignificant: Character?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let characters = Array(line)
            func isKey(at position: Int) -> Bool {
                var start = position
                while start < characters.count, characters[start] == " " { start += 1 }
                for candidate in [key, "\"\(key)\"", "'\(key)'"] {
                    let end = start + candidate.count
                    guard end <= characters.count, String(characters[start..<end]) == candidate else { continue }
                    var after = end
                    while after < characters.count, characters[after] == " " { after += 1 }
                    if after < characters.count, characters[after] == ":" { return true }
                }
                return false
            }
            if lastSignificant == "{" || lastSignificant == ",", isKey(at: 0) { uses.append(index + 1) }
            var position = 0
            while position < characters.count {
                let character = characters[position]
                position += 1
                if character == "#", position == 1 || characters[position - 2] == " " { break }
                if character != " " && character != "\t" { lastSignificant = character }
                guard character == "{" || character == "," else { continue }
                if isKey(at: position) { uses.append(index + 1) }
            }
        }
        guard uses.count >= 2 else { return nil }
        let (first, second) = (uses[0], uses[1])
        return JourneyError(
            message: "the key '\(key)' appears twice in this mapping ("
                + (first == second ? "twice on this line" : "first at line \(first)")
                + "); a mapping keeps one value per key: remove or rename one",
            line: second)
    }

    /// The key a block mapping line starts with (`key:` followed by a space or the line's end), unquoted.
    private static func key(of line: Substring) -> String? {
        guard let first = line.first, first != "{", first != "[", first != "#" else { return nil }
        var key = ""
        var rest = line[...]
        if first == "\"" || first == "'" {
            guard let close = line.dropFirst().firstIndex(of: first) else { return nil }
            key = String(line[line.index(after: line.startIndex)..<close])
            rest = line[line.index(after: close)...]
            guard rest.hasPrefix(":") else { return nil }
        } else {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            key = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
            rest = line[colon...]
        }
        let after = rest.dropFirst()
        guard after.isEmpty || after.first == " " else { return nil }
        return key
    }
}
