import ChoreoJSON

/// What `journey run` prints to the terminal: a line per journey, details under each failure, and a summary.
///
/// Every function returns text without a trailing newline. ANSI colors appear only when `color` is true; control
/// characters in names and messages are replaced with U+FFFD so a journey cannot drive the terminal.
public enum ConsoleReport {
    /// How many trace events the failure details show at most (the most recent ones).
    public static let traceEventLimit = 12

    /// One line for a journey: `✓ Hero transition [settings.mode=reduced]  12.3 ms (virtual 2400 ms)`.
    ///
    /// Passed journeys start with a green `✓`, failed ones with a red `✗`; a journey that could not run at all
    /// reads `✗ name  0.4 ms (error)`.
    public static func line(for result: JourneyResult, color: Bool) -> String {
        let style = Style(enabled: color)
        let name = ReportText.printable(result.displayName)
        let wall = "\(ReportText.wall(result.wallMilliseconds)) ms"
        switch result.status {
        case .passed:
            return "\(style.green("✓")) \(name)  \(style.dim("\(wall) (virtual \(virtual(result)) ms)"))"
        case .failed:
            return "\(style.red("✗")) \(style.bold(name))  \(style.dim("\(wall) (virtual \(virtual(result)) ms)"))"
        case .error:
            return "\(style.red("✗")) \(style.bold(name))  \(style.dim(wall)) \(style.red("(error)"))"
        case .skipped:
            return "\(style.dim("-")) \(name)  \(style.dim("skipped" + (result.skipReason.map { ": \($0)" } ?? "")))"
        }
    }

    /// The details printed under a failed journey's line, indented by 4 spaces: where (`file:line (included
    /// from …)`) and when (virtual time) it failed, the message, expected and actual values (pretty JSON for
    /// structures), the diff, and the last trace events, one compact line each (`t=200 haptic style=light
    /// source=…`).
    ///
    /// Empty for a passed journey.
    public static func failureDetails(_ result: JourneyResult, color: Bool) -> String {
        guard result.status != .passed, result.status != .skipped else { return "" }
        return detailLines(result, style: Style(enabled: color)).map { "    " + $0 }.joined(separator: "\n")
    }

    /// The whole console report: a line per result, the failure details under each one that did not pass, then the
    /// summary; what `journey run`, `journey watch` and the MCP server's `journey_run` print.
    public static func report(_ results: [JourneyResult], wallMilliseconds: Double, color: Bool) -> [String] {
        var lines: [String] = []
        for result in results {
            lines.append(line(for: result, color: color))
            if result.status != .passed, result.status != .skipped {
                lines.append(failureDetails(result, color: color))
            }
        }
        return lines + [summary(results, wallMilliseconds: wallMilliseconds, color: color)]
    }

    /// Two lines: `4 journeys in 35.2 ms`, then `3 passed, 1 failed` (journeys that could not run count as
    /// failed), and a third, `1 skipped`, when some were skipped.
    ///
    /// The second line always matches `^(\d+) passed, (\d+) failed$` exactly and is never colored, so scripts can
    /// read it; with `color`, the first line is green when everything passed and red otherwise.
    public static func summary(_ results: [JourneyResult], wallMilliseconds: Double, color: Bool) -> String {
        let style = Style(enabled: color)
        let counts = ReportText.counts(results)
        let header = "\(ReportText.plural(results.count, "journey")) in \(ReportText.wall(wallMilliseconds)) ms"
        let failed = counts.failed + counts.errors
        let colored = failed == 0 ? style.green(header) : style.red(header)
        return "\(colored)\n\(counts.passed) passed, \(failed) failed"
            + (counts.skipped == 0 ? "" : "\n\(counts.skipped) skipped")
    }

    // MARK: Internals shared with the other reports

    /// The failure details as unindented lines (see ``failureDetails(_:color:)``).
    static func detailLines(_ result: JourneyResult, style: Style = Style(enabled: false)) -> [String] {
        guard let failure = result.failure else {
            return [
                style.dim(
                    result.status == .error ? "the journey could not run (no details recorded)" : "no details recorded")
            ]
        }
        var lines: [String] = []
        let location = style.cyan(ReportText.printable(failure.location.description))
        let ran = result.status != .error || failure.virtualMs != 0
        lines.append(
            ran ? location + " " + style.dim("at virtual \(ReportText.number(failure.virtualMs)) ms") : location)
        if let session = result.session { lines.append(style.dim("session: \(session.description)")) }
        let message = ReportText.printable(failure.message).split(separator: "\n", omittingEmptySubsequences: false)
        for (index, text) in message.enumerated() {
            lines.append(index == 0 ? style.bold(style.red(String(text))) : style.red(String(text)))
        }
        if let expected = failure.expected {
            lines += labelled("expected: ", expected, paint: style.green)
        }
        if let actual = failure.actual {
            lines += labelled("actual:   ", actual, paint: style.red)
        }
        if !failure.diff.isEmpty {
            lines.append(style.dim("diff (- expected, + actual):"))
            for line in failure.diff {
                let text = "    " + ReportText.printable(line)
                if line.hasPrefix("-") {
                    lines.append(style.green(text))
                } else if line.hasPrefix("+") {
                    lines.append(style.red(text))
                } else {
                    lines.append(style.dim(text))
                }
            }
        }
        let recent = failure.recentTrace.suffix(traceEventLimit)
        if !recent.isEmpty {
            lines.append(style.dim("trace around the failing step (\(ReportText.plural(recent.count, "event"))):"))
            for event in recent {
                lines.append(
                    "    " + style.dim(ReportText.truncated(ReportText.printable(ReportText.traceLine(event)), 200)))
            }
        }
        return lines
    }

    /// `expected: 1` on one line for a scalar; for a structure the label alone, then the pretty JSON indented.
    private static func labelled(_ label: String, _ value: JSONValue, paint: (String) -> String) -> [String] {
        let text = ReportText.printable(ReportText.display(value))
        guard ReportText.isStructure(value) else { return [label + paint(text)] }
        return [label.trimmingSuffixSpaces()] + text.split(separator: "\n").map { "    " + paint(String($0)) }
    }

    private static func virtual(_ result: JourneyResult) -> String {
        ReportText.number(result.virtualMilliseconds)
    }

    /// ANSI styling that does nothing when disabled.
    struct Style {
        var enabled: Bool

        func green(_ text: String) -> String { paint(text, "32") }
        func red(_ text: String) -> String { paint(text, "31") }
        func cyan(_ text: String) -> String { paint(text, "36") }
        func dim(_ text: String) -> String { paint(text, "2") }
        func bold(_ text: String) -> String { paint(text, "1") }

        private func paint(_ text: String, _ code: String) -> String {
            enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
        }
    }
}

extension String {
    /// Without trailing spaces.
    fileprivate func trimmingSuffixSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
