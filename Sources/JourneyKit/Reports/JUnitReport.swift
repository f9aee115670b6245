/// JUnit XML, the format CI servers (GitHub Actions reporters, GitLab, Jenkins) read.
public enum JUnitReport {
    /// A JUnit XML document for `results`, ending with a newline.
    ///
    /// One `<testsuites>` holding one `<testsuite name=suiteName>` with `tests`, `failures`, `errors`, `skipped`
    /// and `time` (seconds, the sum of the journeys' wall times). Each journey is a `<testcase>` with
    /// `classname` = its file, `name` = its ``JourneyResult/displayName`` and `time`. A failed journey has a
    /// `<failure message=… type="expectation">` whose text is the failure details (location, virtual time,
    /// expected/actual, diff, recent trace); a journey that could not run has an `<error message=… type="error">`.
    /// `<system-out>` lists the steps that ran.
    ///
    /// Everything is XML-escaped; characters XML 1.0 does not allow (most control characters) are dropped.
    public static func render(_ results: [JourneyResult], suiteName: String = "journeys") -> String {
        let counts = ReportText.counts(results)
        let seconds = seconds(results.reduce(0) { $0 + $1.wallMilliseconds })
        let totals = "tests=\"\(results.count)\" failures=\"\(counts.failed)\" errors=\"\(counts.errors)\""
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(attribute(suiteName))\" \(totals) time=\"\(seconds)\">\n"
        xml +=
            "  <testsuite name=\"\(attribute(suiteName))\" \(totals) skipped=\"\(counts.skipped)\" time=\"\(seconds)\">\n"
        for result in results {
            xml += testcase(result)
        }
        xml += "  </testsuite>\n"
        xml += "</testsuites>\n"
        return xml
    }

    private static func testcase(_ result: JourneyResult) -> String {
        var xml = "    <testcase classname=\"\(attribute(result.file))\" name=\"\(attribute(result.displayName))\""
        xml += " time=\"\(seconds(result.wallMilliseconds))\">\n"
        if let session = result.session {
            xml += "      <properties>\n"
            for (name, value) in [
                ("app", session.app), ("physics", session.physics), ("fps", String(session.fps)),
                ("mode", session.mode ?? ""), ("settings", session.settings.serialized()),
            ] {
                xml += "        <property name=\"\(attribute(name))\" value=\"\(attribute(value))\"/>\n"
            }
            xml += "      </properties>\n"
        }
        let message = result.failure?.message ?? (result.status == .error ? "the journey could not run" : "failed")
        let details = ConsoleReport.detailLines(result).joined(separator: "\n")
        switch result.status {
        case .passed:
            break
        case .failed:
            xml += "      <failure message=\"\(attribute(message))\" type=\"expectation\">\(text(details))</failure>\n"
        case .error:
            xml += "      <error message=\"\(attribute(message))\" type=\"error\">\(text(details))</error>\n"
        case .skipped:
            xml += "      <skipped message=\"\(attribute(result.skipReason ?? "skip: true"))\"/>\n"
        }
        if !result.steps.isEmpty {
            xml += "      <system-out>\(text(stepList(result.steps)))</system-out>\n"
        }
        xml += "    </testcase>\n"
        return xml
    }

    /// One line per step: `✓ 0–400 ms  advance 400 ms  (journeys/hero.yaml:7)`.
    static func stepList(_ steps: [StepResult]) -> String {
        steps.map { step in
            let time =
                step.startMs == step.endMs
                ? "\(ReportText.number(step.startMs)) ms"
                : "\(ReportText.number(step.startMs))–\(ReportText.number(step.endMs)) ms"
            return "\(step.passed ? "✓" : "✗") \(time)  \(step.label)  (\(step.location))"
        }.joined(separator: "\n") + "\n"
    }

    private static func seconds(_ milliseconds: Double) -> String {
        ReportText.fixed(milliseconds / 1000, 3)
    }

    private static func attribute(_ value: String) -> String {
        ReportText.escapeMarkup(value, attribute: true)
    }

    private static func text(_ value: String) -> String {
        ReportText.escapeMarkup(value)
    }
}
