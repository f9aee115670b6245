import ChoreoApps
import ChoreoEngine
import ChoreoJSON
import Foundation
import Testing

/// Issue 27 #7: every refusal names an action that the daemon accepts now, or says that no action helps and why.
/// Each scenario below reaches one refusal of a stock app; together they reach every reason the apps declare. The
/// named action is the first method the message names (with the `{key: value}` params written after it), called on
/// a copy of the daemon state: it must answer neither an error nor a refusal.
struct RefusalMessageTests {
    struct Scenario: CustomTestStringConvertible, Sendable {
        var name: String
        var app = "finpessoal"
        var data: JSONValue = [:]
        var steps: [(method: String, params: JSONValue)]
        var action: (method: String, params: JSONValue)
        var reason: String

        var testDescription: String { "\(reason): \(name)" }
    }

    static let presentedSheet: [(method: String, params: JSONValue)] = [
        ("ui.present", ["sheet": "addAccount"]), ("clock.settle", [:]),
    ]
    static let dismissingSheet = presentedSheet + [("ui.dismiss", [:])]
    static let airFitSheet: [(method: String, params: JSONValue)] = [
        ("ui.navigate", ["screen": "dashboard"]), ("ui.tap", ["target": "dashboard/card/performance"]),
        ("clock.settle", [:]),
    ]
    static let loading: JSONValue = ["loadOnStart": true, "loadLatencyMs": 1000]

