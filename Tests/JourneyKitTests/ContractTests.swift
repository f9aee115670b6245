import ChoreoJSON
import Testing

@testable import JourneyKit

/// A small contract in the daemon's image: a few methods, a state tree with an array and a map, the haptic styles
/// and some event kinds.
let testContract: JourneyContract = {
    typealias P = JourneyContract.Parameter
    let session = P(name: "session", types: [.string], required: true)
    let styles = ["light", "medium", "heavy", "soft", "rigid", "selection", "success", "warning", "error"]
    let methods: [String: [P]] = [
        "clock.advance": [session, P(name: "ms", types: [.number], required: true)],
        "clock.now": [session],
        "state.get": [session, P(name: "path", types: [.string])],
        "ui.tap": [session, P(name: "target", types: [.string]), P(name: "point", types: [.object])],
        "ui.navigate": [session, P(name: "screen", types: [.string], required: true)],
        "ui.back": [session],
        "lab.haptic": [session, P(name: "style", types: [.string], choices: styles, required: true)],
        "lab.animate": [
            session, P(name: "name", types: [.string], required: true), P(name: "to", types: [.number]),
            P(name: "curve", types: nil, required: true),
        ],
        "session.create": [
            P(name: "app", types: [.string]),
            P(
                name: "settings", types: [.object],
                fields: [P(name: "mode", types: [.string], choices: ["full", "reduced", "minimal"])]),
        ],
    ]
    let tree = JourneyContract.PathNode.object([
        "hero": .object(["progress": .leaf, "isTransitioning": .leaf]),
        "sheets": .wildcard(.object(["phase": .choice(["presenting", "presented", "dismissing"]), "name": .leaf])),
        "screens": .wildcard(.object(["scrollY": .leaf])),
        "lab": .object(["values": .wildcard(.leaf)]),
        "last": .object(["params": .open]),
    ])
    let events = [
        JourneyContract.EventKind(kind: "action", fields: ["method", "params"]),
        JourneyContract.EventKind(kind: "navigation", fields: ["from", "to"]),
        JourneyContract.EventKind(kind: "haptic", fields: ["style", "source"]),
    ]
    return JourneyContract(
        methods: methods, stateTrees: ["finpessoal": tree, "airfit": .object(["lab": .object([:])])],
        defaultApp: "finpessoal", hapticStyles: styles, eventKinds: ["finpessoal": events, "airfit": events])
}()

/// A parser that checks against ``testContract`` and reads in-memory files.
func checkingParser(_ files: [String: String]) -> JourneyParser {
    var parser = inMemoryParser(files)
    parser.contract = testContract
    return parser
}

/// Every problem of a journey with the given steps (each a YAML line under `steps:`, from line 3).
private func problems(_ steps: String, header: String = "journey: x\n") -> [JourneyError] {
    let text = header + "steps:\n" + steps
    return checkingParser(["j.yaml": text]).check(file: "j.yaml").problems
}

/// The single problem of a journey, which must have one.
private func problem(_ steps: String, header: String = "journey: x\n") throws -> JourneyError {
    let found = problems(steps, header: header)
    try #require(found.count == 1, "\(found)")
    return found[0]
}

