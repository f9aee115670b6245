import ChoreoJSON
import Foundation
import Testing

@testable import JourneyKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Three journeys: one passed (a spring, haptics, an announcement), one failed with a diff (and a name that needs
/// escaping), one that could not run.
enum ReportSamples {
    static let file = "journeys/foundation/hero.yaml"
    static let weirdName = "Budget <&\"'> alert\u{1}\u{7F}"

    static let passed = JourneyResult(
        name: "Hero transition", file: file, variant: "settings.mode=standard", status: .passed,
        wallMilliseconds: 12.34, virtualMilliseconds: 600,
        steps: [
            StepResult(
                kind: "tap", label: "tap row", location: SourceLocation(file: file, line: 3), startMs: 0, endMs: 0,
                passed: true),
            StepResult(
                kind: "advance", label: "advance 600 ms", location: SourceLocation(file: file, line: 4), startMs: 0,
                endMs: 600, passed: true),
        ],
        timeline: TimelineData(
            series: [TimelineData.Series(path: "hero.progress", points: springPoints())],
            haptics: [TimelineData.Mark(t: 0, label: "light"), TimelineData.Mark(t: 420, label: "success")],
            announcements: [TimelineData.Mark(t: 450, label: "Details <shown>")],
            steps: [TimelineData.Mark(t: 0, label: "tap row"), TimelineData.Mark(t: 0, label: "advance 600 ms")],
            endMs: 600))

    static let failed = JourneyResult(
        name: weirdName, file: "journeys/foundation/budget.yaml", status: .failed, wallMilliseconds: 20.5,
        virtualMilliseconds: 400,
        steps: [
            StepResult(
                kind: "advance", label: "advance 400 ms",
                location: SourceLocation(file: "journeys/foundation/budget.yaml", line: 4),
                startMs: 0, endMs: 400, passed: true),
            StepResult(
                kind: "expect", label: "expect budgets.alert",
                location: SourceLocation(
                    file: "journeys/shared/checks.yaml", line: 7, includeChain: ["journeys/foundation/budget.yaml:9"]),
                startMs: 400, endMs: 400, passed: false),
        ],
        failure: Failure(
            message: "budgets.alert did not match <offset>",
            location: SourceLocation(
                file: "journeys/shared/checks.yaml", line: 7, includeChain: ["journeys/foundation/budget.yaml:9"]),
            virtualMs: 400, expected: ["offset": 0, "visible": true], actual: ["offset": 12.5, "visible": true],
            diff: ["  {", "-   \"offset\": 0,", "+   \"offset\": 12.5,", "    \"visible\": true", "  }"],
            recentTrace: [
                ["seq": 5, "t": 200, "kind": "haptic", "style": "light", "source": "budgets.alert"],
                ["seq": 6, "t": 320, "kind": "announcement", "text": "Budget exceeded"],
            ]),
        timeline: TimelineData(
            series: [
                TimelineData.Series(
                    path: "budgets.alert.offset",
                    points: [.init(t: 0, v: -80), .init(t: 200, v: 5), .init(t: 400, v: 12.5)])
            ],
            haptics: [TimelineData.Mark(t: 200, label: "light")],
            steps: [
                TimelineData.Mark(t: 0, label: "advance 400 ms"),
                TimelineData.Mark(t: 400, label: "expect budgets.alert", failed: true),
            ],
            endMs: 400))

    static let error = JourneyResult(
        name: "Onboarding", file: "journeys/foundation/onboarding.yaml", status: .error, wallMilliseconds: 0.4,
        virtualMilliseconds: 0, steps: [],
        failure: Failure(
            message: "cannot read journeys/foundation/onboarding.yaml: line 3: expected a mapping",
            location: SourceLocation(file: "journeys/foundation/onboarding.yaml", line: 3), virtualMs: 0))

    static let all = [passed, failed, error]

    /// A journey with an endless loop, a haptic with its source, and checked values: one on a drawn series that
    /// held, one that did not, and one of a plain state value.
    static let checked = JourneyResult(
        name: "Sheet flick", file: "journeys/airfit/sheet.yaml", status: .failed, wallMilliseconds: 3,
        virtualMilliseconds: 600,
        steps: [
            StepResult(
                kind: "advance", label: "advance 200 ms", location: SourceLocation(file: file, line: 3), startMs: 0,
                endMs: 200, passed: true),
            StepResult(
                kind: "expect", label: "expect hero.progress, budget.spent",
                location: SourceLocation(file: file, line: 4), startMs: 200, endMs: 200, passed: true),
            StepResult(
                kind: "expect", label: "expect hero.progress", location: SourceLocation(file: file, line: 5),
                startMs: 600, endMs: 600, passed: false),
        ],
        timeline: TimelineData(
            series: [
                TimelineData.Series(path: "hero.progress", points: springPoints()),
                TimelineData.Series(
                    path: "gradient.phase", points: [.init(t: 0, v: 0), .init(t: 600, v: 0.5)], endless: true),
            ],
            haptics: [TimelineData.Mark(t: 0, label: "light", source: "hero.beginTransition")],
            steps: [
                TimelineData.Mark(t: 0, label: "advance 200 ms"),
                TimelineData.Mark(t: 200, label: "expect hero.progress, budget.spent"),
                TimelineData.Mark(t: 600, label: "expect hero.progress", failed: true),
            ],
            expectations: [
                TimelineData.Expectation(
                    t: 200, step: 1, path: "hero.progress", series: "hero.progress", low: 0.921, high: 0.923,
                    expected: 0.922, text: "hero.progress ≈ 0.922 ± 0.001 (actual 0.9224)", passed: true),
                TimelineData.Expectation(
                    t: 200, step: 1, path: "budget.spent", low: 120, high: 120, expected: 120,
                    text: "budget.spent = 120 (actual 120)", passed: true),
                TimelineData.Expectation(
                    t: 600, step: 2, path: "hero.progress", series: "hero.progress", low: 0.5, high: 0.5,
                    expected: 0.5, text: "hero.progress = 0.5 (actual 1)", passed: false),
            ],
            endMs: 600))

    /// A critically damped-ish spring from 0 to 1, sampled every frame.
    static func springPoints() -> [TimelineData.Point] {
        stride(from: 0.0, through: 600, by: 1000.0 / 60).map { t in
            let s = t / 1000
            let omega = 2 * Double.pi / 0.4
            return TimelineData.Point(t: t, v: 1 - (1 + omega * s) * exp(-omega * s))
        }
    }
}

/// How many times `needle` occurs in `text`.
private func occurrences(of needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
}

@Suite struct JUnitReportTests {
    @Test func parsesAsXMLWithTheCounts() throws {
        let xml = JUnitReport.render(ReportSamples.all, suiteName: "journeys")
        let document = try XMLDocument(xmlString: xml, options: [])
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        let suite = try #require(root.elements(forName: "testsuite").first)
        #expect(suite.attribute(forName: "tests")?.stringValue == "3")
        #expect(suite.attribute(forName: "failures")?.stringValue == "1")
        #expect(suite.attribute(forName: "errors")?.stringValue == "1")
        #expect(suite.attribute(forName: "time")?.stringValue == "0.033")
        let cases = suite.elements(forName: "testcase")
        #expect(cases.count == 3)
        #expect(cases[0].attribute(forName: "classname")?.stringValue == ReportSamples.file)
        #expect(cases[0].attribute(forName: "name")?.stringValue == "Hero transition [settings.mode=standard]")
        #expect(cases[0].attribute(forName: "time")?.stringValue == "0.012")
        #expect(cases[0].elements(forName: "failure").isEmpty)
        #expect(cases[0].elements(forName: "system-out").first?.stringValue?.contains("advance 600 ms") == true)

        let failure = try #require(cases[1].elements(forName: "failure").first)
        #expect(failure.attribute(forName: "type")?.stringValue == "expectation")
        #expect(failure.attribute(forName: "message")?.stringValue == "budgets.alert did not match <offset>")
        let details = try #require(failure.stringValue)
        #expect(details.contains("journeys/shared/checks.yaml:7 (included from journeys/foundation/budget.yaml:9)"))
        #expect(details.contains("+   \"offset\": 12.5,"))
        #expect(details.contains("t=200 haptic style=light source=budgets.alert"))

        let error = try #require(cases[2].elements(forName: "error").first)
        #expect(error.attribute(forName: "message")?.stringValue?.hasPrefix("cannot read") == true)
    }

    @Test func escapesMarkupAndDropsControlCharacters() throws {
        let xml = JUnitReport.render(ReportSamples.all)
        #expect(xml.contains("name=\"Budget &lt;&amp;&quot;&apos;&gt; alert\u{7F}\""))
        #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r" })
        let document = try XMLDocument(xmlString: xml, options: [])
        let names = try document.nodes(forXPath: "//testcase/@name").compactMap(\.stringValue)
        #expect(names.contains("Budget <&\"'> alert\u{7F}"))
    }

    @Test func emptyRunIsStillValid() throws {
        let document = try XMLDocument(xmlString: JUnitReport.render([], suiteName: "none"), options: [])
        #expect(document.rootElement()?.attribute(forName: "tests")?.stringValue == "0")
    }
}

@Suite struct TAPReportTests {
    @Test func planAndTestPoints() {
        let lines = TAPReport.render(ReportSamples.all).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        #expect(lines[0] == "TAP version 14")
        #expect(lines[1] == "1..3")
        #expect(lines[2] == "ok 1 - Hero transition [settings.mode=standard]")
        #expect(lines[3].hasPrefix("not ok 2 - Budget <&\"'> alert"))
        #expect(lines[4] == "  ---")
        #expect(lines.contains("  message: \"budgets.alert did not match <offset>\""))
        #expect(lines.contains("  severity: fail"))
        #expect(
            lines.contains("  at: \"journeys/shared/checks.yaml:7 (included from journeys/foundation/budget.yaml:9)\""))
        #expect(lines.contains("  virtualMs: 400"))
        #expect(lines.contains("  expected: {\"offset\":0,\"visible\":true}"))
        #expect(lines.contains("  actual: {\"offset\":12.5,\"visible\":true}"))
        #expect(lines.contains("not ok 3 - Onboarding"))
        #expect(lines.contains("  severity: error"))
        #expect(lines.filter { $0 == "  ---" }.count == 2)
        #expect(lines.filter { $0 == "  ..." }.count == 2)
        #expect(lines.last == "")
    }

    @Test func escapesHashAndBackslashInDescriptions() {
        var result = ReportSamples.passed
        result.name = "a # b \\ c\nd"
        result.variant = nil
        #expect(TAPReport.render([result]).contains("ok 1 - a \\# b \\\\ c d\n"))
    }
}

