import ChoreoEngine
import ChoreoJSON
import ChoreoLocks
import ChoreoMotion
import ChoreoProtocol

/// An invariant that did not hold: which one, at which step, and what was seen.
public struct SoakFailure: Sendable, Hashable, Error {
    /// A short name of the invariant (`unexpected error -32603`, `non-finite`, …): shrinking keeps a candidate
    /// only when it fails the same one.
    public var invariant: String
    /// The step it failed at (index into the steps; the steps count for checks at the end).
    public var step: Int
    public var detail: String
}

/// Runs the steps of a random journey through the daemon's own request processing (``RPCProcessor``, as a
/// connection would), in process, and checks the invariants after every step.
public struct SoakRunner {
    /// The private daemon state (a reference: its sessions sit in slots, so copies of a runner share them).
    public let daemon: Locked<DaemonState>
    public let app: String
    /// The app's own steps and invariants.
    var profile: any SoakProfile
    /// How often each of the promise invariants met its case (issue 44: a refusal's wait, a tap's drawn target, one
    /// finger at a time, unchanged values), by name: shown so a soak proves it reaches them, not only that they hold.
    public internal(set) var hits: [String: Int] = [:]
    /// When the trace last presented a sheet (`sheet.present`).
    var sheetPresentedAt: VirtualTime?
    /// Where each moving value may be (issue 43: within its curves' overshoot).
    var envelopes = ValueEnvelopes()
    public private(set) var session: String
    /// A fork taken by `session.fork`: every later step runs on it too.
    private var fork: String?
    private let stateShape: StateShape
    private let traceKinds: [String: TraceEventKind]
    private let hapticSources: [HapticSource]
    private var checkedTrace = 0
    private var checkedHaptics = 0
    /// The screen the `navigation` events say is shown, and the sheets `sheet.present`/`sheet.dismissed` say are up.
    private var tracedScreen: String?
    private var tracedSheets: [String] = []
    private var nextID = 1
    /// The state after the last step (what the generator reads).
    public private(set) var state: JSONValue = .null
    public private(set) var steps = 0
    /// The error code of each step's reply (nil for a result), in order.
    public private(set) var errorCodes: [Int?] = []

    /// A runner on a private daemon state hosting `apps`, with a session created with `createParams`.
    public init(createParams: [String: JSONValue], apps: AppRegistry) throws(SoakFailure) {
        daemon = Locked(DaemonState(apps: apps))
        app = createParams["app"]?.stringValue ?? apps.defaultApp.appName
        guard let model = apps.app(named: app) else {
            throw SoakFailure(invariant: "unknown app", step: 0, detail: app)
        }
        profile = soakProfile(of: model)
        stateShape = .object(model.stateSchema + [EngineSchema.settings, EngineSchema.lab])
        var kinds: [String: TraceEventKind] = [:]
        for kind in EngineSchema.traceEvents + model.traceEvents { kinds[kind.kind] = kind }
        traceKinds = kinds
        hapticSources = EngineSchema.hapticSources + model.hapticSources
        session = ""
        let reply = call("session.create", createParams)
        guard let id = reply["result"]?["session"]?.stringValue else {
            throw SoakFailure(invariant: "session.create failed", step: 0, detail: reply.serialized())
        }
        session = id
        try check(step: 0)
    }

    /// Sends one request as a connection would; returns the whole reply.
    public mutating func call(_ method: String, _ params: [String: JSONValue]) -> JSONValue {
        let request: JSONValue = [
            "jsonrpc": "2.0", "id": .int(Int64(nextID)), "method": .string(method), "params": .object(params),
        ]
        nextID += 1
        let decoded = RPCProcessor.decode(request)
        return RPCProcessor.serve(decoded, state: daemon, context: RequestContext(connection: 1, uptimeMs: 0)).reply?
            .value ?? .null
    }

    func simulation(_ id: String) -> Simulation? { daemon.withLock { $0.sessions[id] }?.current }