struct ContractTests {
    @Test func aMisspeltMatcherIsNotComparedAsALiteralMapping() throws {
        let error = try problem("  - advance: 1\n  - expect:\n      hero.progress: {aprox: 0.5, tol: 0.01}\n")
        #expect(error.line == 5)
        #expect(error.message.contains("'aprox' is not a matcher; did you mean `approx`?"))
        #expect(error.description.hasPrefix("j.yaml:5: "))
        // Without a contract too: a matcher's spelling is the journey's own business.
        #expect(throws: JourneyError.self) {
            try inMemoryParser(["j.yaml": "journey: x\nsteps:\n  - expect: {a: {Approx: 1}}\n"]).parse(file: "j.yaml")
        }
        let mixed = try problem("  - expect: {hero.progress: {tol: 0.1, approxx: 1, x: 2}}\n")
        #expect(mixed.message.contains("did you mean `approx`"))
        let mixedOnly = try problem("  - expect: {hero.progress: {gte: 0.1, value: 2}}\n")
        #expect(mixedOnly.message.contains("'value' is not a matcher, but gte is"))
        // Literal mappings whose keys are merely short are still literal values.
        #expect(problems("  - expect: {last.params: {id: 3, ok: true}}\n").isEmpty)
        #expect(problems("  - expect: {last.params: {eq: {aprox: 1}}}\n").isEmpty)
    }

    @Test func unknownStepsAndJourneyKeysAreNamedWithTheClosestOne() throws {
        let step = try problem("  - expectHaptic: [light]\n")
        #expect(step.line == 3)
        #expect(step.message.hasSuffix("; did you mean `expectHaptics`?"))
        let key = try #require(
            checkingParser(["j.yaml": "journey: x\nstepz: []\n"]).check(file: "j.yaml").problems.first)
        #expect(key.line == 2)
        #expect(key.message.hasSuffix("; did you mean `steps`?"))
    }

    @Test func anUnknownMethodIsNamedWithTheClosestOne() throws {
        let error = try problem("  - call: ui.tapp\n    params: {target: x}\n")
        #expect(error.line == 3)
        #expect(error.message.hasPrefix("unknown method 'ui.tapp'; did you mean `ui.tap`?"))
        #expect(error.message.contains("ui.* methods: ui.back, ui.navigate, ui.tap"))
        // Unless the journey expects exactly that error.
        #expect(problems("  - call: ui.tapp\n    expectError: -32601\n").isEmpty)
    }

    @Test func parameterNamesAndTypesAreChecked() throws {
        let name = try problem("  - call: ui.tap\n    params: {taget: x}\n")
        #expect(name.line == 4)
        #expect(name.message == "ui.tap takes no parameter `taget` (it takes target, point); did you mean `target`?")
        let type = try problem("  - call: clock.advance\n    params:\n      ms: soon\n")
        #expect(type.line == 5)
        #expect(type.message == "clock.advance `ms` takes a number, not string")
        let nested = try problem("  - call: session.create\n    params: {settings: {mode: ful}}\n")
        #expect(nested.message.contains("session.create `settings.mode` is one of full, reduced, minimal, not 'ful'"))
        #expect(nested.message.hasSuffix("did you mean `full`?"))
        let required = try problem("  - call: ui.navigate\n")
        #expect(required.message == "ui.navigate needs `screen`")
        // The misnamed parameter is likely the required one misspelt: one message, not also "needs `screen`".
        let shorthand = problems("  - navigate: {scren: goals}\n")
        #expect(
            shorthand.map(\.message) == [
                "ui.navigate takes no parameter `scren` (it takes screen); did you mean `screen`?"
            ])
        // References are filled in when the step runs; a call expecting an error sends a mistake on purpose.
        #expect(
            problems("  - call: clock.now\n    as: r\n  - call: clock.advance\n    params: {ms: \"${r.now}\"}\n")
                .isEmpty)
        #expect(problems("  - call: clock.advance\n    params: {ms: soon}\n    expectError: -32602\n").isEmpty)
    }

    @Test func hapticStylesAreChecked() throws {
        let short = try problem("  - expectHaptics: [light, lite]\n")
        #expect(short.line == 3)
        #expect(short.message.hasPrefix("unknown haptic style 'lite'; did you mean `light`?"))
        let long = try problem("  - expectHaptics:\n      haptics:\n        - {style: meduim, at: 3}\n")
        #expect(long.line == 5)
        #expect(long.message.contains("did you mean `medium`?"))
        let lab = try problem("  - call: lab.haptic\n    params: {style: lite}\n")
        #expect(lab.message.contains("lab.haptic `style` is one of light"))
        #expect(lab.message.hasSuffix("did you mean `light`?"))
        #expect(problems("  - expectHaptics: [{style: {matches: \"^l\"}}]\n").isEmpty)
    }

    @Test func statePathsAreCheckedAgainstTheJourneysApp() throws {
        let error = try problem("  - expect: {hero.progres: 1}\n")
        #expect(
            error.message
                == "`hero.progres` is not a state path of finpessoal: `hero` has no `progres`; did you mean `progress`?"
        )
        #expect(error.line == 3)
        let root = try problem("  - expect: {heros.progress: 1}\n")
        #expect(root.message.contains("the root has no `heros`; did you mean `hero`?"))
        let far = try problem("  - expect: {hero.zzz: 1}\n")
        #expect(far.message.contains("(keys: isTransitioning, progress)"))
        let leaf = try problem("  - expect: {hero.progress.x: 1}\n")
        #expect(leaf.message.contains("`hero.progress` has no keys (it is a value)"))
        // Indices, map keys, free-form values, kept results and references take anything.
        let fine = """
              - call: clock.now
                as: r
              - expect:
                  sheets.0.phase: presented
                  screens.goals.scrollY: 0
                  lab.values.anything: 1
                  last.params.deep.down: 1
                  $r.now: 0
                  ${r.path}: 1

            """
        #expect(problems(fine).isEmpty)
        // The app is the journey's: airfit declares no `hero`.
        let airfit = try problem("  - expect: {hero.progress: 1}\n", header: "journey: x\napp: airfit\n")
        #expect(airfit.message.hasPrefix("`hero.progress` is not a state path of airfit"))
        let read = try problem("  - call: state.get\n    params: {path: hero.progess}\n")
        #expect(read.line == 4)
        #expect(read.message.hasSuffix("did you mean `progress`?"))
        let kept = try problem("  - expect: {$nothing.now: 1}\n")
        #expect(kept.message.contains("`$nothing` names no result kept so far"))
    }

    @Test func anIncludeVariableWithoutWithIsNamed() throws {
        let files = [
            "dir/j.yaml": "journey: x\nsteps:\n  - include: _wait.yaml\n    with: {screen: goals}\n",
            "dir/_wait.yaml": "- navigate: ${screen}\n- advance: ${ms}\n",
        ]
        let found = checkingParser(files).check(file: "dir/j.yaml").problems
        try #require(found.count == 1)
        let error = found[0]
        #expect(error.file == "dir/_wait.yaml")
        #expect(error.line == 2)
        #expect(error.includeChain == ["dir/j.yaml:3"])
        #expect(error.message.hasPrefix("`${ms}`: the include at dir/j.yaml:3 gives no variable `ms`"))
        #expect(!error.message.contains("duration"))
        let typo = checkingParser([
            "dir/j.yaml": "journey: x\nsteps:\n  - include: _wait.yaml\n    with: {ms: 3}\n",
            "dir/_wait.yaml": "- advance: ${mss}\n",
        ]).check(file: "dir/j.yaml").problems
        #expect(typo.first?.message.hasSuffix("did you mean `ms`?") == true)
        let top = try problem("  - advance: ${matrix.endMs}\n")
        #expect(top.message.contains("(the journey has no `matrix:`)"))
        let path = try problem(
            "  - advance: ${matrix.endMS}\n", header: "journey: x\nmatrix:\n  - {endMs: 1}\n")
        #expect(path.message.contains("matrix has no `endMS`"))
        #expect(path.message.hasSuffix("did you mean `endMs`?"))
    }

    @Test func anUnquotedReferenceInAFlowMappingSuggestsQuotes() throws {
        let error = try problem("  - include: _a.yaml\n    with: {screen: ${name}}\n")
        #expect(error.message.contains("not valid YAML"))
        #expect(error.message.contains("must be quoted, e.g. \"${name}\""))
        #expect(error.line == 4 || error.line == 5)
    }

    @Test func mistakesInAnIncludedFileNameTheChainAndAllAreListed() throws {
        let files = [
            "dir/j.yaml": "journey: x\nsteps:\n  - advance: 1\n  - include: _steps.yaml\n",
            "dir/_steps.yaml": "- expectHaptics: [lite]\n- expect: {hero.progres: 1}\n- call: ui.tapp\n",
        ]
        let found = checkingParser(files).check(file: "dir/j.yaml").problems
        #expect(found.map(\.line) == [1, 2, 3])
        #expect(found.allSatisfy { $0.includeChain == ["dir/j.yaml:4"] && $0.file == "dir/_steps.yaml" })
        #expect(found[0].description.hasPrefix("dir/_steps.yaml:1 (included from dir/j.yaml:4): unknown haptic"))
        #expect(found.allSatisfy { $0.message.contains("did you mean") }, "\(found)")
    }

    @Test(arguments: [
        ("lite", ["light", "medium"], "light"), ("styel", ["source", "style"], "style"),
        ("taget", ["target"], "target"),
        ("ui.tapp", ["ui.tap", "ui.back"], "ui.tap"), ("Light", ["light"], "light"),
    ])
    func suggestionsFindTheClosestName(_ name: String, _ candidates: [String], _ expected: String) {
        #expect(Suggestion.closest(to: name, in: candidates) == expected)
    }

    @Test func farNamesGetNoSuggestion() {
        #expect(Suggestion.closest(to: "ms", in: ["at", "to"]) == nil)
        #expect(Suggestion.closest(to: "zzz", in: ["hero", "sheets"]) == nil)
        #expect(Suggestion.distance("styel", "style") == 1)
        #expect(Suggestion.distance("lite", "light") == 3)
    }

    @Test func eventKindsAndTheirFieldsAreChecked() throws {
        let kind = try problem("  - expectEvents: [navigaton]\n")
        #expect(kind.message.hasPrefix("unknown trace event kind 'navigaton'; did you mean `navigation`?"))
        let field = try problem("  - expectEvents: [{kind: haptic, styel: light}]\n")
        #expect(field.message.hasPrefix("a `haptic` event has no field `styel`; did you mean `style`?"))
        let trace = try problem("  - expectTrace: {golden: g.json, kinds: [hapitc]}\n")
        #expect(trace.message.contains("did you mean `haptic`?"))
    }

    @Test func aSinceMustNameAMarkSetEarlier() throws {
        let error = try problem("  - mark: tapped\n  - expectHaptics: {haptics: [], since: taped}\n")
        #expect(error.line == 4)
        #expect(error.message.contains("no mark 'taped' is set before this step"))
        #expect(error.message.contains("did you mean `tapped`?"))
        let later = try problem("  - expectEvents: {events: [], since: later}\n  - mark: later\n")
        #expect(later.message.contains("no mark 'later'"))
        let twice = try problem("  - mark: a\n  - mark: a\n")
        #expect(twice.message.contains("already set"))
        #expect(problems("  - mark: t\n  - expectAnnouncements: {announcements: [], since: t}\n").isEmpty)
    }

    @Test func everyAcceptanceStyleStepPassesTheContract() {
        let steps = """
              - navigate: goals
              - tap: transactions/row/t1
              - back: true
              - call: lab.animate
                params: {name: x, to: 1, curve: {spring: {response: 0.4}}}
              - mark: start
              - advance: 200
              - expectHaptics: {haptics: [light], since: start}
              - expectEvents: [navigation, {kind: haptic, style: light}]
              - expect: {hero.isTransitioning: false, hero.progress: {approx: 1, tol: 0.1}}

            """
        #expect(problems(steps) == [])
    }
}