@Suite struct JSONReportTests {
    @Test func summaryAndJourneys() throws {
        let json = try JSONValue.parse(JSONReport.render(ReportSamples.all, wallMilliseconds: 35.25))
        #expect(json["summary"]?["passed"] == 1)
        #expect(json["summary"]?["failed"] == 1)  // each journey counted once: the error is not a failure too
        #expect(json["summary"]?["errors"] == 1)
        #expect(json["summary"]?["skipped"] == 0)
        #expect(json["summary"]?["total"] == 3)
        #expect(json["summary"]?["wallMs"] == 35.25)
        let journeys = try #require(json["journeys"]?.arrayValue)
        #expect(journeys.count == 3)
        #expect(journeys[0]["status"] == "passed")
        #expect(journeys[0]["variant"] == "settings.mode=standard")
        #expect(journeys[0]["failure"] == .null)
        #expect(journeys[0]["virtualMs"] == 600)
        #expect(journeys[0]["steps"]?[1]?["endMs"] == 600)
        #expect(journeys[0]["steps"]?[1]?["location"]?["line"] == 4)
        #expect(journeys[1]["name"] == .string(ReportSamples.weirdName))
        #expect(journeys[1]["variant"] == .null)
        #expect(journeys[1]["failure"]?["expected"]?["offset"] == 0)
        #expect(journeys[1]["failure"]?["actual"]?["offset"] == 12.5)
        #expect(journeys[1]["failure"]?["location"]?["includeChain"] == ["journeys/foundation/budget.yaml:9"])
        #expect(journeys[1]["failure"]?["diff"]?.arrayValue?.count == 5)
        #expect(journeys[2]["status"] == "error")
        #expect(journeys[2]["failure"]?["expected"] == nil)
    }
}