    /// Trace events by kind (`action` events by method), for coverage statistics.
    public func traceKindCounts() -> [String: Int] {
        var counts: [String: Int] = [:]
        for event in simulation(session)?.world.trace.kept.entries ?? [] {
            let key = event.kind == "action" ? "action \(event.fields["method"]?.stringValue ?? "?")" : event.kind
            counts[key, default: 0] += 1
        }
        return counts
    }

    /// The session's trace as `trace.get` serializes it.
    public mutating func traceBytes(_ id: String) -> [UInt8] {
        call("trace.get", ["session": .string(id)])["result"]?["events"]?.serializedBytes() ?? []
    }

    public mutating func stateBytes(_ id: String) -> [UInt8] {
        call("state.get", ["session": .string(id)])["result"]?["value"]?.serializedBytes() ?? []
    }

    /// Runs one step and checks every invariant.
    public mutating func run(_ step: SoakStep) throws(SoakFailure) {
        steps += 1
        let index = steps
        switch step.method {
        case "session.fork":
            errorCodes.append(nil)
            if let fork { _ = call("session.close", ["session": .string(fork)]) }
            let reply = call("session.fork", ["session": .string(session)])
            guard let id = reply["result"]?["session"]?.stringValue else {
                throw SoakFailure(invariant: "session.fork failed", step: index, detail: reply.serialized())
            }
            fork = id
            try compareFork(step: index)
        case "session.export":
            errorCodes.append(nil)
            try exportImport(step: index)
        default:
            var params = step.params
            params["session"] = .string(session)
            let before = state
            let hapticsBefore = simulation(session)?.world.haptics.recorded ?? 0
            let promises = promisesBefore(step)
            let reply = call(step.method, params)
            errorCodes.append(reply["error"]?["code"]?.intValue.map { Int($0) })
            try judge(step, reply: reply, before: before, index: index)
            try keepPromises(step, params: params, reply: reply, before: promises, index: index)
            let after = simulation(session)?.state() ?? .null
            try modalRules(step, before: before, after: after, index: index)
            let haptics = simulation(session)?.world.haptics.after(hapticsBefore) ?? []
            do throws(SoakViolation) {
                try profile.check(step: step, reply: reply, before: before, after: after, haptics: haptics)
            } catch {
                throw SoakFailure(invariant: error.invariant, step: index, detail: error.detail)
            }
            if let fork {
                params["session"] = .string(fork)
                let forkReply = call(step.method, params)
                guard forkReply["result"] == reply["result"], forkReply["error"] == reply["error"] else {
                    throw SoakFailure(
                        invariant: "fork answers differently", step: index,
                        detail: "original \(reply.serialized()) fork \(forkReply.serialized())")
                }
            }
            // The fork's step left the original as it was: its state is the one already built.
            try check(step: index, state: after)
            return
        }
        try check(step: index)
    }

    /// A sheet is modal: under one, `ui.navigate` and `ui.back` change no screen (behavior.md N5, C8).
    private func modalRules(_ step: SoakStep, before: JSONValue, after: JSONValue, index: Int) throws(SoakFailure) {
        let stack = after["navigation"]?["stack"]
        if ["ui.navigate", "ui.back"].contains(step.method), before["sheet"] != .null, before["sheet"] != nil,
            stack != before["navigation"]?["stack"]
        {
            throw SoakFailure(
                invariant: "navigation under a sheet", step: index,
                detail:
                    "\(step.description): \(before["navigation"]?["stack"]?.serialized() ?? "") -> \(stack?.serialized() ?? "")"
            )
        }
    }