struct MatrixListTests {
    @Test func aListOfMappingsIsOneVariantEachWithItsOwnValues() throws {
        let text = """
            journey: x
            matrix:
              - {settings.mode: full, endMs: 400}
              - {settings.mode: minimal, endMs: 100}
            steps:
              - advance: ${matrix.endMs}
              - expect: {hero.progress: "${matrix.settings.mode}"}

            """
        let journey = try checkingParser(["j.yaml": text]).parse(file: "j.yaml")
        #expect(journey.variants.count == 2)
        let labels = journey.variants.map { $0.map { "\($0.key)=\($0.value.serialized())" } }
        #expect(labels == [["settings.mode=\"full\"", "endMs=400"], ["settings.mode=\"minimal\"", "endMs=100"]])
        let (params, variables) = JourneyRunner.sessionParams(journey, variant: journey.variants[1])
        #expect(params == ["settings": ["mode": "minimal"]])
        #expect(variables["matrix"]?["endMs"] == 100)
        let advances = (0..<2).map { (journey.steps(ofVariant: $0)[0].kind as? AdvanceStep)?.ms }
        #expect(advances == [400, 100])
        let expects = (0..<2).map { (journey.steps(ofVariant: $0)[1].kind as? ExpectStep)?.entries[0].matcher }
        #expect(expects == [.equals("full"), .equals("minimal")])
    }