    static let scenarios: [Scenario] = [
        Scenario(
            name: "navigate under a sheet", steps: presentedSheet, action: ("ui.navigate", ["screen": "budgets"]),
            reason: "sheetPresented"),
        Scenario(
            name: "scroll under a sheet", steps: presentedSheet, action: ("ui.scroll", ["y": 40]),
            reason: "sheetPresented"),
        Scenario(
            name: "back under a dismissing sheet",
            steps: [("ui.navigate", ["screen": "goals"])]
                + [("ui.tap", ["target": "goals/card/g1"]), ("clock.settle", [:])] + dismissingSheet,
            action: ("ui.back", [:]), reason: "sheetDismissing"),
        Scenario(
            name: "navigate under a dismissing sheet", steps: dismissingSheet,
            action: ("ui.navigate", ["screen": "budgets"]), reason: "sheetDismissing"),
        Scenario(
            name: "dismiss a dismissing sheet", steps: dismissingSheet, action: ("ui.dismiss", [:]),
            reason: "alreadyDismissing"),
        Scenario(name: "dismiss with no sheet", steps: [], action: ("ui.dismiss", [:]), reason: "noSheet"),
        Scenario(
            name: "a second sheet from the screen", steps: presentedSheet,
            action: ("ui.present", ["sheet": "addGoal"]), reason: "oneSheetPerPresenter"),
        Scenario(name: "back at the root", steps: [], action: ("ui.back", [:]), reason: "atRoot"),
        Scenario(
            name: "back at the root under a sheet", steps: presentedSheet, action: ("ui.back", [:]),
            reason: "atRoot"),
        Scenario(name: "release with no finger", steps: [], action: ("ui.release", [:]), reason: "noFinger"),
        Scenario(
            name: "drag the chart with no finger", steps: [], action: ("ui.drag", ["x": 0.5]), reason: "noFinger"),
        Scenario(
            name: "another hero link mid-push",
            steps: [("ui.navigate", ["screen": "transactions"]), ("ui.tap", ["target": "transactions/row/t1"])],
            action: ("ui.tap", ["target": "transactions/row/t2"]), reason: "heroTransitionRunning"),
        Scenario(
            name: "navigate under a dismissing sheet over a sheet",
            steps: [
                ("ui.present", ["sheet": "transactionDetail", "item": "t1"]), ("clock.settle", [:]),
                ("ui.tap", ["target": "transactionDetail/button/edit"]), ("clock.settle", [:]), ("ui.dismiss", [:]),
            ], action: ("ui.navigate", ["screen": "budgets"]), reason: "sheetDismissing"),
        Scenario(
            name: "pull while the dashboard loads", data: loading, steps: [], action: ("ui.pull", ["distance": 100]),
            reason: "dashboardLoading"),
        Scenario(
            name: "touch the chart while the dashboard loads", data: loading, steps: [],
            action: ("ui.touch", ["target": "dashboard/chart", "x": 0.5]), reason: "dashboardLoading"),
        Scenario(
            name: "pull during a refresh",
            steps: [("ui.pull", ["distance": 180]), ("ui.release", [:])], action: ("ui.pull", ["distance": 100]),
            reason: "refreshRunning"),
        Scenario(
            name: "pull on another screen", steps: [("ui.navigate", ["screen": "budgets"])],
            action: ("ui.pull", ["distance": 100]), reason: "notOnDashboard"),
        Scenario(
            name: "pull scrolled down", steps: [("ui.scroll", ["y": 40])], action: ("ui.pull", ["distance": 100]),
            reason: "scrolledDown"),
        Scenario(
            name: "touch the chart before its card fades in", data: loading,
            steps: [("app.finishLoading", [:])], action: ("ui.touch", ["target": "dashboard/chart", "x": 0.5]),
            reason: "chartNotVisible"),
        Scenario(
            name: "tap a point the line has not reached", data: loading,
            steps: [("app.finishLoading", [:]), ("clock.advance", ["ms": 400])],
            action: ("ui.tap", ["target": "dashboard/chart", "point": 6]), reason: "pointNotReached"),
        Scenario(
            name: "pull while holding the chart", steps: [("ui.touch", ["target": "dashboard/chart", "x": 0.5])],
            action: ("ui.pull", ["distance": 100]), reason: "fingerBusy"),
        Scenario(
            name: "touch the chart with a cancelled pull's finger down",
            steps: [("ui.pull", ["distance": 180]), ("ui.scroll", ["y": 40]), ("ui.scroll", ["y": 0])],
            action: ("ui.touch", ["target": "dashboard/chart", "x": 0.5]), reason: "gestureCancelled"),
        Scenario(
            name: "drag the chart with a cancelled touch's finger down",
            steps: [("ui.touch", ["target": "dashboard/chart", "x": 0.5]), ("ui.present", ["sheet": "addAccount"])]
                + [("ui.dismiss", [:]), ("clock.settle", [:])],
            action: ("ui.drag", ["x": 0.7]), reason: "gestureCancelled"),
        Scenario(
            name: "pull again under the cancelled finger",
            steps: [("ui.pull", ["distance": 180]), ("ui.navigate", ["screen": "budgets"])]
                + [("ui.navigate", ["screen": "dashboard"])],
            action: ("ui.pull", ["distance": 100]), reason: "gestureCancelled"),
        Scenario(
            name: "tap a sheet's button at the instant it is presented",
            steps: [("ui.present", ["sheet": "transactionDetail", "item": "t1"])],
            action: ("ui.tap", ["target": "transactionDetail/button/edit"]), reason: "notShownYet"),
        Scenario(
            name: "pull under a leaving sheet on another screen",
            steps: [("ui.navigate", ["screen": "goals"])] + dismissingSheet, action: ("ui.pull", ["distance": 100]),
            reason: "sheetDismissing"),
        Scenario(
            name: "pull scrolled down during a refresh",
            steps: [("ui.pull", ["distance": 180]), ("ui.release", [:]), ("ui.scroll", ["y": 40])],
            action: ("ui.pull", ["distance": 100]), reason: "scrolledDown"),
        Scenario(
            name: "tap the chart while pulling", steps: [("ui.pull", ["distance": 72])],
            action: ("ui.tap", ["target": "dashboard/chart", "point": 3]), reason: "fingerBusy"),
        Scenario(
            name: "finish a load that is not running", steps: [], action: ("app.finishLoading", [:]),
            reason: "nothingLoading"),
        // AirFit.
        Scenario(
            name: "AirFit: navigate to the screen shown", app: "airfit", steps: [],
            action: ("ui.navigate", ["screen": "onboarding"]), reason: "alreadyShown"),
        Scenario(
            name: "AirFit: tilt while moving", app: "airfit", steps: [],
            action: ("ui.deviceMotion", ["pitch": 10, "roll": 10, "rotationRate": 90]), reason: "deviceMoving"),
        Scenario(
            name: "AirFit: navigate under the sheet", app: "airfit", steps: airFitSheet,
            action: ("ui.navigate", ["screen": "chat"]), reason: "sheetPresented"),
        Scenario(
            name: "AirFit: navigate under the dismissing sheet", app: "airfit",
            steps: airFitSheet + [("ui.dismiss", [:])], action: ("ui.navigate", ["screen": "chat"]),
            reason: "sheetDismissing"),
        Scenario(
            name: "AirFit: dismiss the dismissing sheet", app: "airfit", steps: airFitSheet + [("ui.dismiss", [:])],
            action: ("ui.dismiss", [:]), reason: "alreadyDismissing"),
        Scenario(
            name: "AirFit: dismiss with no sheet", app: "airfit", steps: [], action: ("ui.dismiss", [:]),
            reason: "noSheet"),
        Scenario(
            name: "AirFit: drag with no sheet", app: "airfit", steps: [], action: ("ui.drag", ["y": 40]),
            reason: "noSheet"),
        Scenario(
            name: "AirFit: release with no finger on the sheet", app: "airfit", steps: airFitSheet,
            action: ("ui.release", [:]), reason: "noFinger"),
        Scenario(
            name: "AirFit: back at the root", app: "airfit", steps: [], action: ("ui.back", [:]), reason: "atRoot"),
    ]