@Suite struct ConsoleReportTests {
    @Test func summaryLineMatchesTheContract() throws {
        let summary = ConsoleReport.summary(ReportSamples.all, wallMilliseconds: 35.2, color: false)
        let lines = summary.split(separator: "\n").map(String.init)
        #expect(lines == ["3 journeys in 35.2 ms", "1 passed, 2 failed"])
        let pattern = try Regex(#"^(\d+) passed, (\d+) failed$"#)
        #expect(try pattern.wholeMatch(in: lines[1]) != nil)
        let colored = ConsoleReport.summary(ReportSamples.all, wallMilliseconds: 35.2, color: true)
        #expect(colored.contains("\u{1B}["))
        #expect(colored.split(separator: "\n").last.map(String.init) == "1 passed, 2 failed")
        #expect(
            ConsoleReport.summary([ReportSamples.passed], wallMilliseconds: 1, color: false)
                == "1 journey in 1.0 ms\n1 passed, 0 failed")
    }

    @Test func journeyLines() {
        #expect(
            ConsoleReport.line(for: ReportSamples.passed, color: false)
                == "✓ Hero transition [settings.mode=standard]  12.3 ms (virtual 600 ms)")
        #expect(ConsoleReport.line(for: ReportSamples.error, color: false) == "✗ Onboarding  0.4 ms (error)")
        let failed = ConsoleReport.line(for: ReportSamples.failed, color: false)
        #expect(failed.hasPrefix("✗ Budget <&\"'> alert\u{FFFD}\u{FFFD}  20.5 ms (virtual 400 ms)"))
        #expect(!ConsoleReport.line(for: ReportSamples.passed, color: false).contains("\u{1B}"))
        #expect(ConsoleReport.line(for: ReportSamples.passed, color: true).contains("\u{1B}[32m✓\u{1B}[0m"))
    }

    @Test func failureDetails() {
        #expect(ConsoleReport.failureDetails(ReportSamples.passed, color: false).isEmpty)
        let details = ConsoleReport.failureDetails(ReportSamples.failed, color: false)
        let lines = details.split(separator: "\n").map(String.init)
        #expect(
            lines[0]
                == "    journeys/shared/checks.yaml:7 (included from journeys/foundation/budget.yaml:9)"
                + " at virtual 400 ms"
        )
        #expect(lines[1] == "    budgets.alert did not match <offset>")
        #expect(lines.contains("    expected:"))
        #expect(lines.contains("          \"offset\": 12.5,"))
        #expect(lines.contains("        +   \"offset\": 12.5,"))
        #expect(lines.contains("        t=200 haptic style=light source=budgets.alert"))
        #expect(lines.contains("        t=320 announcement text=\"Budget exceeded\""))
        #expect(!details.contains("\u{1B}"))
        #expect(ConsoleReport.failureDetails(ReportSamples.failed, color: true).contains("\u{1B}[31m"))
    }
}