    @Test(arguments: [
        ("journey: x\nmatrix: [3]\nsteps: []\n", "each variant of a `matrix:` list is a mapping"),
        ("journey: x\nmatrix: []\nsteps: []\n", "or is a list of variants"),
        ("journey: x\nmatrix: {a: []}\nsteps: []\n", "needs a non-empty list"),
    ])
    func aMalformedMatrixSaysWhatItTakes(_ text: String, _ fragment: String) throws {
        let error = try #require(throws: JourneyError.self) {
            try inMemoryParser(["j.yaml": text]).parse(file: "j.yaml")
        }
        #expect(error.message.contains(fragment), "\(error.message)")
        #expect(error.line == 2)
    }
}

struct ExpectEventsTests {
    private func step(_ yaml: String) throws -> ExpectEventsStep {
        let journey = try checkingParser(["j.yaml": "journey: x\nsteps:\n  - " + yaml + "\n"]).parse(file: "j.yaml")
        return try #require(journey.steps[0].kind as? ExpectEventsStep)
    }

    private let trace: [JSONValue] = [
        ["seq": 2, "t": 0, "kind": "action", "method": "ui.tap"],
        ["seq": 3, "t": 0, "kind": "navigation", "from": "a", "to": "b"],
        ["seq": 4, "t": 0, "kind": "haptic", "style": "light", "source": "hero.beginTransition"],
    ]

