import ChoreoJSON

/// Failures as CI systems annotate them on the changed lines: GitHub Actions' workflow commands and GitLab's code
/// quality report.
public enum CIAnnotations {
    /// One `::error file=F,line=L,title=T::MESSAGE` line per journey that did not pass (a failure at its step, one
    /// that could not run at its file), ending with a newline; nothing when all passed. GitHub shows each on the
    /// line in the pull request's diff.
    public static func github(_ results: [JourneyResult]) -> String {
        var lines: [String] = []
        for result in results where result.status == .failed || result.status == .error {
            let location = result.failure?.location ?? SourceLocation(file: result.file, line: result.line)
            let message =
                result.failure.map { "\($0.message) (at virtual \(ReportText.number($0.virtualMs)) ms)" }
                ?? "the journey could not run"
            lines.append(
                "::error file=\(property(location.file)),line=\(location.line),title=\(property(result.displayName))::"
                    + data(message))
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// One `::error file=F,line=L,title=journey validate::MESSAGE` line per mistake of a journey file (a run they
    /// stop still annotates them).
    public static func github(_ problems: [JourneyError]) -> String {
        problems.map {
            "::error file=\(property($0.file)),line=\($0.line),title=journey validate::\(data($0.message))\n"
        }.joined()
    }

    /// GitLab's code quality report (a JSON array; `artifacts: reports: codequality:`): one issue per journey that
    /// did not pass, with a stable fingerprint (its file, variant and message), severity `major` (`blocker` when it
    /// could not run), and the failing step's path and line.
    public static func gitlab(_ results: [JourneyResult]) -> String {
        let issues: [JSONValue] = results.filter { $0.status == .failed || $0.status == .error }.map { result in
            let location = result.failure?.location ?? SourceLocation(file: result.file, line: result.line)
            let message = result.failure?.message ?? "the journey could not run"
            let description = "\(result.displayName): \(message)"
            return [
                "description": .string(description),
                "check_name": .string("journey"),
                "fingerprint": .string(
                    ReportText.fingerprint(result.file + "\u{0}" + (result.variant ?? "") + "\u{0}" + message)),
                "severity": .string(result.status == .error ? "blocker" : "major"),
                "location": ["path": .string(location.file), "lines": ["begin": .int(Int64(location.line))]],
            ]
        }
        return JSONValue.array(issues).prettyPrinted() + "\n"
    }

    /// A workflow command's message: `%`, CR and LF escaped.
    private static func data(_ text: String) -> String {
        text.replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
    }

    /// A workflow command's property: ``data(_:)`` plus `:` and `,`.
    private static func property(_ text: String) -> String {
        data(text).replacingAll(":", "%3A").replacingAll(",", "%2C")
    }
}

extension String {
    /// Every occurrence of `target` replaced (no Foundation needed).
    fileprivate func replacingAll(_ target: Character, _ replacement: String) -> String {
        var out = ""
        for character in self { if character == target { out += replacement } else { out.append(character) } }
        return out
    }
}