@Suite struct HTMLReportTests {
    @Test func oneTimelinePerJourneyAndEscapedText() throws {
        let html = HTMLReport.render(ReportSamples.all, title: "Report <1>")
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(occurrences(of: "<svg", in: html) == 3)
        #expect(occurrences(of: "</svg>", in: html) == 3)
        #expect(html.contains("<title>Report &lt;1&gt; — 1 passed, 2 failed</title>"))
        #expect(html.contains("1 passed</span>"))
        #expect(html.contains("2 failed</span>"))
        #expect(html.contains("Budget &lt;&amp;&quot;&#39;&gt; alert"))
        #expect(!html.contains("Budget <&"))
        #expect(html.contains("Details &lt;shown&gt;"))
        #expect(!html.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
        #expect(!html.contains("src="))
        #expect(!html.contains("href=\"http"))
        #expect(!html.contains("<link"))
    }

    @Test func failedJourneysComeFirstAndOpen() throws {
        let html = HTMLReport.render(ReportSamples.all)
        let failed = try #require(html.range(of: "<details class=\"journey failed\" id=\"journey-2\" open>"))
        let error = try #require(html.range(of: "<details class=\"journey error\" id=\"journey-3\" open>"))
        let passed = try #require(html.range(of: "<details class=\"journey passed\" id=\"journey-1\">"))
        #expect(failed.lowerBound < error.lowerBound)
        #expect(error.lowerBound < passed.lowerBound)
    }

    @Test func timelinesAreWellFormedSVG() throws {
        let html = HTMLReport.render(ReportSamples.all)
        var rest = html[...]
        var count = 0
        while let start = rest.range(of: "<svg"),
            let end = rest.range(of: "</svg>", range: start.upperBound..<rest.endIndex)
        {
            let svg = String(rest[start.lowerBound..<end.upperBound])
            let document = try XMLDocument(xmlString: svg, options: [])
            #expect(document.rootElement()?.name == "svg")
            rest = rest[end.upperBound...]
            count += 1
        }
        #expect(count == 3)
        #expect(html.contains("<polyline"))
        #expect(html.contains("hero.progress"))
        #expect(html.contains("class=\"failline\""))
        #expect(html.contains("No timeline was recorded"))
    }

    @Test func hapticMarkersNameStyleAndSource() {
        let html = HTMLReport.render([ReportSamples.checked])
        #expect(html.contains("<title>light · hero.beginTransition at 0 ms</title>"))
        #expect(html.contains("data-source=\"hero.beginTransition\""))
    }