    @Test func theKindsInOrderPassLeavingOutActions() throws {
        let short = try step("expectEvents: [navigation, haptic]")
        try short.compare(short.considered(trace))
        let long = try step("expectEvents: [navigation, {kind: haptic, style: light, source: {matches: ^hero}}]")
        try long.compare(long.considered(trace))
        let narrowed = try step("expectEvents: {events: [action], kinds: [action]}")
        try narrowed.compare(narrowed.considered(trace))
    }

    @Test func anotherOrderACountOrAFieldFailsNamingWhatHappened() throws {
        let order = try step("expectEvents: [haptic, navigation]")
        let orderFailure = try #require(throws: StepFailure.self) { try order.compare(order.considered(trace)) }
        #expect(orderFailure.message == "events[0]: expected haptic, got navigation@0 (events: navigation@0, haptic@0)")
        let count = try step("expectEvents: [navigation]")
        let countFailure = try #require(throws: StepFailure.self) { try count.compare(count.considered(trace)) }
        #expect(
            countFailure.message
                == "expected 1 event [navigation], got 2:\n  t=0 navigation from=a to=b\n  t=0 haptic style=light source=hero.beginTransition"
        )
        let field = try step("expectEvents: [navigation, {kind: haptic, style: medium}]")
        let fieldFailure = try #require(throws: StepFailure.self) { try field.compare(field.considered(trace)) }
        #expect(fieldFailure.message == "events[1] (haptic@0): style expected \"medium\", got \"light\"")
    }
}

struct JourneyFilterTests {
    @Test func aPlainPatternIsASubstringOfTheNameOrThePath() {
        let filter = JourneyFilter(["hero"])
        #expect(filter.matches(name: "The hero transition", path: "j/a.yaml"))
        #expect(filter.matches(name: "x", path: "journeys/hero/a.yaml"))
        #expect(filter.matches(name: "The Hero", path: "j/a.yaml"))  // ignoring case
        #expect(!filter.matches(name: "The Hare", path: "j/a.yaml"))
        #expect(JourneyFilter([]).matches(name: nil, path: "anything"))
    }

    @Test func aGlobMatchesTheWholeNameThePathOrItsLastComponents() {
        #expect(JourneyFilter(["foundation/*"]).matches(name: "x", path: "journeys/foundation/clock.yaml"))
        #expect(JourneyFilter(["*clock*"]).matches(name: "x", path: "journeys/foundation/clock.yaml"))
        #expect(JourneyFilter(["Timers *"]).matches(name: "Timers fire", path: "a.yaml"))
        #expect(JourneyFilter(["Timers"]).matches(name: "timers fire", path: "a.yaml"))
        #expect(JourneyFilter(["FOUNDATION/*"]).matches(name: "x", path: "journeys/foundation/clock.yaml"))
        #expect(!JourneyFilter(["clock"]).matches(name: "x", path: "journeys/foundation/curves.yaml"))
        #expect(!JourneyFilter(["foundation"]).matches(name: "x", path: "journeys/airfit/a.yaml"))
        #expect(JourneyFilter(["j?.yaml"]).matches(name: nil, path: "shard/j3.yaml"))
        #expect(JourneyFilter(["j[1-3].yaml"]).matches(name: nil, path: "shard/j3.yaml"))
        #expect(!JourneyFilter(["j[!1-3].yaml"]).matches(name: nil, path: "shard/j3.yaml"))
        #expect(JourneyFilter(["nope", "j3"]).matches(name: nil, path: "shard/j3.yaml"))
    }
}
