import ChoreoJSON
import Testing

@testable import JourneyKit

/// A parser reading from an in-memory set of files.
private func parser(_ files: [String: String]) -> JourneyParser { inMemoryParser(files) }

struct JourneyParserTests {
    @Test func readsEveryStepKindWithItsLine() throws {
        let text = """
            journey: All kinds
            steps:
              - advance: 1.5s
              - settle: {timeoutMs: 200}
              - expect: {hero.progress: {approx: 0.5, tol: 0.01}}
              - expectHaptics: [light, medium]
              - call: clock.now
                as: now
              - tap: transactions/row/t1
            """
        let journey = try parser(["j.yaml": text]).parse(file: "j.yaml")
        #expect(journey.name == "All kinds")
        #expect(journey.steps.map(\.name) == ["advance", "settle", "expect", "expectHaptics", "call", "call"])
        #expect(journey.steps.map(\.location.line) == [3, 4, 5, 6, 7, 9])
        let advance = try #require(journey.steps[0].kind as? AdvanceStep)
        #expect(advance.ms == 1500)
        let tap = try #require(journey.steps[5].kind as? UIShorthandStep)
        #expect(tap.call.method == "ui.tap")
        #expect(tap.call.params == ["target": "transactions/row/t1"])
        #expect(journey.steps[5].label == "ui.tap {\"target\":\"transactions/row/t1\"}")
    }

    @Test func yamlOneOneBooleansStayStrings() throws {
        let journey = try parser(["j.yaml": "journey: x\nsteps:\n  - expect: {a: no, b: yes, c: 'true', d: true}\n"])
            .parse(file: "j.yaml")
        let expect = try #require(journey.steps[0].kind as? ExpectStep)
        let matchers = Dictionary(uniqueKeysWithValues: expect.entries.map { ($0.path, $0.matcher) })
        #expect(matchers["a"] == .equals("no"))
        #expect(matchers["b"] == .equals("yes"))
        #expect(matchers["c"] == .equals("true"))
        #expect(matchers["d"] == .equals(true))
    }

    @Test func includesExpandWithVariablesAndNameTheirChain() throws {
        let files = [
            "dir/j.yaml": "journey: x\nsteps:\n  - include: _a.yaml\n    with: {screen: goals}\n",
            "dir/_a.yaml": "- navigate: ${screen}\n- include: _b.yaml\n",
            "dir/_b.yaml": "- tapp: nowhere\n",
        ]
        #expect {
            try parser(files).parse(file: "dir/j.yaml")
        } throws: { error in
            let e = error as! JourneyError
            return e.file == "dir/_b.yaml" && e.line == 1 && e.includeChain == ["dir/j.yaml:3", "dir/_a.yaml:2"]
                && e.message.contains("unknown step 'tapp'")
        }
    }

    @Test func anIncludeCycleIsAnError() {
        let files = ["j.yaml": "journey: x\nsteps:\n  - include: _a.yaml\n", "_a.yaml": "- include: j.yaml\n"]
        #expect(throws: JourneyError.self) { try parser(files).parse(file: "j.yaml") }
    }

    @Test func matrixExpandsToEveryCombinationInFileOrder() throws {
        let text = "journey: x\nmatrix:\n  settings.mode: [full, reduced]\n  fps: [60, 120]\nsteps:\n  - advance: 1\n"
        let journey = try parser(["j.yaml": text]).parse(file: "j.yaml")
        let labels = journey.variants.map { $0.map { "\($0.key)=\($0.value.serialized())" }.joined(separator: ",") }
        #expect(
            labels == [
                "settings.mode=\"full\",fps=60", "settings.mode=\"full\",fps=120", "settings.mode=\"reduced\",fps=60",
                "settings.mode=\"reduced\",fps=120",
            ])
        let (params, variables) = JourneyRunner.sessionParams(journey, variant: journey.variants[3])
        #expect(params == ["settings": ["mode": "reduced"], "fps": 120])
        #expect(variables["matrix"]?["settings"]?["mode"] == "reduced")
    }

    @Test(arguments: [
        ("journey: x\nsteps:\n  - advance: soon\n", "expected a duration"),
        ("journey: x\nsteps:\n  - expect: {a: {len: -1}}\n", "`len:` takes a whole number"),
        ("journey: x\nsteps:\n  - call: a.b\n    parms: {}\n", "'parms' does not go with `call`"),
        ("steps: []\n", "`journey:`"),
        ("journey: x\nstep: []\n", "unknown journey key 'step'"),
        ("journey: x\nsteps:\n  - advance: 1\n    settle: true\n", "one step per list item"),
    ])
    func reportsProblemsWithAMessageThatSaysWhatToDo(_ text: String, _ fragment: String) {
        #expect {
            try parser(["j.yaml": text]).parse(file: "j.yaml")
        } throws: { error in
            (error as? JourneyError)?.message.contains(fragment) == true
        }
    }

    @Test func matchersCompareAsDocumented() {
        #expect(Matcher.approx(1, tol: 0.1).matches(1.05))
        #expect(!Matcher.approx(1, tol: 0.01).matches(1.05))
        #expect(Matcher.elements([.equals(0), .approx(0.5, tol: 0.01)]).matches([0, 0.505]))
        #expect(Matcher.contains(.subset(["path": .equals("a")])).matches([["path": "b"], ["path": "a", "x": 1]]))
        #expect(Matcher.absent(true).matches(nil))
        #expect(!Matcher.equals(1).matches(nil))
        #expect(Matcher.matches("^ab").matches("abc"))
        #expect(Matcher.length(2).matches([1, 2]))
        #expect(Matcher.not(.oneOf([1, 2])).matches(3))
    }

    @Test func variablesKeepTheirTypeWhenTheWholeStringIsAReference() throws {
        let vars: [String: JSONValue] = ["r": ["now": 400, "list": [1, 2]]]
        #expect(try Variables.substituteOrThrow("${r.now}", vars, leaveUnknown: false) == 400)
        #expect(try Variables.substituteOrThrow("t=${r.list.1}ms", vars, leaveUnknown: false) == "t=2ms")
        #expect(throws: Variables.Unresolved.self) {
            try Variables.substituteOrThrow("${nope}", vars, leaveUnknown: false)
        }
    }
}