    @Test func endlessLoopsAreFoldedAwayInTheirOwnTimeline() throws {
        let html = HTMLReport.render([ReportSamples.checked])
        #expect(occurrences(of: "<svg", in: html) == 2)
        let details = try #require(html.range(of: "<details class=\"loops\"><summary>1 endless loop"))
        let loop = try #require(html.range(of: "gradient.phase</text>"))
        let finite = try #require(html.range(of: "hero.progress</text>"))
        #expect(finite.lowerBound < details.lowerBound)
        #expect(details.lowerBound < loop.lowerBound)
        // The passing sample has no loop, so no section for one.
        #expect(!HTMLReport.render([ReportSamples.passed]).contains("endless loop"))
    }

    @Test func checkedValuesAreMarkedOnTheirCurvesOrListedInTheirStep() {
        let html = HTMLReport.render([ReportSamples.checked])
        #expect(occurrences(of: "<g class=\"expect pass\"", in: html) == 1)
        #expect(occurrences(of: "<g class=\"expect fail\"", in: html) == 1)
        #expect(html.contains("<title>hero.progress ≈ 0.922 ± 0.001 (actual 0.9224) at 200 ms</title>"))
        #expect(html.contains("hero.progress = 0.5 (actual 1) at 600 ms"))
        // A plain state value has no marker; its step's tooltip lists it.
        #expect(!html.contains("data-path=\"budget.spent\""))
        #expect(html.contains("200 ms  expect hero.progress, budget.spent&#10;  ✓ budget.spent = 120 (actual 120)"))
    }

    @Test func zoomAndCursorHaveWhatTheyNeed() throws {
        let html = HTMLReport.render([ReportSamples.checked])
        for zoom in ["1", "2", "4", "8"] { #expect(html.contains("data-zoom=\"\(zoom)\"")) }
        #expect(html.contains("<g class=\"zx\">"))
        #expect(html.contains("<g class=\"pin\" data-x="))
        #expect(html.contains("<line class=\"cursor\""))
        #expect(html.contains("getScreenCTM"))
        // The lanes' samples, as JSON in an attribute: the finite lane in the main timeline.
        let start = try #require(html.range(of: "data-lanes=\""))
        let end = try #require(html.range(of: "\"", range: start.upperBound..<html.endIndex))
        let json = String(html[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&quot;", with: "\"")
        let lanes = try #require(try JSONValue.parse(json).arrayValue)
        #expect(lanes.count == 1)
        #expect(lanes.first?["p"]?.stringValue == "hero.progress")
        #expect((lanes.first?["d"]?.arrayValue?.count ?? 0) == 2 * ReportSamples.springPoints().count)
    }

    @Test func emptyReport() {
        let html = HTMLReport.render([])
        #expect(html.contains("0 passed, 0 failed"))
        #expect(occurrences(of: "<svg", in: html) == 0)
    }
}

/// The HTML timeline in the user's terms (issue 29 #3): lanes named and ordered by what the journey asserts, and
/// summaries that show where a value went.
@Suite struct HTMLTimelineTermsTests {
    @Test(arguments: [
        ([0, 0.5, 1, 0.5, 0], [0, 1, 0]),
        ([0, 1], [0, 1]),
        ([1, 1, 0, 0, 1], [1, 0, 1]),
        ([0, 2, 1, 3, 0, 4], [0, 2, 1, .nan, 4]),
    ])
    func aSummaryShowsEachTurningPoint(values: [Double], expected: [Double]) {
        let path = HTMLTimeline.valuePath(values)
        #expect(path.count == expected.count)
        for (got, want) in zip(path, expected) { #expect(got == want || (got.isNaN && want.isNaN), "\(path)") }
    }

    @Test func assertedLanesComeFirstByTheirFirstCheckThenTheRestByFeature() {
        let series = ["scroll.dashboard.y", "sheet.1.progress", "hero.progress", "cascade.dashboard", "refresh.pull"]
            .map { TimelineData.Series(path: $0, points: []) }
        let checks = [
            TimelineData.Expectation(
                t: 300, step: 4, path: "hero.progress", series: "hero.progress", text: "", passed: true),
            TimelineData.Expectation(
                t: 100, step: 2, path: "sheet.progress", series: "sheet.1.progress", text: "", passed: true),
        ]
        #expect(
            HTMLTimeline.ordered(series, expectations: checks).map(\.path) == [
                "sheet.1.progress", "hero.progress", "cascade.dashboard", "refresh.pull", "scroll.dashboard.y",
            ])
    }
}
