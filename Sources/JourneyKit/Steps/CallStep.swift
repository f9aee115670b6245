import ChoreoClient
import ChoreoJSON

/// `call: method`: any JSON-RPC method, with `params:` (the session filled in), the result kept with `as:`, and
/// `expectError:` turning an error reply into the expected outcome.
struct CallStep: PlannedStep {
    static let keywords = ["call"]
    static let modifiers: Set<String> = ["params", "as", "expectError"]
    static let examples = [
        "call: clock.now", "call: ui.navigate\nparams: {screen: goals}\nas: shown",
        "call: ui.navigate\nparams: {screen: casino}\nexpectError: {code: -32004, message: {matches: casino}}",
    ]

    /// Methods that take no session.
    static let sessionless: Set<String> = [
        "daemon.info", "daemon.shutdown", "rpc.discover", "session.create", "session.list", "motion.sample",
        "events.unsubscribe",
    ]

    /// The method, e.g. `clock.now`.
    var method: String
    /// The params as written (variables from `as:` are substituted when the step runs).
    var params: JSONValue
    /// The variable the result (or the expected error) is kept as.
    var keepAs: String?
    /// The error expected instead of a result.
    var expectError: ErrorExpectation?

    static func parse(_ source: StepSource) throws(JourneyError) -> CallStep {
        guard case .scalar(.string(let method), _) = source.value else {
            throw JourneyError(message: "`call:` takes a method name such as clock.advance", line: source.value.line)
        }
        let params = source["params"]?.json ?? [:]
        guard params.objectValue != nil else {
            throw JourneyError(message: "`params:` must be a mapping of named parameters", line: source["params"]!.line)
        }
        let expectError = try source["expectError"].map(ErrorExpectation.parse)
        source.checkCall(
            method: method, methodLine: source.value.line, params: source["params"], expectError: expectError)
        // What a call expecting an error keeps is the error, and another session's app is not known here: their
        // kept names are not checked further.
        let checked = expectError == nil && !StepSource.targetsOtherSession(source["params"])
        return CallStep(
            method: method, params: params, keepAs: try keepAs(source, method: checked ? method : ""),
            expectError: expectError)
    }

    /// The variable name in `as:`, if the step has one (kept, with the method whose result it names).
    static func keepAs(_ source: StepSource, method: String) throws(JourneyError) -> String? {
        guard let value = source["as"] else { return nil }
        guard case .scalar(.string(let name), _) = value, !name.isEmpty, !name.contains(".") else {
            throw JourneyError(message: "`as:` takes a variable name (letters, digits, _)", line: value.line)
        }
        source.state.kept[name] = method
        return name
    }

    var label: String {
        let shown = params.objectValue.map { JSONValue.object($0.filter { $0.key != "session" }).serialized() } ?? ""
        return shown == "{}" ? method : "\(method) \(shown)"
    }

    /// A kept result is what later steps plan with.
    var endsBatch: Bool { keepAs != nil }

    /// Methods that change or read more than the journey's own session: the sessionless ones but the two whose
    /// answer depends on the request alone (`motion.sample` computes a curve, `rpc.discover` is the document), and
    /// those that make or end sessions and subscriptions.
    static let beyondSession: Set<String> = sessionless.subtracting(["motion.sample", "rpc.discover"]).union([
        "session.fork", "session.import", "session.close", "events.subscribe",
    ])

    /// A call without a session, or to another session, or one that makes or ends sessions or subscriptions.
    var reachesBeyondSession: Bool {
        Self.beyondSession.contains(method) || params["session"].map { $0 != "${session}" } ?? false
    }

    func plan(in context: StepContext) throws(StepFailure) -> [PlannedRequest] {
        let params: JSONValue
        do {
            params = try Variables.substituteOrThrow(self.params, context.variables, leaveUnknown: false)
        } catch {
            throw StepFailure(
                message: "unknown variable ${\(error.reference)}; known: \(error.known.joined(separator: ", "))")
        }
        var object = params.objectValue ?? [:]
        if object["session"] == nil, !Self.sessionless.contains(method) {
            object["session"] = .string(context.session.id)
        }
        return [PlannedRequest(method: method, params: .object(object))]
    }

    func judge(_ replies: [PlannedReply], in context: inout StepContext) throws(StepFailure) {
        switch replies[0] {
        case .success(let result): try succeeded(with: result, context: &context)
        case .failure(let error): try failed(with: error, context: &context)
        }
    }

    /// A result came back: right unless an error was expected; kept with `as:`, and the virtual time it reports
    /// (for `clock.*` methods) noted.
    private func succeeded(with result: JSONValue, context: inout StepContext) throws(StepFailure) {
        if let expectError {
            throw StepFailure(
                message: "\(method) succeeded but an error was expected",
                expected: ["code": expectError.code.map { .int(Int64($0)) } ?? .null], actual: result)
        }
        if let keepAs { context.variables[keepAs] = result }
        if context.options.collectTimeline, method.hasPrefix("ui.") {
            context.gestures.append((context.now, method, result))
        }
        if let now = result["now"]?.doubleValue, method.hasPrefix("clock.") { context.now = now }
    }

    /// An error came back: right only if it is the expected one; then kept with `as:` as {code, message, data}.
    private func failed(with error: ChoreoClientError, context: inout StepContext) throws(StepFailure) {
        guard case .rpc(let code, let message, let data) = error else {
            throw StepFailure(message: "\(method) could not reach the daemon: \(error)")
        }
        guard let expectError else {
            throw StepFailure(
                message: "\(method) failed: \(message) (code \(code))",
                actual: ["code": .int(Int64(code)), "data": data])
        }
        if let expected = expectError.code, expected != code {
            throw StepFailure(
                message: "\(method) failed with code \(code), expected code \(expected): \(message)",
                expected: .int(Int64(expected)), actual: .int(Int64(code)))
        }
        if let matcher = expectError.message, !matcher.matches(.string(message)) {
            throw StepFailure(
                message: "\(method) error message did not match \(matcher.description)",
                expected: matcher.expectedJSON, actual: .string(message))
        }
        if let keepAs {
            context.variables[keepAs] = ["code": .int(Int64(code)), "message": .string(message), "data": data]
        }
    }
}