    @Test func theScenariosReachEveryReasonTheAppsDeclare() {
        let reached = Set(Self.scenarios.map(\.reason))
        let declared = Set(AppCatalog.registry.refusalReasons.map(\.rawValue))
        #expect(declared.subtracting(reached).isEmpty, "no scenario for \(declared.subtracting(reached).sorted())")
    }

    @Test(arguments: scenarios)
    func theRefusalNamesAnActionAcceptedNowOrSaysNoneHelps(_ scenario: Scenario) throws {
        var harness = Harness()
        let session = harness.session(["app": .string(scenario.app), "physics": "ideal", "data": scenario.data])
        for step in scenario.steps {
            let result = harness.call(step.method, Self.with(session, step.params))
            #expect(result["code"] == nil && result["refused"] == nil, "\(step.method): \(result)")
        }
        let refusal = harness.call(scenario.action.method, Self.with(session, scenario.action.params))
        #expect(refusal["reason"]?.stringValue == scenario.reason, "\(refusal)")
        let message = try #require(refusal["message"]?.stringValue)
        #expect(Self.problem(with: message, harness: harness, session: session) == nil)
    }

    @Test func theRuleCatchesMessagesThatNameNothingOrAnActionRefusedOrWrongNow() {
        var harness = Harness()
        let session = harness.session(["physics": "ideal"])
        let breaches = [
            "already at the root of the navigation stack: nothing to pop",  // names nothing
            "go back (ui.back) first",  // refused at the root (atRoot)
            "dismiss it first (ui.dismiss)",  // refused with no sheet (noSheet)
            "the finger is holding the chart (ui.touch); lift it first",  // -32602: ui.touch needs a target
            "nothing is loading: no action",  // says none helps, but not why
        ]
        for message in breaches {
            #expect(Self.problem(with: message, harness: harness, session: session) != nil, "\(message)")
        }
        let kept = [
            "advance the clock 5 ms (clock.advance {ms: 5}) and try again",
            "the dashboard is scrolled down (ui.scroll {y: 40})",
            "no finger is down: no action is needed (ui.pull puts one down)",
        ]
        for message in kept {
            #expect(Self.problem(with: message, harness: harness, session: session) == nil, "\(message)")
        }
    }

    /// The rule's breach in `message`, or nil: it says "no action" and why, or its first named action is accepted.
    static func problem(with message: String, harness: Harness, session: String) -> String? {
        if let range = message.range(of: "no action") {
            return message[range.upperBound...].count > 10 ? nil : "'\(message)' says no action helps but not why"
        }
        guard let (method, params) = firstAction(in: message) else {
            return "'\(message)' names no action and does not say that none helps"
        }
        var copy = harness
        let result = copy.call(method, with(session, params))
        if result["code"] != nil { return "'\(message)' names \(method), which answers an error: \(result)" }
        if result["refused"] == true { return "'\(message)' names \(method), which is refused now: \(result)" }
        return nil
    }

    /// The first method a message names (`ui.dismiss`, `clock.advance {ms: 500}`) with its params.
    static func firstAction(in message: String) -> (String, JSONValue)? {
        let pattern = try! NSRegularExpression(
            pattern: #"\b((?:ui|app|clock|settings|session)\.[A-Za-z]+)(?: \{([^}]*)\})?"#)
        let text = message as NSString
        guard let match = pattern.firstMatch(in: message, range: NSRange(location: 0, length: text.length)) else {
            return nil
        }
        let method = text.substring(with: match.range(at: 1))
        var params: [String: JSONValue] = [:]
        if match.range(at: 2).location != NSNotFound {
            for pair in text.substring(with: match.range(at: 2)).split(separator: ",") {
                let parts = pair.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2 else { continue }
                params[parts[0]] = Double(parts[1]).map { .number($0) } ?? .string(parts[1])
            }
        }
        return (method, .object(params))
    }

    static func with(_ session: String, _ params: JSONValue) -> JSONValue {
        var object = params.objectValue ?? [:]
        object["session"] = .string(session)
        return .object(object)
    }
}
