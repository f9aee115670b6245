import ChoreoApps
import ChoreoJSON
import ChoreoProtocol
import Testing

/// Every error the protocol defines, with its code and the `data` that names the problem.
struct ErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var method: String
        var params: JSONValue
        var code: Int
        var parameter: String?
        var testDescription: String { "\(method) \(params.serialized())" }
    }

    static let invalidParams: [Case] = [
        Case(method: "session.create", params: ["fps": 90], code: -32602, parameter: "fps"),
        Case(method: "session.create", params: ["seed": -1], code: -32602, parameter: "seed"),
        Case(method: "session.create", params: ["wallClock": "yesterday"], code: -32602, parameter: "wallClock"),
        Case(
            method: "session.create", params: ["settings": ["mode": "fast"]], code: -32602, parameter: "settings.mode"),
        Case(method: "session.create", params: ["settings": ["speed": 1]], code: -32602, parameter: "settings.speed"),
        Case(method: "session.create", params: ["color": "red"], code: -32602, parameter: "color"),
        Case(method: "clock.advance", params: ["session": "s1"], code: -32602, parameter: "ms"),
        Case(method: "clock.advance", params: ["session": "s1", "ms": -5], code: -32602, parameter: "ms"),
        Case(method: "clock.advance", params: ["session": "s1", "ms": "5"], code: -32602, parameter: "ms"),
        Case(method: "clock.advance", params: ["ms": 5], code: -32602, parameter: "session"),
        Case(method: "clock.advance", params: ["session": 1, "ms": 5], code: -32602, parameter: "session"),
        Case(
            method: "clock.settle", params: ["session": "s1", "timeoutMs": true], code: -32602, parameter: "timeoutMs"),
        Case(
            method: "settings.set", params: ["session": "s1", "dynamicType": "huge"], code: -32602,
            parameter: "dynamicType"),
        Case(
            method: "settings.set", params: ["session": "s1", "voiceOver": "yes"], code: -32602, parameter: "voiceOver"),
        Case(method: "state.get", params: ["session": "s1", "path": 3], code: -32602, parameter: "path"),
        Case(method: "haptics.list", params: ["session": "s1", "since": -1], code: -32602, parameter: "since"),
        Case(method: "trace.get", params: ["session": "s1", "kinds": "haptic"], code: -32602, parameter: "kinds"),
        Case(method: "events.subscribe", params: ["session": "s1", "kinds": [1]], code: -32602, parameter: "kinds"),
        Case(method: "events.unsubscribe", params: ["subscription": 99], code: -32602, parameter: "subscription"),
        Case(method: "motion.sample", params: ["at": [0]], code: -32602, parameter: "curve"),
        Case(
            method: "motion.sample", params: ["curve": ["linear": ["duration": 1]], "at": ["x"]], code: -32602,
            parameter: "at"),
        Case(method: "motion.sample", params: ["curve": ["wobble": [:]], "at": [0]], code: -32602, parameter: "curve"),
        Case(
            method: "motion.sample", params: ["curve": ["spring": ["response": 0.4]], "at": [0]], code: -32602,
            parameter: "curve.spring.dampingFraction"),
        Case(
            method: "motion.sample", params: ["curve": ["spring": ["response": -1, "dampingFraction": 1]], "at": [0]],
            code: -32602, parameter: "curve.spring.response"),
        Case(
            method: "motion.sample", params: ["curve": ["easeIn": ["duration": 1, "curve": 2]], "at": [0]],
            code: -32602,
            parameter: "curve.easeIn.curve"),
        Case(
            method: "motion.sample",
            params: ["curve": ["interpolatingSpring": ["stiffness": 130, "damping": 0]], "at": [0]], code: -32602,
            parameter: "curve.interpolatingSpring.damping"),
        Case(
            method: "motion.sample",
            params: ["curve": ["linear": ["duration": 1], "easeIn": ["duration": 1]], "at": [0]],
            code: -32602, parameter: "curve"),
        Case(
            method: "motion.sample",
            params: ["curve": ["bezier": ["x1": 2, "y1": 0, "x2": 0.5, "y2": 1, "duration": 1]], "at": [0]],
            code: -32602, parameter: "curve.bezier.x1"),
        Case(
            method: "lab.animate",
            params: ["session": "s1", "name": "a b", "to": 1, "curve": ["linear": ["duration": 1]]], code: -32602,
            parameter: "name"),
        Case(method: "lab.haptic", params: ["session": "s1", "style": "buzz"], code: -32602, parameter: "style"),
        Case(method: "lab.timer", params: ["session": "s1", "name": "t"], code: -32602, parameter: "afterMs"),
        Case(method: "ui.navigate", params: ["session": "s1"], code: -32602, parameter: "screen"),
        Case(method: "daemon.info", params: ["verbose": true], code: -32602, parameter: "verbose"),
    ]

    @Test(arguments: invalidParams)
    func invalidParamsNameTheParameter(_ c: Case) {
        var harness = Harness()
        _ = harness.session()
        let error = harness.call(c.method, c.params)
        #expect(error["code"] == .int(Int64(c.code)), "\(error)")
        #expect(error["data"]?["parameter"] == c.parameter.map { .string($0) }, "\(error)")
        #expect(error["data"]?["expected"]?.stringValue?.isEmpty == false)
        // The message rule (issue 27 #7): it names the fix, what the parameter must be, with no empty list in it.
        let message = error["message"]?.stringValue ?? ""
        #expect(message.contains("must be"), "\(message)")
        #expect(!message.contains(":  ") && !message.contains(": (") && !message.hasSuffix(": "), "\(message)")
    }

    @Test func unknownSessionsAndClosedSessionsAreApplicationErrors() {
        var harness = Harness()
        #expect(harness.call("clock.now", ["session": "s9"])["code"] == -32000)
        let s = harness.session()
        #expect(harness.call("session.close", ["session": .string(s)])["closed"] == true)
        let error = harness.call("clock.now", ["session": .string(s)])
        #expect(error["code"] == -32000)
        #expect(error["data"]?["session"] == .string(s))
    }

    @Test func unknownAppsListTheApps() {
        var harness = Harness()
        let error = harness.call("session.create", ["app": "calculator"])
        #expect(error["code"] == -32001)
        #expect(error["data"]?["apps"]?.arrayValue?.contains("finpessoal") == true)
    }

    @Test func unknownPathsListTheKeysAtTheDeepestValidPrefix() {
        var harness = Harness()
        let s = harness.session()
        let error = harness.call("state.get", ["session": .string(s), "path": "navigation.stack.4"])
        #expect(error["code"] == -32002)
        #expect(error["data"]?["validPrefix"] == "navigation.stack")
        #expect(error["data"]?["keys"] == ["0...0"])
        let root = harness.call("state.get", ["session": .string(s), "path": "hreo"])
        #expect(root["data"]?["validPrefix"] == "")
        #expect(root["data"]?["keys"]?.arrayValue?.contains("navigation") == true)
    }

    @Test func unknownScreensListTheScreens() {
        var harness = Harness()
        let s = harness.session()
        let error = harness.call("ui.navigate", ["session": .string(s), "screen": "casino"])
        #expect(error["code"] == -32004)
        #expect(error["data"]?["screens"]?.arrayValue?.contains("goals") == true)
    }

    @Test func theSessionLimitIsAnApplicationErrorThatSaysWhatToDo() {
        var limits = Limits()
        limits.maxSessions = 2
        var harness = Harness(state: DaemonState(limits: limits, apps: AppCatalog.registry))
        _ = harness.session()
        _ = harness.session()
        let error = harness.call("session.create")
        #expect(error["code"] == -32010)
        #expect(error["data"]?["limit"] == "sessions")
        #expect(error["data"]?["maximum"] == 2)
    }

    @Test func anAdvanceThatWouldFireTooManyEventsStopsWithAnError() {
        var limits = Limits()
        limits.maxEventsPerAdvance = 3
        var harness = Harness(state: DaemonState(limits: limits, apps: AppCatalog.registry))
        let s = harness.session()
        for i in 1...5 {
            _ = harness.call(
                "lab.timer", ["session": .string(s), "name": .string("t\(i)"), "afterMs": .int(Int64(i * 10))])
        }
        let error = harness.call("clock.advance", ["session": .string(s), "ms": 100])
        #expect(error["code"] == -32010)
        #expect(error["data"]?["limit"] == "eventsPerAdvance")
        #expect(harness.call("clock.now", ["session": .string(s)])["now"] == 30, "the clock stands where it stopped")
    }

    @Test func shutdownRefusesNewSessions() {
        var harness = Harness()
        _ = harness.call("daemon.shutdown")
        #expect(harness.call("session.create")["code"] == -32020)
    }
}
