import ChoreoApps
import ChoreoEngine
import ChoreoJSON
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
    public private(set) var daemon = DaemonState()
    public let app: String
    public private(set) var session: String
    /// A fork taken by `session.fork`: every later step runs on it too.
    private var fork: String?
    private let stateShape: StateShape
    private let traceKinds: [String: TraceEventKind]
    private let hapticSources: [HapticSource]
    private var checkedTrace = 0
    private var checkedHaptics = 0
    private var openHero: String?
    /// The celebrations the trace says wait (enqueued, not started), in order, and the one playing.
    private var tracedWaiting: [String] = []
    private var tracedPlaying: String?
    /// The screen the `navigation` events say is shown, and the sheets `sheet.present`/`sheet.dismissed` say are up.
    private var tracedScreen: String?
    private var tracedSheets: [String] = []
    /// What started in one mode keeps it: the celebration playing (by start) and the hero transition running.
    private var playingCelebration: (key: String, mode: JSONValue?)?
    private var runningHero: (key: String, style: JSONValue?)?
    private var nextID = 1
    /// The state after the last step (what the generator reads).
    public private(set) var state: JSONValue = .null
    public private(set) var steps = 0
    /// The error code of each step's reply (nil for a result), in order.
    public private(set) var errorCodes: [Int?] = []

    public init(createParams: [String: JSONValue]) throws(SoakFailure) {
        app = createParams["app"]?.stringValue ?? "finpessoal"
        let name = app
        guard let model = AppCatalog.apps.first(where: { $0.appName == name }) else {
            throw SoakFailure(invariant: "unknown app", step: 0, detail: app)
        }
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
        let reply = RPCProcessor.execute(decoded, state: &daemon, context: RequestContext(connection: 1, uptimeMs: 0))
        return reply ?? .null
    }

    func simulation(_ id: String) -> Simulation? { daemon.sessions[id] }

    /// Trace events by kind (`action` events by method), for coverage statistics.
    public func traceKindCounts() -> [String: Int] {
        var counts: [String: Int] = [:]
        for event in simulation(session)?.world.trace ?? [] {
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
            let hapticsBefore = simulation(session)?.world.haptics.count ?? 0
            let reply = call(step.method, params)
            errorCodes.append(reply["error"]?["code"]?.intValue.map { Int($0) })
            try judge(step, reply: reply, before: before, index: index)
            try modalRules(step, before: before, index: index, hapticsBefore: hapticsBefore)
            // AirFit's golden rule: every tap that lands plays a haptic at once (behavior.md P8, H1).
            if app == "airfit", step.method == "ui.tap", let result = reply["result"], result["refused"] != .bool(true),
                result["dismissed"] != .bool(false), (simulation(session)?.world.haptics.count ?? 0) == hapticsBefore
            {
                throw SoakFailure(
                    invariant: "a tap played no haptic", step: index,
                    detail: "\(step.description) -> \(result.serialized())")
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
        }
        try check(step: index)
    }

    /// A sheet is modal: under one, `ui.navigate` and `ui.back` change no screen (FinPessoal N5, AirFit C8). Every
    /// AirFit navigation plays one medium haptic (`navigation`).
    private func modalRules(_ step: SoakStep, before: JSONValue, index: Int, hapticsBefore: Int) throws(SoakFailure) {
        guard let simulation = simulation(session) else { return }
        let stack = try? simulation.state(at: "navigation.stack")
        if ["ui.navigate", "ui.back"].contains(step.method), before["sheet"] != .null, before["sheet"] != nil,
            stack != before["navigation"]?["stack"]
        {
            throw SoakFailure(
                invariant: "navigation under a sheet", step: index,
                detail:
                    "\(step.description): \(before["navigation"]?["stack"]?.serialized() ?? "") -> \(stack?.serialized() ?? "")"
            )
        }
        if app == "airfit", stack != before["navigation"]?["stack"] {
            let played = simulation.world.haptics[hapticsBefore...].filter { $0.source == "navigation" }
            if played.count != 1 || played.first?.style.rawValue != "medium" {
                throw SoakFailure(
                    invariant: "a navigation without its medium haptic", step: index,
                    detail: "\(step.description): \(played.count) navigation haptics")
            }
        }
    }

    /// Whether the reply is one the step may earn.
    private func judge(_ step: SoakStep, reply: JSONValue, before: JSONValue, index: Int) throws(SoakFailure) {
        let target = step.params["target"]?.stringValue
        let reachable = target.map { reachableTargets(before).contains($0) } ?? true
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
                let named = Set(listed.compactMap(\.stringValue)).subtracting(["dashboard/chart"])
                let shown = reachableTargets(before).subtracting(["dashboard/chart"])
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

    /// The targets a tap may reach in this state: the top sheet's (while it is dismissing, the ones under it, which
    /// are refused until it is gone), else the screen's, and FinPessoal's chart on the dashboard.
    func reachableTargets(_ state: JSONValue) -> Set<String> {
        // A dismissing sheet takes no taps (behavior.md S17, N10): its own targets and those under it are refused
        // until it is gone, and -32003 lists the ones under it, which take taps then.
        if let sheet = state["sheet"], sheet != .null, sheet["phase"]?.stringValue == "dismissing" {
            let sheets = state["sheets"]?.arrayValue ?? []
            let under =
                app == "finpessoal" && sheets.count >= 2
                ? sheets[sheets.count - 2]["elements"] : state["screen"]?["elements"]
            var targets = Set((under?.arrayValue ?? []).compactMap { $0["target"]?.stringValue })
            if app == "finpessoal", sheets.count == 1, state["navigation"]?["screen"] == "dashboard" {
                targets.insert("dashboard/chart")
            }
            return targets
        }
        var targets = Set(SoakGenerator.visibleTargets(state))
        if app == "finpessoal", state["sheet"] == .null, state["navigation"]?["screen"] == "dashboard" {
            targets.insert("dashboard/chart")
        }
        return targets
    }

    /// The invariants that hold after every step.
    private mutating func check(step: Int) throws(SoakFailure) {
        guard let simulation = simulation(session) else {
            throw SoakFailure(invariant: "session vanished", step: step, detail: session)
        }
        let state = simulation.state()
        self.state = state
        if !FastConformance.allFinite(state), let path = Self.nonFinite(state, at: "") {
            throw SoakFailure(invariant: "non-finite", step: step, detail: path)
        }
        if !FastConformance.conforms(state, to: stateShape) {
            let violations = stateShape.violations(of: state, at: "")
            throw SoakFailure(
                invariant: "state schema", step: step, detail: violations.first ?? "(the fast check disagrees)")
        }
        let trace = simulation.world.trace
        if tracedScreen == nil { tracedScreen = state["navigation"]?["screen"]?.stringValue }
        var last = checkedTrace > 0 ? trace[checkedTrace - 1] : nil
        for event in trace[checkedTrace...] {
            if let last, event.sequence <= last.sequence || event.time < last.time {
                throw SoakFailure(
                    invariant: "trace out of order", step: step,
                    detail: "\(last.json.serialized()) then \(event.json.serialized())")
            }
            guard let kind = traceKinds[event.kind] else {
                throw SoakFailure(invariant: "trace kind undeclared", step: step, detail: event.kind)
            }
            if !FastConformance.conforms(.object(event.fields), to: .object(kind.fields)),
                let first = StateShape.object(kind.fields).violations(
                    of: .object(event.fields), at: "trace.\(event.kind)"
                ).first
            {
                throw SoakFailure(invariant: "trace schema", step: step, detail: first)
            }
            try heroRule(event, step: step)
            try traceStory(event, step: step)
            last = event
        }
        checkedTrace = trace.count
        // The trace tells the same story as the state: the screen its navigations end on, the sheets still up.
        let sheetsUp =
            app == "finpessoal"
            ? (state["sheets"]?.arrayValue ?? []).map { $0["name"]?.stringValue ?? "?" }
            : (state["sheet"] == .null ? [] : [state["sheet"]?["name"]?.stringValue ?? "detail"])
        if tracedScreen != state["navigation"]?["screen"]?.stringValue || tracedSheets != sheetsUp {
            throw SoakFailure(
                invariant: "the trace disagrees with the state", step: step,
                detail:
                    "navigation events end on \(tracedScreen ?? "?"), the state shows \(state["navigation"]?["screen"]?.serialized() ?? "?"); sheets presented and not dismissed \(tracedSheets), up \(sheetsUp)"
            )
        }
        let haptics = simulation.world.haptics
        for (offset, haptic) in haptics[checkedHaptics...].enumerated() {
            let position = checkedHaptics + offset
            if position > 0, haptic.time < haptics[position - 1].time {
                throw SoakFailure(invariant: "haptics out of order", step: step, detail: "\(haptic.source)")
            }
            guard let source = hapticSources.first(where: { $0.matches(haptic.source) }),
                source.styles.contains(haptic.style)
            else {
                throw SoakFailure(
                    invariant: "haptic undeclared", step: step, detail: "\(haptic.source) \(haptic.style.rawValue)")
            }
        }
        checkedHaptics = haptics.count
        try coordinatorRules(state, step: step)
    }

    /// Each `navigation` event leaves the screen the one before arrived at; sheets are counted in and out.
    private mutating func traceStory(_ event: TraceEvent, step: Int) throws(SoakFailure) {
        switch event.kind {
        case "navigation":
            let from = event.fields["from"]?.stringValue
            if from != tracedScreen {
                throw SoakFailure(
                    invariant: "a navigation from a screen not shown", step: step,
                    detail: "\(event.json.serialized()) while \(tracedScreen ?? "?") was shown")
            }
            tracedScreen = event.fields["to"]?.stringValue
        case "sheet.present":
            tracedSheets.append(event.fields["sheet"]?.stringValue ?? "detail")
        case "sheet.dismissed":
            // Sheets unstack in order: only the top one leaves.
            let name = event.fields["sheet"]?.stringValue ?? "detail"
            if tracedSheets.last != name {
                throw SoakFailure(
                    invariant: "sheets out of order", step: step,
                    detail: "\(name) dismissed while the stack is \(tracedSheets)")
            }
            tracedSheets.removeLast()
        default: break
        }
    }

    /// One hero transition at a time: a transition begins only when none runs, or reverses the one that runs.
    private mutating func heroRule(_ event: TraceEvent, step: Int) throws(SoakFailure) {
        switch event.kind {
        case "hero.beginTransition":
            let id = event.fields["id"]?.stringValue
            if let openHero, openHero != id {
                throw SoakFailure(
                    invariant: "two hero transitions", step: step,
                    detail: "\(id ?? "?") began while \(openHero) runs")
            }
            openHero = id
        case "hero.endTransition":
            openHero = nil
        case "celebration.enqueued":
            tracedWaiting.append(Self.celebrationKey(.object(event.fields)))
        case "celebration.started":
            // First in, first out, and the next starts only when the one before has ended.
            let key = Self.celebrationKey(.object(event.fields))
            if let playing = tracedPlaying {
                throw SoakFailure(
                    invariant: "two celebrations at once", step: step, detail: "\(key) started while \(playing) plays")
            }
            if tracedWaiting.first != key {
                throw SoakFailure(
                    invariant: "celebrations out of order", step: step,
                    detail: "\(key) started; waiting first: \(tracedWaiting)")
            }
            tracedWaiting.removeFirst()
            tracedPlaying = key
        case "celebration.completed":
            let key = Self.celebrationKey(.object(event.fields))
            if tracedPlaying != key {
                throw SoakFailure(
                    invariant: "a celebration ended that was not playing", step: step,
                    detail: "\(key) ended; playing: \(tracedPlaying ?? "none")")
            }
            tracedPlaying = nil
        default: break
        }
    }

    /// Sheets stack and unstack in order; the celebration queue is first in, first out.
    private mutating func coordinatorRules(_ state: JSONValue, step: Int) throws(SoakFailure) {
        // The screen shown is the top of the stack, and `screen` is that screen's entry in `screens`.
        let screen = state["navigation"]?["screen"]
        if state["navigation"]?["stack"]?.arrayValue?.last != screen {
            throw SoakFailure(
                invariant: "screen is not the top of the stack", step: step,
                detail: state["navigation"]?.serialized() ?? "")
        }
        if let name = screen?.stringValue, state["screens"]?[name] != state["screen"] {
            throw SoakFailure(invariant: "screen differs from screens.\(name)", step: step, detail: name)
        }
        if app == "airfit", state["mic"]?["recording"] == .bool(true), screen != "foodVoiceInput" {
            // Leaving the food screen stops the recording (behavior.md C4).
            throw SoakFailure(
                invariant: "recording off the food screen", step: step, detail: screen?.serialized() ?? "")
        }
        if app == "finpessoal" {
            // Whatever makes a pull impossible (another screen, a sheet, the dashboard scrolled) cancels a pull in
            // progress at once (behavior.md R16).
            let refresh = state["refresh"]?["state"]?.stringValue ?? "idle"
            let scrollY = state["screens"]?["dashboard"]?["scrollY"]?.doubleValue ?? 0
            if ["pulling", "ready"].contains(refresh), screen != "dashboard" || state["sheet"] != .null || scrollY > 0 {
                throw SoakFailure(
                    invariant: "a pull survives what makes it impossible", step: step,
                    detail:
                        "refresh \(refresh) on \(screen?.serialized() ?? "?"), sheet \(state["sheet"]?["name"]?.serialized() ?? "null"), scrollY \(scrollY)"
                )
            }
            let hero = state["hero"]
            if (hero?["isTransitioning"] == .bool(true)) != (hero?["activeTransition"] != .null) {
                throw SoakFailure(
                    invariant: "hero state inconsistent", step: step, detail: hero?.serialized() ?? "")
            }
            let top = state["sheet"] ?? .null
            if top != (state["sheets"]?.arrayValue?.last ?? .null) {
                throw SoakFailure(invariant: "sheet is not the top of sheets", step: step, detail: top.serialized())
            }
            let celebration = state["celebration"]
            // The queue and the celebration playing are the ones the trace says.
            let waiting = (celebration?["queue"]?.arrayValue ?? []).map(Self.celebrationKey)
            let playing = celebration?["current"].flatMap { $0 == .null ? nil : Self.celebrationKey($0) }
            if waiting != tracedWaiting || playing != tracedPlaying {
                throw SoakFailure(
                    invariant: "celebrations differ from the trace", step: step,
                    detail:
                        "state \(playing ?? "none") + \(waiting), trace \(tracedPlaying ?? "none") + \(tracedWaiting)")
            }
            // A choreography already playing keeps its mode (behavior.md CG11); a hero transition keeps the style
            // of the mode it started in (H, seed 000).
            if let current = celebration?["current"], current != .null {
                let key = "\(Self.celebrationKey(current))@\(current["startedAt"]?.serialized() ?? "")"
                if let playing = playingCelebration, playing.key == key, playing.mode != current["mode"] {
                    throw SoakFailure(
                        invariant: "a playing celebration changed mode", step: step,
                        detail:
                            "\(key): \(playing.mode?.serialized() ?? "?") -> \(current["mode"]?.serialized() ?? "?")")
                }
                playingCelebration = (key, current["mode"])
            } else {
                playingCelebration = nil
            }
            if hero?["isTransitioning"] == .bool(true), let active = hero?["activeTransition"]?.stringValue {
                let key = "\(active) \(hero?["direction"]?.stringValue ?? "?")"
                if let running = runningHero, running.key == key, running.style != hero?["style"] {
                    throw SoakFailure(
                        invariant: "a running hero transition changed style", step: step,
                        detail:
                            "\(key): \(running.style?.serialized() ?? "?") -> \(hero?["style"]?.serialized() ?? "?")")
                }
                runningHero = (key, hero?["style"])
            } else {
                runningHero = nil
            }
            if celebration?["current"] == .null, celebration?["queue"]?.arrayValue?.isEmpty == false {
                throw SoakFailure(
                    invariant: "a celebration waits while none plays", step: step,
                    detail: celebration?.serialized() ?? "")
            }
        }
    }

    static func celebrationKey(_ item: JSONValue) -> String {
        "\(item["kind"]?.stringValue ?? "?"):\(item["source"]?.serialized() ?? "?")"
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
    private mutating func exportImport(step: Int) throws(SoakFailure) {
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
        var stuck: [String] = []
        if app == "finpessoal" {
            if state["hero"]?["isTransitioning"] == .bool(true) { stuck.append("hero.isTransitioning") }
            for sheet in state["sheets"]?.arrayValue ?? [] where sheet["phase"] != "presented" {
                stuck.append("sheet \(sheet["name"]?.stringValue ?? "?") \(sheet["phase"]?.stringValue ?? "?")")
            }
            if let refresh = state["refresh"]?["state"]?.stringValue, ["refreshing", "complete"].contains(refresh) {
                stuck.append("refresh.state \(refresh)")
            }
            if state["dashboard"]?["loading"] == .bool(true) { stuck.append("dashboard.loading") }
            if state["dashboard"]?["phase"] != "loaded" { stuck.append("dashboard.phase") }
            if state["navigation"]?["transition"]?["phase"] == "running" { stuck.append("navigation.transition") }
            if state["celebration"]?["current"] != .null { stuck.append("celebration.current") }
            // Everything that moved has arrived: the hero at its link or its destination, every sheet up.
            if let progress = state["hero"]?["progress"]?.doubleValue, abs(progress - progress.rounded()) > 1e-3 {
                stuck.append("hero.progress \(progress)")
            }
            for sheet in state["sheets"]?.arrayValue ?? [] {
                if let progress = sheet["progress"]?.doubleValue, abs(progress - 1) > 1e-3 {
                    stuck.append("sheet \(sheet["name"]?.stringValue ?? "?") progress \(progress)")
                }
            }
        } else {
            if let crossfade = state["gradient"]?["crossfade"]?.doubleValue, abs(crossfade - 1) > 1e-3 {
                stuck.append("gradient.crossfade \(crossfade)")
            }
            for card in state["screen"]?["cards"]?.arrayValue ?? [] {
                if let scale = card["scale"]?.doubleValue, abs(scale - 1) > 1e-3 {
                    stuck.append("card \(card["target"]?.stringValue ?? "?") scale \(scale)")
                }
            }
            if state["sheet"]?["phase"] == "presented", let offset = state["sheet"]?["offset"]?.doubleValue,
                abs(offset) > 1e-3
            {
                stuck.append("sheet.offset \(offset)")
            }
            if let phase = state["sheet"]?["phase"]?.stringValue, phase == "dismissing" {
                stuck.append("sheet dismissing")
            }
            if let progress = state["navigation"]?["transition"]?["progress"]?.doubleValue, progress != 1 {
                stuck.append("navigation.transition.progress \(progress)")
            }
        }
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
