import ChoreoEngine
import ChoreoJSON
import ChoreoMotion
import ChoreoProtocol
import Testing

/// `{tapped: true}`: the buggy app's declared answer to a tap.
private struct Tapped: ActionResult {
    var tapped = true
    static let answers = ["ui.tap"]
    static let summary = "A tap was taken."
    static let fields: [StateProperty<Tapped>] = [StateProperty("tapped", \.tapped, .bool, "Always true.")]
}

/// An app that breaks its own declarations on purpose, one way per tap target: what a team meets on its first
/// mistake. Each tap first changes `taps` (so a request that was not undone would show).
private struct BuggyApp: AppModel {
    static let appName = "buggy"
    static let features = [
        Feature<BuggyApp>(
            "taps",
            state: [
                StateProperty(StateField("taps", .integer("count", 0...Int64.max), "Taps taken.")) {
                    Int64($0.app.taps)
                },
                StateProperty(StateField("ratio", .number("", nil), "A number that turns NaN after a `nan` tap.")) {
                    $0.app.ratio
                },
            ], haptics: [HapticDeclaration("declared", [.light], "A declared tap.")], actionResults: [Tapped.self])
    ]
    static let undeclaredReason = Refusal.Reason("neverDeclared", summary: "Not in refusalReasons.")

    var taps = 0
    var ratio = 1.0

    init(data: [String: JSONValue], world: inout World) throws(SimulationError) {}

    mutating func apply(_ action: Action, world: inout World) throws(SimulationError) -> any ActionResult {
        guard case .tap(let target, _) = action else { throw .unsupportedAction(action.methodName, app: Self.appName) }
        taps += 1
        switch target {
        case "undeclaredResult":
            return SheetPresented(sheet: "nowhere")
        case "undeclaredReason":
            return RefusalResult(Refusal(Self.undeclaredReason, "refused for a reason nobody declared"), now: world.now)
        case "undeclaredHaptic":
            world.play(.heavy, source: "nobody.declared.this")
        case "undeclaredStyle":
            world.play(.heavy, source: "declared")
        case "nan":
            ratio = .nan
        default:
            break
        }
        return Tapped()
    }

    mutating func handle(_ timer: ScheduledTimer, world: inout World) {}
}

/// An app's bug is the app's error, not the daemon's death (issue 42 #5): in every build, a request that meets one
/// answers -32603 naming the app, what broke and the fix, with a reproducer, and the session is as it was before.
struct ModelBugTests {
    static let apps = AppRegistry([BuggyApp.self])

    @Test(arguments: [
        ("undeclaredResult", "actionResults"), ("undeclaredReason", "refusalReasons"),
        ("undeclaredHaptic", "hapticSources"), ("undeclaredStyle", "hapticSources"),
    ])
    func anUndeclaredAnswerOrRecordIsAModelBugAndTheRequestIsUndone(target: String, subject: String) {
        var harness = Harness(state: DaemonState(apps: Self.apps))
        let id = harness.session()
        #expect(harness.call("ui.tap", ["session": .string(id), "target": "fine"])["tapped"] == true)
        let before = harness.call("session.export", ["session": .string(id)])
        let error = harness.call("ui.tap", ["session": .string(id), "target": .string(target)])
        #expect(error["code"] == -32603, "\(error)")
        #expect(error["data"]?["app"] == "buggy")
        #expect(error["data"]?["subject"] == .string(subject))
        #expect(error["data"]?["method"] == "ui.tap")
        #expect(error["data"]?["session"] == .string(id))
        #expect(error["message"]?.stringValue?.contains("Fix:") == true)
        // The reproducer is the export before the request, and the request itself.
        #expect(error["data"]?["reproducer"]?["snapshot"] == before)
        #expect(error["data"]?["reproducer"]?["then"]?["params"]?["target"] == .string(target))
        // The session is as it was: the same export, one tap, and it goes on working.
        #expect(harness.call("session.export", ["session": .string(id)]) == before)
        #expect(harness.call("state.get", ["session": .string(id), "path": "taps"])["value"] == 1)
        #expect(harness.call("ui.tap", ["session": .string(id), "target": "fine"])["tapped"] == true)
        #expect(harness.call("state.get", ["session": .string(id), "path": "taps"])["value"] == 2)
    }

    @Test func aNonFiniteNumberInTheStateIsAModelBugNeverANull() {
        var harness = Harness(state: DaemonState(apps: Self.apps))
        let id = harness.session()
        // The tap itself reports no number; the state it leaves does, and every read of it says so.
        #expect(harness.call("ui.tap", ["session": .string(id), "target": "nan"])["tapped"] == true)
        let error = harness.call("state.get", ["session": .string(id)])
        #expect(error["code"] == -32603, "\(error)")
        #expect(error["data"]?["subject"] == "value.ratio")
        #expect(error["data"]?["method"] == "state.get")
        // The node alone, written straight to text as the whole tree is: the same bug, found where it is.
        let node = harness.call("state.get", ["session": .string(id), "path": "ratio"])
        #expect(node["code"] == -32603, "\(node)")
        #expect(node["data"]?["subject"] == "value", "\(node)")
        // The screen is drawn from the same state: the same bug, never a drawing at a diverged position.
        let drawn = harness.call("screen.render", ["session": .string(id)])
        #expect(drawn["code"] == -32603, "\(drawn)")
        #expect(drawn["data"]?["subject"] == "ratio")
        #expect(drawn["data"]?["method"] == "screen.render")
        #expect(drawn["data"]?["reproducer"]?["then"]?["method"] == "screen.render")
        #expect(harness.call("state.get", ["session": .string(id), "path": "taps"])["value"] == 1)
    }
}