    /// Whether the reply is one the step may earn.
    private func judge(_ step: SoakStep, reply: JSONValue, before: JSONValue, index: Int) throws(SoakFailure) {
        let target = step.params["target"]?.stringValue
        let reachable = target.map { profile.reachableTargets(state: before).contains($0) } ?? true
        if let error = reply["error"] {
            let code = Int(error["code"]?.intValue ?? 0)
            guard error["code"]?.intValue != nil, error["message"]?.stringValue != nil,
                error["data"]?.objectValue != nil
            else {
                throw SoakFailure(invariant: "a malformed error", step: index, detail: error.serialized())
            }
            // -32003 lists the targets a tap could reach: exactly those the state shows (a tap with a `point`
            // lists the targets that take one: the chart, on the dashboard).
            if code == -32003, step.method == "ui.tap", step.params["point"] == nil,
                let listed = error["data"]?["targets"]?.arrayValue
            {
                let named = Set(listed.compactMap(\.stringValue)).subtracting(profile.pointTargets)
                let shown = profile.reachableTargets(state: before).subtracting(profile.pointTargets)
                if named != shown {
                    throw SoakFailure(
                        invariant: "-32003 lists targets the state does not show", step: index,
                        detail: "listed \(named.sorted()), shown \(shown.sorted())")
                }
            }
            if step.tolerated.contains(code) { return }
            if code == -32003, !reachable { return }
            throw SoakFailure(
                invariant: "unexpected error \(code)", step: index,
                detail: "\(step.description) -> \(error.serialized())")
        }
        guard let result = reply["result"] else {
            throw SoakFailure(invariant: "no reply", step: index, detail: step.description)
        }
        if result["refused"] == .bool(true) { return }
        if !step.tolerated.isEmpty, step.tolerated.isSubset(of: [-32602, -32004, -32005]),
            !(step.method == "ui.present")
        {
            throw SoakFailure(
                invariant: "invalid request accepted", step: index,
                detail: "\(step.description) -> \(result.serialized())")
        }
        if ["ui.tap", "ui.touch"].contains(step.method), !reachable {
            throw SoakFailure(
                invariant: "a target not on screen took a tap", step: index,
                detail: "\(step.description) -> \(result.serialized())")
        }
    }

    /// The invariants that hold after every step.
    /// `state`: the session's state now, when the caller has built it already.
    private mutating func check(step: Int, state: JSONValue? = nil) throws(SoakFailure) {
        do throws(SoakViolation) {
            try checkInvariants(step: step, state: state)
        } catch {
            throw SoakFailure(invariant: error.invariant, step: step, detail: error.detail)
        }
    }

    /// `state.get` writes the tree (and, with `nodes`, each top-level node) straight from the typed state: the text
    /// must be the built value's, byte for byte.
    static func checkWrittenState(_ simulation: Simulation, state: JSONValue, nodes: Bool) throws(SoakViolation) {
        var whole = JSONWriter(reservingCapacity: 16 * 1024)
        simulation.writeState(to: &whole)
        try same(whole.text, state, "the whole tree")
        for key in nodes ? state.objectValue?.keys.sorted() ?? [] : [] {
            var node = JSONWriter(reservingCapacity: 1024)
            guard simulation.writeState(node: key, to: &node) else {
                throw SoakViolation("state written as text", "no node \(key) to write")
            }
            try same(node.text, state[key] ?? .null, key)
        }

        func same(_ text: JSONText?, _ value: JSONValue, _ what: String) throws(SoakViolation) {
            guard let bytes = text?.bytes else {
                throw SoakViolation("state written as text", "\(what): not one JSON value")
            }
            let expected = value.serializedBytes()
            guard bytes != expected else { return }
            let at = zip(bytes, expected).prefix { $0 == $1 }.count
            throw SoakViolation(
                "state written as text",
                "\(what) differs at byte \(at): written …\(String(decoding: bytes.dropFirst(max(0, at - 40)).prefix(80), as: UTF8.self))… "
                    + "built …\(String(decoding: expected.dropFirst(max(0, at - 40)).prefix(80), as: UTF8.self))…")
        }
    }

