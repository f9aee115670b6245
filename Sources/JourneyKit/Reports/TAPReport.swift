import ChoreoJSON

/// TAP version 14 (Test Anything Protocol), for `prove` and other TAP consumers.
public enum TAPReport {
    /// A TAP 14 document for `results`, ending with a newline:
    ///
    /// ```text
    /// TAP version 14
    /// 1..2
    /// ok 1 - Hero transition [settings.mode=reduced]
    /// not ok 2 - Budget alert
    ///   ---
    ///   message: "expected budgets.alert.visible to be true, got false"
    ///   severity: fail
    ///   at: "journeys/budget.yaml:14"
    ///   virtualMs: 400
    ///   expected: true
    ///   actual: false
    ///   ...
    /// ```
    ///
    /// A failure's YAML block carries `message`, `severity` (`fail`, or `error` for a journey that could not run),
    /// `at` (`file:line (included from …)`), `virtualMs`, and when present `expected`, `actual` (as JSON, which is
    /// YAML), `diff` and `recentTrace` (compact lines). In descriptions `\` and `#` are escaped and line breaks become
    /// spaces, as TAP requires.
    public static func render(_ results: [JourneyResult]) -> String {
        var lines = ["TAP version 14", "1..\(results.count)"]
        for (index, result) in results.enumerated() {
            let point = "\(index + 1) - \(description(result.displayName))"
            guard result.status != .passed else {
                lines.append("ok \(point)")
                continue
            }
            guard result.status != .skipped else {
                lines.append("ok \(point) # SKIP \(description(result.skipReason ?? "skip: true"))")
                continue
            }
            lines.append("not ok \(point)")
            lines.append("  ---")
            lines += diagnostics(result).map { "  " + $0 }
            lines.append("  ...")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func diagnostics(_ result: JourneyResult) -> [String] {
        let severity = result.status == .error ? "error" : "fail"
        guard let failure = result.failure else {
            let message = result.status == .error ? "the journey could not run" : "failed"
            return ["message: \(yamlString(message))", "severity: \(severity)", "at: \(yamlString(result.file))"]
        }
        var lines = [
            "message: \(yamlString(failure.message))",
            "severity: \(severity)",
            "at: \(yamlString(failure.location.description))",
            "virtualMs: \(JSONValue.number(failure.virtualMs).serialized())",
        ]
        if let expected = failure.expected {
            lines.append("expected: \(yamlJSON(expected))")
        }
        if let actual = failure.actual {
            lines.append("actual: \(yamlJSON(actual))")
        }
        if !failure.diff.isEmpty {
            lines.append("diff:")
            lines += failure.diff.map { "  - \(yamlString($0))" }
        }
        let recent = failure.recentTrace.suffix(ConsoleReport.traceEventLimit)
        if !recent.isEmpty {
            lines.append("recentTrace:")
            lines += recent.map { "  - \(yamlString(ReportText.traceLine($0)))" }
        }
        return lines
    }

    /// A YAML double-quoted scalar (a JSON string is one).
    private static func yamlString(_ text: String) -> String {
        JSONValue.string(yamlSafe(text)).serialized()
    }

    /// Compact JSON, which is YAML flow style, with every string made YAML-safe.
    private static func yamlJSON(_ value: JSONValue) -> String {
        yamlSafe(value).serialized()
    }

    private static func yamlSafe(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text):
            return .string(yamlSafe(text))
        case .array(let elements):
            return .array(elements.map(yamlSafe))
        case .object(let members):
            return .object(
                Dictionary(
                    members.map { (yamlSafe($0.key), yamlSafe($0.value)) }, uniquingKeysWith: { first, _ in first }))
        default:
            return value
        }
    }

    /// `text` without the characters YAML does not allow even in a double-quoted scalar once JSON-escaped: the C1
    /// controls and DEL (which JSON leaves raw), and non-characters XML 1.0 also rejects. C0 controls stay, JSON
    /// escapes them as `\u00XX`.
    private static func yamlSafe(_ text: String) -> String {
        let kept = text.unicodeScalars.filter { scalar in
            scalar.value < 0x20 || (ReportText.isXMLCharacter(scalar) && !(0x7F...0x9F).contains(scalar.value))
        }
        return String(String.UnicodeScalarView(kept))
    }

    /// A test point description: `\` and `#` escaped, line breaks and other control characters as spaces.
    private static func description(_ name: String) -> String {
        var out = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "#": out += "\\#"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value): out += " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
