import ChoreoJSON
import Testing

@testable import JourneyKit

/// `journey validate` reports every mistake of a file at once, each at its line (issue 28 #4): the header, steps,
/// variables, screens, result keys, tabs and duplicate keys.
@Suite struct ValidatorTests {
    /// ``testContract`` with screens, data parts and the results of `ui.tap` and `ui.navigate`, as an app
    /// description gives them.
    static let contract: JourneyContract = {
        var contract = testContract
        contract.methods["session.create"]! += [
            .init(name: "physics", types: [.string], choices: ["swiftui", "ideal"]),
            {
                var fps = JourneyContract.Parameter(name: "fps", types: [.integer])
                fps.numberChoices = [60, 120]
                return fps
            }(),
            .init(name: "data", types: [.object]),
        ]
        contract.screens["finpessoal"] = ["dashboard", "transactions", "goals"]
        contract.dataParts["finpessoal"] = ["transactions", "goals"]
        let started = JourneyContract.PathNode.object(["started": .leaf, "transition": .leaf])
        let refusal = JourneyContract.PathNode.object(["refused": .leaf, "reason": .leaf, "message": .leaf])
        contract.results["finpessoal"] = [
            "ui.tap": [started, refusal], "ui.navigate": [.object(["navigated": .leaf])],
        ]
        return contract
    }()

    func problems(_ text: String) -> [JourneyError] {
        var parser = inMemoryParser(["j.yaml": text])
        parser.contract = Self.contract
        return parser.check(file: "j.yaml").problems
    }

    @Test func everyMistakeOfAFileIsReportedAtOnceAtItsLineInFileOrder() {
        let found = problems(
            """
            journey: many mistakes
            app: FinPessoal
            physics: SwiftUI
            fps: 90
            settings: {mode: ful}
            steps:
              - tap: "${nothing}"
              - advance: 400
              - expect: {hero.progres: 1}
              - navigate: dashbord
              - tap: transactions/row/t1
                as: tap
              - expect: {$tap.startd: true}
              - advanc: 100
            """)
        // The misspelt app is read as `finpessoal`, so `hero.progres` (line 9) is not hidden behind it.
        #expect(found.map(\.line) == [2, 3, 4, 5, 7, 9, 10, 13, 14], "\(found)")
        #expect(found[0].message.hasPrefix("unknown app 'FinPessoal'; did you mean `finpessoal`?"))
        #expect(found[1].message.contains("`physics` is one of swiftui, ideal, not 'SwiftUI'; did you mean `swiftui`?"))
        #expect(found[2].message.contains("`fps` is one of 60, 120, not 90"))
        #expect(found[3].message.contains("`settings.mode` is one of full, reduced, minimal, not 'ful'"))
        #expect(found[4].message.hasPrefix("unknown variable `${nothing}`"))
        #expect(found[5].message.contains("did you mean `progress`?"))
        #expect(found[6].message.contains("did you mean `dashboard`?"))
        #expect(found[7].message.contains("did you mean `started`?"))
        #expect(found[8].message.contains("did you mean `advance`?"))
    }

    /// Expectations that can never pass are refused before anything runs (issue 46 #3): a negative `tol`, bounds no
    /// number meets, a value a state path never takes; and a key given twice in a flow mapping is named at its line
    /// with its first.
    @Test func expectationsThatCanNeverPassAreRefusedAtTheirLines() {
        let found = problems(
            """
            journey: never
            steps:
              - expect: {hero.progress: {approx: 1, tol: -0.1}}
              - expect: {hero.progress: {gt: 0.8, lt: 0.2}}
              - expect: {hero.progress: {gte: 0.5, lt: 0.5}}
              - expect: {hero.progress: {gte: 0.5, lte: 0.5}}
              - expect: {sheets.0.phase: presentd}
              - expect: {sheets.0.phase: {in: [presented, gone]}}
              - expect: {sheets.0.phase: presented}
            """)
        #expect(found.map(\.line) == [3, 4, 5, 7, 8], "\(found)")
        #expect(found[0].message.contains("`tol:` is a distance and takes a number ≥ 0, not -0.1"), "\(found[0])")
        #expect(found[1].message.contains("`gt: 0.8` and `lt: 0.2` leave no number to match"), "\(found[1])")
        #expect(found[2].message.contains("`gte: 0.5` and `lt: 0.5` leave no number to match"), "\(found[2])")
        #expect(
            found[3].message.contains(
                "`sheets.0.phase` is always one of presenting, presented, dismissing; "
                    + "'presentd' never is; did you mean `presented`?"), "\(found[3])")
        #expect(found[4].message.contains("'gone' never is"), "\(found[4])")