    private mutating func checkInvariants(step: Int, state built: JSONValue?) throws(SoakViolation) {
        guard let simulation = simulation(session) else { throw SoakViolation("session vanished", session) }
        let state = built ?? simulation.state()
        self.state = state
        if !FastConformance.allFinite(state), let path = Self.nonFinite(state, at: "") {
            throw SoakViolation("non-finite", path)
        }
        if !FastConformance.conforms(state, to: stateShape) {
            let violations = stateShape.violations(of: state, at: "")
            throw SoakViolation("state schema", violations.first ?? "(the fast check disagrees)")
        }
        // Every fifth step (a difference stays until the state changes again), the nodes alone every twentieth: the
        // check costs a write and a serialization of the tree, as much as the rest of a step.
        if step % 5 == 0 { try Self.checkWrittenState(simulation, state: state, nodes: step % 20 == 0) }
        let trace = simulation.world.trace
        if tracedScreen == nil { tracedScreen = state["navigation"]?["screen"]?.stringValue }
        var last = checkedTrace > 0 ? trace.events(afterSeq: checkedTrace - 1).first : nil
        for event in trace.events(afterSeq: checkedTrace) {
            if let last, event.sequence <= last.sequence || event.time < last.time {
                throw SoakViolation("trace out of order", "\(last.json.serialized()) then \(event.json.serialized())")
            }
            guard let kind = traceKinds[event.kind] else { throw SoakViolation("trace kind undeclared", event.kind) }
            if !FastConformance.conforms(.object(event.fields), to: .object(kind.fields)),
                let first = StateShape.object(kind.fields).violations(
                    of: .object(event.fields), at: "trace.\(event.kind)"
                ).first
            {
                throw SoakViolation("trace schema", first)
            }
            try profile.observe(event)
            try traceStory(event)
            last = event
        }
        checkedTrace = trace.recorded
        // The trace tells the same story as the state: the screen its navigations end on, the sheets still up.
        let sheetsUp = profile.sheetsUp(state: state)
        if tracedScreen != state["navigation"]?["screen"]?.stringValue || tracedSheets != sheetsUp {
            throw SoakViolation(
                "the trace disagrees with the state",
                "navigation events end on \(tracedScreen ?? "?"), the state shows \(state["navigation"]?["screen"]?.serialized() ?? "?"); sheets presented and not dismissed \(tracedSheets), up \(sheetsUp)"
            )
        }
        let haptics = simulation.world.haptics
        var previous = checkedHaptics > 0 ? haptics.after(checkedHaptics - 1).first : nil
        for haptic in haptics.after(checkedHaptics) {
            defer { previous = haptic }
            if let previous, haptic.time < previous.time {
                throw SoakViolation("haptics out of order", "\(haptic.source)")
            }
            guard let source = hapticSources.first(where: { $0.matches(haptic.source) }),
                source.styles.contains(haptic.style)
            else {
                throw SoakViolation("haptic undeclared", "\(haptic.source) \(haptic.style.rawValue)")
            }
        }
        checkedHaptics = haptics.recorded
        // The screen shown is the top of the stack, and (for an app that lists every screen) `screen` is that
        // screen's entry in `screens`.
        let screen = state["navigation"]?["screen"]
        if state["navigation"]?["stack"]?.arrayValue?.last != screen {
            throw SoakViolation("screen is not the top of the stack", state["navigation"]?.serialized() ?? "")
        }
        if let name = screen?.stringValue, let screens = state["screens"], screens[name] != state["screen"] {
            throw SoakViolation("screen differs from screens.\(name)", name)
        }
        try profile.check(state: state)
        var looked = 0
        if let outside = envelopes.check(
            timeline: simulation.world.timeline, now: simulation.world.now, checked: &looked)
        {
            throw SoakViolation("an animated value past its curves' overshoot", "\(outside.path): \(outside.detail)")
        }
        hits["an animated value within its curves' overshoot", default: 0] += looked
    }

