import Foundation
import Testing

@testable import JourneyKit

/// A parser reading from an in-memory set of files.
private func parser(_ files: [String: String]) -> JourneyParser { inMemoryParser(files) }

/// A YAML step mapping as an item of a `steps:` list (indented under `  - `).
private func listItem(_ step: String) -> String {
    "  - " + step.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n    ") + "\n"
}

/// A journey file with one step on line 3.
private func journey(_ step: String) -> String {
    "journey: x\nsteps:\n" + listItem(step)
}

/// The keyword a step example starts with.
private func keyword(of example: String) -> String {
    String(example.prefix { $0 != ":" })
}

/// One malformed step per keyword, each wrong on its first line (so the error's line is the step's line).
private let malformed: [String: String] =
    [
        "call": "call: 3",
        "advance": "advance: soon",
        "settle": "settle: {timeoutMs: 1, x: 2}",
        "expect": "expect: []",
        "expectHaptics": "expectHaptics: light",
        "expectAnnouncements": "expectAnnouncements: [{style: x}]",
        "expectTrace": "expectTrace: 3",
        "expectEvents": "expectEvents: 3",
        "mark": "mark: [1]",
        "sweep": "sweep: 3",
        "include": "include: [3]",
        "until": "until: {x: 1}",
    ].merging(UIShorthandStep.keywords.map { ($0, "\($0): [1]") }, uniquingKeysWith: { first, _ in first })

struct StepKindsTests {
    @Test func everyKeywordBelongsToOneKindOnly() {
        let keywords = StepKinds.all.flatMap { $0.keywords }
        #expect(Set(keywords).count == keywords.count)
        #expect(!keywords.contains(StepKinds.include))
        #expect(Set(StepKinds.keywords) == Set(keywords + [StepKinds.include]))
        #expect(StepKinds.keywords.count == keywords.count + 1)
    }

    @Test func everyKindHasAnExampleForEachKeywordAndEachExampleParsesToItsKind() throws {
        for kind in StepKinds.all {
            #expect(Set(kind.examples.map(keyword(of:))) == Set(kind.keywords), "\(kind)")
            for example in kind.examples {
                let parsed = try parser(["j.yaml": journey(example)]).parse(file: "j.yaml")
                #expect(parsed.steps.count == 1)
                #expect(type(of: parsed.steps[0].kind) == kind, "\(example)")
                #expect(StepKinds.byKeyword[keyword(of: example)] == kind)
            }
        }
    }

    @Test func anUnknownKeywordListsEveryKeyword() throws {
        let error = try #require(throws: JourneyError.self) {
            try parser(["j.yaml": journey("tapp: x")]).parse(file: "j.yaml")
        }
        let prefix = "unknown step 'tapp'; steps are "
        #expect(error.message.hasPrefix(prefix))
        #expect(error.message.hasSuffix("; did you mean `tap`?"))
        let lists = error.message.dropFirst(prefix.count).dropLast("; did you mean `tap`?".count)
            .components(separatedBy: " and the shorthands ")
        #expect(lists.count == 2)
        let listed = lists.flatMap { $0.components(separatedBy: ", ") }
        #expect(listed == StepKinds.keywords)
        #expect(Set(listed) == Set(StepKinds.all.flatMap { $0.keywords } + ["include"]))
    }

    @Test func theUnknownStepMessageIsUnchanged() throws {
        let error = try #require(throws: JourneyError.self) {
            try parser(["j.yaml": journey("tapp: x")]).parse(file: "j.yaml")
        }
        #expect(
            error.description
                == "j.yaml:3: unknown step 'tapp'; steps are call, advance, settle, expect, expectHaptics, "
                + "expectAnnouncements, expectEvents, expectTrace, mark, sweep, until, include and the shorthands back, "
                + "deviceMotion, dismiss, drag, navigate, present, pull, release, scroll, settings, tap, touch; "
                + "did you mean `tap`?")
    }

    @Test func everyKeywordHasAMalformedCase() {
        #expect(Set(malformed.keys) == Set(StepKinds.keywords))
    }

    @Test(arguments: StepKinds.keywords)
    func aParseErrorCarriesFileAndLine(_ keyword: String) throws {
        let step = try #require(malformed[keyword])
        let direct = try #require(throws: JourneyError.self) {
            try parser(["j.yaml": journey(step)]).parse(file: "j.yaml")
        }
        #expect(direct.file == "j.yaml")
        #expect(direct.line == 3)
        #expect(direct.description.hasPrefix("j.yaml:3: "))

        let files = [
            "dir/j.yaml": "journey: x\nsteps:\n  - advance: 1\n  - include: _steps.yaml\n",
            "dir/_steps.yaml": "- advance: 2\n" + listItem(step).dropFirst(2),
        ]
        let included = try #require(throws: JourneyError.self) {
            try parser(files).parse(file: "dir/j.yaml")
        }
        #expect(included.file == "dir/_steps.yaml")
        #expect(included.line == 2)
        #expect(included.includeChain == ["dir/j.yaml:4"])
        #expect(included.description.hasPrefix("dir/_steps.yaml:2 (included from dir/j.yaml:4): "))
    }

    @Test func aKeyAKindDoesNotTakeIsNamedWithWhatItTakes() throws {
        let error = try #require(throws: JourneyError.self) {
            try parser(["j.yaml": journey("tap: x\nparams: {}")]).parse(file: "j.yaml")
        }
        #expect(error.message == "'params' does not go with `tap` (it takes as)")
        #expect(error.line == 4)
    }

    @Test func shorthandsReportAsTheCallTheyStandFor() throws {
        let parsed = try parser(["j.yaml": journey("back: true")]).parse(file: "j.yaml")
        #expect(parsed.steps[0].name == "call")
        #expect(parsed.steps[0].label == "ui.back")
    }

    @Test func expectTraceResolvesItsGoldenFileAgainstTheJourneysFolder() throws {
        let parsed = try parser(["dir/j.yaml": journey("expectTrace: golden/a.json")]).parse(file: "dir/j.yaml")
        let step = try #require(parsed.steps[0].kind as? ExpectTraceStep)
        #expect(step.path == "dir/golden/a.json")
        #expect(parsed.steps[0].label == "expectTrace golden/a.json")
    }

    @Test func theReadmeNamesEveryKeyword() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        for keyword in StepKinds.keywords {
            #expect(text.contains("`\(keyword)`"), "README.md does not name the step kind `\(keyword)`")
        }
    }
}