        let twice = problems(
            """
            journey: twice
            steps:
              - expect: {hero.progress: 1,
                         hero.isTransitioning: false, hero.progress: 0}
            """)
        #expect(twice.map(\.line) == [4], "\(twice)")
        #expect(
            twice.first?.message.contains("the key 'hero.progress' appears twice in this mapping (first at line 3)")
                == true, "\(twice)")
    }

    @Test func aMatrixsSessionValuesAreCheckedAtTheirLines() {
        let found = problems(
            """
            journey: x
            matrix:
              - name: one
                physics: SwiftUI
              - settings.mode: ful
                app: FinPesoal
            steps:
              - advance: 1
            """)
        let messages = found.map { "\($0.line): \($0.message)" }
        #expect(found.map(\.line) == [4, 5, 6], "\(messages)")
        #expect(messages[0].contains("`physics` is one of swiftui, ideal, not 'SwiftUI'"))
        #expect(messages[1].contains("`settings.mode` is one of full, reduced, minimal, not 'ful'"))
        #expect(messages[2].contains("unknown app 'FinPesoal'; did you mean `finpessoal`?"))
    }

    @Test func theHeadersVariablesAreCheckedAndTheirValuesToo() {
        var parser = inMemoryParser(["j.yaml": "journey: x\nphysics: ${PHYS}\nfps: ${FPS}\nsteps:\n  - advance: 1\n"])
        parser.contract = Self.contract
        parser.variables = ["FPS": 90]
        let found = parser.check(file: "j.yaml").problems
        #expect(found.count == 2, "\(found)")
        #expect(found.contains { $0.line == 2 && $0.message.hasPrefix("unknown variable `${PHYS}`") })
        #expect(found.contains { $0.line == 3 && $0.message.contains("`fps` is one of 60, 120, not 90") })
    }

    @Test func withAKnownAppScreensStatePathsAndResultKeysAreCheckedToo() {
        let found = problems(
            """
            journey: x
            settings: {reduceMoton: true}
            data: {transactons: []}
            steps:
              - expect: {hero.progres: 1}
              - navigate: dashbord
              - call: ui.navigate
                params: {screen: golas}
              - tap: transactions/row/t1
                as: tap
              - expect: {$tap.startd: true, $tap.refused: false}
              - advance: "${tap.transiton}"
            """)
        let messages = found.map { "\($0.line): \($0.message)" }
        #expect(found.map(\.line) == [2, 3, 5, 6, 8, 11, 12], "\(messages)")
        #expect(messages[0].contains("no parameter `settings.reduceMoton`"))
        #expect(messages[1].contains("`data.transactons`: finpessoal's dataset has no part 'transactons'"))
        #expect(messages[1].contains("did you mean `transactions`?"))
        #expect(messages[2].contains("`hero` has no `progres`; did you mean `progress`?"))
        #expect(messages[3].contains("unknown screen 'dashbord' of finpessoal; did you mean `dashboard`?"))
        #expect(messages[4].contains("unknown screen 'golas' of finpessoal; did you mean `goals`?"))
        #expect(messages[5].contains("`$tap.startd`: a ui.tap result has no `startd`; did you mean `started`?"))
        #expect(
            messages[6].contains("`$tap.transiton`: a ui.tap result has no `transiton`; did you mean `transition`?"))
    }

    @Test func aStepWithAMistakeKeepsItsNameSoLaterStepsAreNotBlamed() {
        let found = problems(
            """
            journey: x
            steps:
              - tap: {target: a, nonsense: 1}
                as: t
              - expect: {$t.started: true}
            """)
        #expect(found.count == 1 && found[0].line == 3, "\(found)")
    }

    @Test func aMisspeltShortMatcherOnAValueIsNamed() {
        let found = problems(
            "journey: x\nsteps:\n  - expect: {hero.progress: {gtee: 0.5}}\n  - expect: {last.params: {gtee: 1}}\n")
        #expect(found.count == 1, "\(found)")  // `last.params` holds anything: a mapping may equal it
        #expect(found.first?.line == 3)
        #expect(found.first?.message.hasPrefix("'gtee' is not a matcher; did you mean `gte`?") == true)
    }

    @Test func aParameterWithAReaderOfItsOwnIsReadByIt() {
        var contract = Self.contract
        var curve = JourneyContract.Parameter(name: "curve", types: nil)
        curve.check = { $0["linear"] == nil ? "takes {linear: {...}} here" : nil }
        contract.methods["lab.animate"] = [
            .init(name: "session", types: [.string]), .init(name: "name", types: [.string]), curve,
        ]
        var parser = inMemoryParser([
            "j.yaml": "journey: x\nsteps:\n  - call: lab.animate\n    params: {name: x, curve: {spring: {}}}\n"
        ])
        parser.contract = contract
        let found = parser.check(file: "j.yaml").problems
        #expect(found.map(\.message) == ["lab.animate `curve`: takes {linear: {...}} here"])
    }

    @Test func aTabInTheIndentationIsNamedAtItsLineWithTheFix() {
        let found = problems("journey: x\nsteps:\n\t- advance: 1\n  - advance: 2\n\t- advance: 3\n")
        #expect(found.count == 1)
        #expect(found[0].line == 3)
        #expect(
            found[0].message == "a tab in the indentation; YAML indents with spaces: use spaces (tabs also on lines 5)")
    }

    @Test(arguments: [
        ("journey: x\nsteps:\n  - advance: 1\njourney: y\n", 4, "'journey'", 1),
        ("journey: x\nsteps:\n  - tap: a\n    as: t\n    as: u\n", 5, "'as'", 4),
        ("journey: x\nsettings:\n  mode: full\n  mode: reduced\nsteps: []\n", 4, "'mode'", 3),
        // A flow mapping written over several lines (issue 46 #3, found from outside): the second use at its line.
        (
            "journey: x\nsteps:\n  - expect: {lab.values.x: 0.25,\n      settings.mode: full,\n      lab.values.x: 0.5}\n",
            5, "'lab.values.x'", 3
        ),
        ("journey: x\nsettings: {mode: full,\n  mode: reduced}\nsteps: []\n", 3, "'mode'", 2),
    ])
    func aDuplicateKeyIsNamedAtItsSecondLineWithoutEchoingTheFile(
        text: String, line: Int, key: String, first: Int
    ) {
        let found = problems(text)
        #expect(found.count == 1)
        #expect(found[0].line == line)
        #expect(found[0].message.hasPrefix("the key \(key) appears twice in this mapping (first at line \(first))"))
        #expect(!found[0].message.contains("Context"))
    }

    @Test func keysInDifferentItemsOrMappingsAreNoDuplicates() {
        #expect(YAMLDiagnosis.duplicateKey(in: "a:\n  - x: 1\n  - x: 2\nb:\n  x: 3\nc: {x: 1}\n") == nil)
    }

    @Test func aResultKeptFromAnotherSessionOrAnExpectedErrorIsNotChecked() {
        let found = problems(
            """
            journey: x
            steps:
              - call: session.create
                as: other
              - call: ui.tap
                params: {session: "${other.session}", target: a}
                as: elsewhere
              - call: ui.navigate
                params: {screen: nowhere}
                expectError: -32004
                as: refused
              - expect: {$elsewhere.whatever: 1, $refused.data.screen: nowhere}
            """)
        #expect(found.isEmpty, "\(found)")
    }
}

