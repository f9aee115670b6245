import ChoreoJSON

/// Text helpers shared by the report writers: number formatting, escaping, trace lines, counts.
enum ReportText {
    // MARK: Numbers

    /// `value` with exactly `decimals` digits after the point, rounded half away from zero: `fixed(12.345, 1)` is
    /// `12.3`, `fixed(2, 3)` is `2.000`. Locale-independent.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        var unit: UInt64 = 1
        for _ in 0..<max(0, decimals) { unit *= 10 }
        let scaled = (value.magnitude * Double(unit)).rounded()
        guard scaled < 9.0e18 else { return "\(value)" }
        let whole = UInt64(scaled)
        let sign = value < 0 && whole != 0 ? "-" : ""
        guard decimals > 0 else { return "\(sign)\(whole)" }
        let fraction = String(whole % unit)
        return "\(sign)\(whole / unit).\(String(repeating: "0", count: decimals - fraction.count))\(fraction)"
    }

    /// `value` with at most `decimals` digits after the point, without trailing zeros: `compact(2.50, 2)` is `2.5`,
    /// `compact(3.04, 1)` is `3`.
    static func compact(_ value: Double, _ decimals: Int) -> String {
        var text = fixed(value, decimals)
        guard text.contains(".") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// A number as the rest of Choreo prints it: 12 significant digits, no trailing zeros, integers without a
    /// point (`2400`, `571.013738`, `0.5`).
    /// A value for a label: about four significant digits, no trailing zeros (an axis label fits its gutter).
    static func short(_ value: Double) -> String {
        guard value.isFinite else { return number(value) }
        let magnitude = value.magnitude
        var decimals = magnitude >= 1000 ? 0 : magnitude >= 100 ? 1 : magnitude >= 1 ? 2 : 3
        if magnitude > 0, magnitude < 0.01 {
            var scaled = magnitude
            decimals = 2
            while scaled < 1, decimals < 14 {
                scaled *= 10
                decimals += 1
            }
        }
        return compact(value, decimals)
    }

    static func number(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        return JSONValue.number(value).serialized()
    }

    /// Wall-clock milliseconds with one decimal: `12.3`.
    static func wall(_ milliseconds: Double) -> String {
        fixed(milliseconds, 1)
    }

    // MARK: Counts

    /// How many passed, failed (an expectation did not hold; errors not included), could not run (errors) and
    /// were skipped: they add up to the number of results.
    static func counts(_ results: [JourneyResult]) -> (passed: Int, failed: Int, errors: Int, skipped: Int) {
        (
            results.count { $0.status == .passed }, results.count { $0.status == .failed },
            results.count { $0.status == .error }, results.count { $0.status == .skipped }
        )
    }

    /// ``counts(_:)`` with `failed` counting the journeys that could not run too, as summaries show them.
    static func failedCountingErrors(_ results: [JourneyResult]) -> (
        passed: Int, failed: Int, errors: Int, skipped: Int
    ) {
        let counts = counts(results)
        return (counts.passed, counts.failed + counts.errors, counts.errors, counts.skipped)
    }

    /// A stable hash of a text, 64-bit FNV-1a as 16 hex digits (file names, CI fingerprints).
    static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// `1 journey` / `3 journeys`.
    static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    // MARK: JSON values

    /// Whether `value` is a non-empty array or object (printed over several lines).
    static func isStructure(_ value: JSONValue) -> Bool {
        switch value {
        case .array(let elements): return !elements.isEmpty
        case .object(let members): return !members.isEmpty
        default: return false
        }
    }

    /// Pretty JSON for a non-empty structure, compact JSON for anything else (strings keep their quotes, so `"1"`
    /// and `1` read differently).
    static func display(_ value: JSONValue) -> String {
        isStructure(value) ? value.prettyPrinted() : value.serialized()
    }

    /// One trace event on one line: `t=200 haptic style=light source=lab.timer.ding`. Members other than `seq`, `t`
    /// and `kind` follow sorted by name, `source` last; strings print bare unless they contain spaces, quotes or `=`.
    static func traceLine(_ event: JSONValue) -> String {
        guard case .object(let members) = event else { return event.serialized() }
        var parts: [String] = []
        if let time = members["t"] {
            parts.append("t=" + (time.doubleValue.map(number) ?? time.serialized()))
        }
        if let kind = members["kind"] {
            parts.append(kind.stringValue ?? kind.serialized())
        }
        let skipped: Set<String> = ["seq", "t", "kind", "source"]
        var keys = members.keys.filter { !skipped.contains($0) }.sorted()
        if members["source"] != nil { keys.append("source") }
        for key in keys {
            guard let value = members[key] else { continue }
            parts.append("\(key)=\(bareOrQuoted(value))")
        }
        return parts.joined(separator: " ")
    }

    /// A string bare when it is a single plain word, else its JSON.
    private static func bareOrQuoted(_ value: JSONValue) -> String {
        if case .string(let text) = value, !text.isEmpty,
            !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0 == "\"" || $0 == "=" || $0.value == 0x7F })
        {
            return text
        }
        return value.serialized()
    }

    /// `text` cut to `limit` characters, ending with `…` when cut.
    static func truncated(_ text: String, _ limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(max(0, limit - 1))) + "…"
    }

    // MARK: Escaping

    /// Whether XML 1.0 allows `scalar` in a document (`Char` production): tab, newline, carriage return, and
    /// U+0020…U+D7FF, U+E000…U+FFFD, U+10000…U+10FFFF.
    static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    /// `text` escaped for XML or HTML: `&<>` always become references; with `attribute`, so do `"` and `'`, and tab,
    /// newline and carriage return (so they survive attribute-value normalization). Carriage return always does.
    /// Characters XML 1.0 forbids are dropped; with `html`, so are U+007F…U+009F (control characters HTML rejects).
    static func escapeMarkup(_ text: String, attribute: Bool = false, html: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            guard isXMLCharacter(scalar) else { continue }
            if html, (0x7F...0x9F).contains(scalar.value) { continue }
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "'" where attribute: out += html ? "&#39;" : "&apos;"
            case "\r": out += "&#13;"
            case "\n" where attribute: out += "&#10;"
            case "\t" where attribute: out += "&#9;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` safe to print to a terminal: control characters other than newline and tab (an escape sequence in a
    /// journey name, say) become U+FFFD.
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isTerminalControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            out.unicodeScalars.append(isTerminalControl(scalar) ? "\u{FFFD}" : scalar)
        }
        return out
    }

    private static func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA: return false
        case 0...0x1F, 0x7F...0x9F: return true
        default: return false
        }
    }
}
