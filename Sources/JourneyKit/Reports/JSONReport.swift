import ChoreoJSON

/// The machine-readable report: everything the console shows, as JSON.
public enum JSONReport {
    /// The report as a JSON value:
    ///
    /// ```text
    /// {"summary": {"passed", "failed", "errors", "skipped", "notRun", "total", "wallMs"},
    ///  "journeys": [{"name", "displayName", "file", "variant", "status", "wallMs", "virtualMs",
    ///                "steps": [{"kind", "label", "location", "startMs", "endMs", "passed"}],
    ///                "failure": {"message", "location", "virtualMs", "expected", "actual", "diff", "recentTrace"}
    ///                           or null,
    ///                "session": {"app", "physics", "physicsDefaulted", "fps", "mode", "settings"} or null}]}
    /// ```
    ///
    /// Each journey is counted once: `passed + failed + errors + skipped == total` (`failed`: an expectation did
    /// not hold; `errors`: it could not run at all). `status` is `passed`, `failed`, `error` or `skipped` (with
    /// `skipReason`); `variant` is null without a matrix. `notRun` counts what `--fail-fast` left out (not in
    /// `total`).
    /// A `location` is `{"file", "line", "includeChain"}` (outermost include first). `expected` and `actual` are
    /// omitted when the failure is not a comparison. Times are milliseconds: `wallMs` wall clock (to the
    /// microsecond), the others virtual.
    public static func json(_ results: [JourneyResult], wallMilliseconds: Double, notRun: Int = 0) -> JSONValue {
        let counts = ReportText.counts(results)
        return [
            "summary": [
                "passed": .int(Int64(counts.passed)),
                "failed": .int(Int64(counts.failed)),
                "errors": .int(Int64(counts.errors)),
                "skipped": .int(Int64(counts.skipped)),
                "notRun": .int(Int64(notRun)),
                "total": .int(Int64(results.count)),
                "wallMs": wall(wallMilliseconds),
            ],
            "journeys": .array(results.map(journey)),
        ]
    }

    /// ``json(_:wallMilliseconds:)`` pretty-printed (2-space indent, keys sorted), ending with a newline.
    public static func render(_ results: [JourneyResult], wallMilliseconds: Double, notRun: Int = 0) -> String {
        json(results, wallMilliseconds: wallMilliseconds, notRun: notRun).prettyPrinted() + "\n"
    }

    private static func journey(_ result: JourneyResult) -> JSONValue {
        [
            "name": .string(result.name),
            "displayName": .string(result.displayName),
            "file": .string(result.file),
            "variant": result.variant.map(JSONValue.string) ?? .null,
            "status": .string(result.status.rawValue),
            "wallMs": wall(result.wallMilliseconds),
            "virtualMs": .number(result.virtualMilliseconds),
            "steps": .array(result.steps.map(step)),
            "failure": result.failure.map(failure) ?? .null,
            "session": result.session?.json ?? .null,
            "skipReason": result.skipReason.map(JSONValue.string) ?? .null,
            "line": .int(Int64(result.line)),
        ]
    }

    private static func step(_ step: StepResult) -> JSONValue {
        [
            "kind": .string(step.kind),
            "label": .string(step.label),
            "location": location(step.location),
            "startMs": .number(step.startMs),
            "endMs": .number(step.endMs),
            "passed": .bool(step.passed),
        ]
    }

    private static func failure(_ failure: Failure) -> JSONValue {
        var members: [String: JSONValue] = [
            "message": .string(failure.message),
            "location": location(failure.location),
            "virtualMs": .number(failure.virtualMs),
            "diff": .array(failure.diff.map(JSONValue.string)),
            "recentTrace": .array(failure.recentTrace),
        ]
        members["expected"] = failure.expected
        members["actual"] = failure.actual
        return .object(members)
    }

    private static func location(_ location: SourceLocation) -> JSONValue {
        [
            "file": .string(location.file),
            "line": .int(Int64(location.line)),
            "includeChain": .array(location.includeChain.map(JSONValue.string)),
        ]
    }

    /// Wall time rounded to the microsecond: more digits would only be noise.
    private static func wall(_ milliseconds: Double) -> JSONValue {
        .number((milliseconds * 1000).rounded() / 1000)
    }
}