/// The runner's picking and naming of variants (issue 28 #3).
@Suite struct VariantTests {
    func journey(_ text: String) throws -> Journey {
        try inMemoryParser(["j.yaml": text]).parse(file: "j.yaml")
    }

    @Test func variantsAreNamedByNameOrAShortLabelAndPickedByFilterOrLine() throws {
        let parsed = try journey(
            """
            journey: x
            matrix:
              - name: Reduced Motion
                settings.mode: reduced
              - settings.mode: full
                data.transactions: [{id: a}, {id: b}, {id: c}]
                note: "a value much longer than twenty-four characters"
            steps:
              - advance: 1
            """)
        #expect(parsed.variantLabel(0) == "Reduced Motion")
        #expect(
            parsed.variantLabel(1)
                == "settings.mode=full,data.transactions=[3 items],note=a value much longer tha…")
        #expect(JourneyFilter(["reduced motion"]).variants(of: parsed) == [0])
        #expect(JourneyFilter(["data.transactions=[3 items]"]).variants(of: parsed) == [1])
        #expect(JourneyFilter(["j.yaml:6"]).variants(of: parsed) == [1])
        #expect(JourneyFilter(["j.yaml:9"]).variants(of: parsed) == [0, 1])  // not in an entry: the whole journey
        #expect(JourneyFilter(["x"]).variants(of: parsed) == [0, 1])
        #expect(JourneyFilter(["other.yaml:3"]).variants(of: parsed).isEmpty)
    }

    @Test func twoNamesThatDifferOnlyInCaseAreRefused() {
        #expect(throws: JourneyError.self) {
            try journey("journey: x\nmatrix:\n  - {name: Same, a: 1}\n  - {name: same, a: 2}\nsteps: []\n")
        }
    }

    @Test func aLongNameStillMakesASafeShortFileName() {
        let name = AHAPFiles.safe(String(repeating: "é/x", count: 80), limit: 100)
        #expect(name.utf8.count == 100 && name.contains("~"))
        #expect(name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-=~".contains($0)) })
    }
}