    /// Each `navigation` event leaves the screen the one before arrived at; sheets are counted in and out.
    private mutating func traceStory(_ event: TraceEvent) throws(SoakViolation) {
        switch event.kind {
        case "navigation":
            let from = event.fields["from"]?.stringValue
            if from != tracedScreen {
                throw SoakViolation(
                    "a navigation from a screen not shown",
                    "\(event.json.serialized()) while \(tracedScreen ?? "?") was shown")
            }
            tracedScreen = event.fields["to"]?.stringValue
        case "sheet.present":
            tracedSheets.append(event.fields["sheet"]?.stringValue ?? "detail")
            sheetPresentedAt = event.time
        case "sheet.dismissed":
            // Sheets unstack in order: only the top one leaves.
            let name = event.fields["sheet"]?.stringValue ?? "detail"
            if tracedSheets.last != name {
                throw SoakViolation("sheets out of order", "\(name) dismissed while the stack is \(tracedSheets)")
            }
            tracedSheets.removeLast()
        default: break
        }
    }

    /// A fork must equal its original, state and trace, byte for byte.
    private mutating func compareFork(step: Int) throws(SoakFailure) {
        guard let fork else { return }
        if stateBytes(fork) != stateBytes(session) {
            throw SoakFailure(invariant: "fork state differs", step: step, detail: fork)
        }
        if traceBytes(fork) != traceBytes(session) {
            throw SoakFailure(invariant: "fork trace differs", step: step, detail: fork)
        }
    }

    /// session.export then session.import gives a session equal to the original, state and trace, byte for byte.
    /// session.export then session.import of the session gives the same state and trace, byte for byte.
    public mutating func exportImport(step: Int) throws(SoakFailure) {
        try exportImport(session, step: step)
    }

    private mutating func exportImport(_ session: String, step: Int) throws(SoakFailure) {
        let exported = call("session.export", ["session": .string(session)])
        guard let snapshot = exported["result"] else {
            throw SoakFailure(invariant: "session.export failed", step: step, detail: exported.serialized())
        }
        let imported = call("session.import", ["snapshot": snapshot])
        guard let copy = imported["result"]?["session"]?.stringValue else {
            throw SoakFailure(invariant: "session.import failed", step: step, detail: imported.serialized())
        }
        defer { _ = call("session.close", ["session": .string(copy)]) }
        if stateBytes(copy) != stateBytes(session) {
            throw SoakFailure(invariant: "imported state differs", step: step, detail: copy)
        }
        if traceBytes(copy) != traceBytes(session) {
            throw SoakFailure(invariant: "imported trace differs", step: step, detail: copy)
        }
    }

    /// The checks at the end of a case: fork and export/import equal the original, and a long settle leaves only
    /// declared endless loops running, with nothing presenting, transitioning or refreshing.
    public mutating func finish() throws(SoakFailure) {
        let step = steps + 1
        try compareFork(step: step)
        try exportImport(step: step)
        // A fork exports its original's history too: its copy must equal it as well.
        if let fork { try exportImport(fork, step: step) }
        let reply = call("clock.settle", ["session": .string(session), "timeoutMs": 600_000])
        guard let result = reply["result"] else {
            throw SoakFailure(invariant: "final settle failed", step: step, detail: reply.serialized())
        }
        let finite = (result["running"]?.arrayValue ?? []).filter { $0["infinite"] != .bool(true) }
        if result["settled"] != .bool(true) || !finite.isEmpty {
            throw SoakFailure(
                invariant: "never settles", step: step, detail: JSONValue.array(finite).serialized())
        }
        try check(step: step)
        try settledRules(state, step: step)
    }

    private func settledRules(_ state: JSONValue, step: Int) throws(SoakFailure) {
        let stuck = profile.stuckAfterSettle(state: state)
        if !stuck.isEmpty {
            throw SoakFailure(invariant: "stuck after settle", step: step, detail: stuck.joined(separator: ", "))
        }
    }

    /// The path of the first number that is not finite.
    static func nonFinite(_ value: JSONValue, at path: String) -> String? {
        switch value {
        case .double(let number): return number.isFinite ? nil : path
        case .array(let items):
            for (index, item) in items.enumerated() {
                if let found = nonFinite(item, at: "\(path).\(index)") { return found }
            }
            return nil
        case .object(let fields):
            for (key, item) in fields {
                if let found = nonFinite(item, at: path.isEmpty ? key : "\(path).\(key)") { return found }
            }
            return nil
        default: return nil
        }
    }
}
