import ChoreoEngine
import ChoreoJSON

/// How the soak tester drives FinPessoal: gestures on the dashboard (pull, chart), the four commands, sheets with
/// their items; and the invariants of its coordinators — one hero transition at a time keeping its style, the
/// celebration queue first in first out keeping its mode, a pull cancelled by whatever makes it impossible, every
/// sheet and transition at rest after a settle.
struct FinPessoalSoakProfile: SoakProfile {
    /// The screens `ui.navigate` shows.
    static let screens = FinScreen.navigation.map(\.rawValue)
    static let chart = "dashboard/chart"

    private var openHero: String?
    /// How often a check met a promise's case (SoakProfile.hits).
    var hits: [String: Int] = [:]
    /// Steps the profile chose to run next, in order (a refresh ended at once while the counters count).
    private var planned: [SoakStep] = []
    /// The celebrations the trace says wait (enqueued, not started), in order, and the one playing.
    private var tracedWaiting: [String] = []
    private var tracedPlaying: String?
    /// What started in one mode keeps it: the celebration playing (by start) and the hero transition running.
    private var playingCelebration: (key: String, mode: JSONValue?)?
    private var runningHero: (key: String, style: JSONValue?)?

    mutating func createParams(random: inout SoakRandom) -> [String: JSONValue] {
        guard random.chance(0.3) else { return [:] }
        return ["data": ["loadOnStart": true, "loadLatencyMs": .double(random.short(0...3000))]]
    }

    func ids(_ state: JSONValue, _ list: String) -> [String] {
        (state["data"]?[list]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
    }

    mutating func appStep(state: JSONValue, random: inout SoakRandom) -> SoakStep {
        if !planned.isEmpty { return planned.removeFirst() }
        // While the counters still count after a load, sometimes a refresh ended at once: its data leaves them
        // unchanged (the case of L10's "unchanged values do not move", issue 44 #6).
        let counting = (state["dashboard"]?["counters"]?.objectValue ?? [:]).values.contains {
            $0["value"] != $0["target"]
        }
        if counting, state["navigation"]?["screen"] == FinScreen.dashboard.json, state["sheet"] == .null,
            state["refresh"]?["state"] == RefreshCoordinator.Phase.idle.json,
            state["refresh"]?["fingerDistance"] == .null, random.chance(0.5)
        {
            planned = [SoakStep("ui.release"), SoakStep("app.finishLoading", ["ok": true])]
            return SoakStep("ui.pull", ["distance": 180])
        }
        // On the dashboard with nothing over it, often a gesture there: a pull-to-refresh drag, a release, the chart.
        if state["navigation"]?["screen"] == FinScreen.dashboard.json, state["sheet"] == .null, random.chance(0.5) {
            switch random.below(6) {
            case 0, 1: return SoakStep("ui.pull", ["distance": .double(random.short(0...400))])
            case 2: return SoakStep("ui.release")
            case 3: return SoakStep("ui.touch", ["target": .string(Self.chart), "x": .double(random.short(0...1))])
            case 4: return SoakStep("ui.drag", ["target": .string(Self.chart), "x": .double(random.unit())])
            default: return SoakStep("app.finishLoading", ["ok": .bool(random.chance(0.7))])
            }
        }
        if random.chance(0.08) { return transactionStep(state: state, random: &random) }
        switch random.below(20) {
        case 0, 1:
            let screen = random.chance(0.4) ? FinScreen.dashboard.rawValue : random.pick(Self.screens)
            return SoakStep("ui.navigate", ["screen": .string(screen)])
        case 2: return SoakStep("ui.back")
        case 3: return SoakStep("ui.dismiss")
        case 4:
            let sheet = random.pick(FinSheet.allCases)
            var params: [String: JSONValue] = ["sheet": .string(sheet.rawValue)]
            if let list = sheet.itemType?.list {
                let ids = ids(state, list)
                if !ids.isEmpty { params["item"] = .string(random.pick(ids)) }
                return SoakStep("ui.present", params, tolerated: ids.isEmpty ? [-32602] : [])
            }
            return SoakStep("ui.present", params)
        case 5: return SoakStep("ui.scroll", ["y": .double(random.short(-100...1500))])
        case 6, 7: return SoakStep("ui.pull", ["distance": .double(random.short(0...260))])
        case 8: return SoakStep("ui.release")
        case 9:
            return SoakStep("ui.touch", ["target": .string(Self.chart), "x": .double(random.short(0...1))])
        case 10: return SoakStep("ui.drag", ["target": .string(Self.chart), "x": .double(random.unit())])
        case 11:
            let days = state["chart"]?["range"]?.intValue ?? 7
            return SoakStep("ui.tap", ["target": .string(Self.chart), "point": .int(Int64(random.below(Int(days))))])
        case 12: return SoakStep("app.finishLoading", ["ok": .bool(random.chance(0.7))])
        case 13, 14:
            let goals = ids(state, "goals")
            guard !goals.isEmpty else { return SoakStep("ui.back") }
            return SoakStep(
                "app.contribute", ["goal": .string(random.pick(goals)), "amount": .double(random.short(-500...6000))])
        case 15, 16: return SoakStep("app.setSavings", ["amount": .double(random.short(0...16000))])
        case 17:
            let budgets = ids(state, "budgets")
            guard !budgets.isEmpty else { return SoakStep("ui.dismiss") }
            return SoakStep("app.closeBudgetPeriod", ["budget": .string(random.pick(budgets))])
        case 18:
            return SoakStep(
                "ui.deviceMotion", ["pitch": .double(random.short(-30...30)), "roll": 0], tolerated: [-32005])
        default:
            return SoakStep("ui.pull", ["distance": .double(random.short(60...400))])
        }
    }

    /// A transaction added, edited or deleted (issue 44 #9): often the one whose detail is shown, so deleting it
    /// meets its sheet and its hero; an id already taken or gone is -32602, which the step expects.
    func transactionStep(state: JSONValue, random: inout SoakRandom) -> SoakStep {
        let transactions = ids(state, "transactions")
        // The detail shown, while its transaction is still in the data (a deleted one's sheet may still be leaving).
        let detail = state["sheet"]?["name"] == FinSheet.transactionDetail.json
        let shown = (detail ? state["sheet"]?["item"]?.stringValue : nil)
            .flatMap { transactions.contains($0) ? $0 : nil }
        let amount = JSONValue.double(random.short(-300...300))
        switch random.below(3) {
        case 0:
            let id = "s\(random.below(40))"
            return SoakStep(
                "app.addTransaction",
                [
                    "transaction": [
                        "id": .string(id), "amount": amount, "date": .string("2026-01-0\(1 + random.below(5))"),
                    ]
                ],
                tolerated: transactions.contains(id) ? [-32602] : [])
        case 1:
            guard let id = shown ?? (transactions.isEmpty ? nil : random.pick(transactions)) else {
                return SoakStep("app.deleteTransaction", ["transaction": "none"], tolerated: [-32602])
            }
            let changes: JSONValue = random.chance(0.5) ? ["amount": amount] : ["description": "Edited"]
            return SoakStep("app.editTransaction", ["transaction": .string(id), "changes": changes])
        default:
            guard let id = shown ?? (transactions.isEmpty ? nil : random.pick(transactions)) else {
                return SoakStep("app.deleteTransaction", ["transaction": "none"], tolerated: [-32602])
            }
            return SoakStep("app.deleteTransaction", ["transaction": .string(id)])
        }
    }

    mutating func invalidStep(random: inout SoakRandom) -> SoakStep {
        SoakStep("ui.pull", ["distance": .double(-random.short(1...50))], tolerated: [-32602])
    }

    /// The chart without a point is invalid params wherever it is tapped.
    mutating func oddTap(random: inout SoakRandom) -> SoakStep? {
        SoakStep("ui.tap", ["target": .string(Self.chart)], tolerated: [-32602])
    }

    var pointTargets: Set<String> { [Self.chart] }

    /// The top sheet's targets (while it is dismissing, the ones under it, which are refused until it is gone),
    /// else the screen's, and the chart on the dashboard.
    func reachableTargets(state: JSONValue) -> Set<String> {
        let dashboard = state["navigation"]?["screen"] == FinScreen.dashboard.json
        // A dismissing sheet takes no taps (behavior.md S17, N10): its own targets and those under it are refused
        // until it is gone, and -32003 lists the ones under it, which take taps then.
        if let sheet = state["sheet"], sheet != .null, sheet["phase"] == SheetPhase.dismissing.json {
            let sheets = state["sheets"]?.arrayValue ?? []
            let under = sheets.count >= 2 ? sheets[sheets.count - 2] : state["screen"] ?? .null
            var targets = Set(Self.targets(of: under))
            if sheets.count == 1, dashboard { targets.insert(Self.chart) }
            return targets
        }
        var targets = Set(visibleTargets(state: state))
        if state["sheet"] == .null, dashboard { targets.insert(Self.chart) }
        return targets
    }

    func sheetsUp(state: JSONValue) -> [String] {
        (state["sheets"]?.arrayValue ?? []).map { $0["name"]?.stringValue ?? "?" }
    }

    static func celebrationKey(_ item: JSONValue) -> String {
        "\(item["kind"]?.stringValue ?? "?"):\(item["source"]?.serialized() ?? "?")"
    }

    /// One hero transition at a time: a transition begins only when none runs, or reverses the one that runs. The
    /// celebration queue is first in, first out, one at a time.
    mutating func observe(_ event: TraceEvent) throws(SoakViolation) {
        switch event.kind {
        case FinPessoalTraceKind.heroBeginTransition.rawValue:
            let id = event.fields["id"]?.stringValue
            if let openHero, openHero != id {
                throw SoakViolation("two hero transitions", "\(id ?? "?") began while \(openHero) runs")
            }
            openHero = id
        case FinPessoalTraceKind.heroEndTransition.rawValue:
            openHero = nil
        case FinPessoalTraceKind.celebrationEnqueued.rawValue:
            tracedWaiting.append(Self.celebrationKey(.object(event.fields)))
        case FinPessoalTraceKind.celebrationStarted.rawValue:
            // First in, first out, and the next starts only when the one before has ended.
            let key = Self.celebrationKey(.object(event.fields))
            if let playing = tracedPlaying {
                throw SoakViolation("two celebrations at once", "\(key) started while \(playing) plays")
            }
            if tracedWaiting.first != key {
                throw SoakViolation("celebrations out of order", "\(key) started; waiting first: \(tracedWaiting)")
            }
            tracedWaiting.removeFirst()
            tracedPlaying = key
        case FinPessoalTraceKind.celebrationCompleted.rawValue:
            let key = Self.celebrationKey(.object(event.fields))
            if tracedPlaying != key {
                throw SoakViolation(
                    "a celebration ended that was not playing", "\(key) ended; playing: \(tracedPlaying ?? "none")")
            }
            tracedPlaying = nil
        default: break
        }
    }

    /// A cancelled gesture does not begin again under the same finger (R17, C21); nothing under a sheet scrolls (S19).
    mutating func check(
        step: SoakStep, reply: JSONValue, before: JSONValue, after: JSONValue, haptics: ArraySlice<HapticEvent>
    ) throws(SoakViolation) {
        if Self.unchangedLoad(before: before, after: after) {
            hits["an unchanged value starts no animation", default: 0] += 1
        }
        let result = reply["result"]
        let refresh = before["refresh"]
        let cancelledPull =
            refresh?["state"] == RefreshCoordinator.Phase.idle.json && refresh?["fingerDistance"] != .null
        if cancelledPull, step.method == "ui.pull" || step.method == "ui.touch" {
            // A bad parameter is an error, which changes nothing either; anything else must be refused.
            if (result != nil && result?["refused"] != .bool(true)) || !haptics.isEmpty {
                throw SoakViolation(
                    "a cancelled pull began again under the same finger",
                    "\(step.description) -> \(result?.serialized() ?? "error"), haptics \(haptics.map(\.source))")
            }
        }
        if step.method == "ui.scroll", before["sheet"] != .null, result != nil {
            if result?["refused"] != .bool(true) || after["screens"] != before["screens"] {
                throw SoakViolation("a scroll under a sheet", "\(step.description) -> \(result?.serialized() ?? "")")
            }
        }
    }

    mutating func check(state: JSONValue) throws(SoakViolation) {
        let screen = state["navigation"]?["screen"]
        // Whatever makes a pull impossible (another screen, a sheet, the dashboard scrolled) cancels a pull in
        // progress at once (behavior.md R16).
        let refresh = state["refresh"]?["state"]?.stringValue ?? "idle"
        let scrollY = state["screens"]?[FinScreen.dashboard.rawValue]?["scrollY"]?.doubleValue ?? 0
        if ["pulling", "ready"].contains(refresh),
            screen != FinScreen.dashboard.json || state["sheet"] != .null || scrollY > 0
        {
            throw SoakViolation(
                "a pull survives what makes it impossible",
                "refresh \(refresh) on \(screen?.serialized() ?? "?"), sheet \(state["sheet"]?["name"]?.serialized() ?? "null"), scrollY \(scrollY)"
            )
        }
        let hero = state["hero"]
        if (hero?["isTransitioning"] == .bool(true)) != (hero?["activeTransition"] != .null) {
            throw SoakViolation("hero state inconsistent", hero?.serialized() ?? "")
        }
        let top = state["sheet"] ?? .null
        if top != (state["sheets"]?.arrayValue?.last ?? .null) {
            throw SoakViolation("sheet is not the top of sheets", top.serialized())
        }
        let celebration = state["celebration"]
        // The queue and the celebration playing are the ones the trace says.
        let waiting = (celebration?["queue"]?.arrayValue ?? []).map(Self.celebrationKey)
        let playing = celebration?["current"].flatMap { $0 == .null ? nil : Self.celebrationKey($0) }
        if waiting != tracedWaiting || playing != tracedPlaying {
            throw SoakViolation(
                "celebrations differ from the trace",
                "state \(playing ?? "none") + \(waiting), trace \(tracedPlaying ?? "none") + \(tracedWaiting)")
        }
        // A choreography already playing keeps its mode (behavior.md CG11); a hero transition keeps the style of the
        // mode it started in (H, seed 000).
        if let current = celebration?["current"], current != .null {
            let key = "\(Self.celebrationKey(current))@\(current["startedAt"]?.serialized() ?? "")"
            if let playing = playingCelebration, playing.key == key, playing.mode != current["mode"] {
                throw SoakViolation(
                    "a playing celebration changed mode",
                    "\(key): \(playing.mode?.serialized() ?? "?") -> \(current["mode"]?.serialized() ?? "?")")
            }
            playingCelebration = (key, current["mode"])
        } else {
            playingCelebration = nil
        }
        if hero?["isTransitioning"] == .bool(true), let active = hero?["activeTransition"]?.stringValue {
            let key = "\(active) \(hero?["direction"]?.stringValue ?? "?")"
            if let running = runningHero, running.key == key, running.style != hero?["style"] {
                throw SoakViolation(
                    "a running hero transition changed style",
                    "\(key): \(running.style?.serialized() ?? "?") -> \(hero?["style"]?.serialized() ?? "?")")
            }
            runningHero = (key, hero?["style"])
        } else {
            runningHero = nil
        }
        if celebration?["current"] == .null, celebration?["queue"]?.arrayValue?.isEmpty == false {
            throw SoakViolation("a celebration waits while none plays", celebration?.serialized() ?? "")
        }
    }

    func stuckAfterSettle(state: JSONValue) -> [String] {
        var stuck: [String] = []
        if state["hero"]?["isTransitioning"] == .bool(true) { stuck.append("hero.isTransitioning") }
        for sheet in state["sheets"]?.arrayValue ?? [] where sheet["phase"] != SheetPhase.presented.json {
            stuck.append("sheet \(sheet["name"]?.stringValue ?? "?") \(sheet["phase"]?.stringValue ?? "?")")
        }
        if let refresh = state["refresh"]?["state"]?.stringValue, ["refreshing", "complete"].contains(refresh) {
            stuck.append("refresh.state \(refresh)")
        }
        if state["dashboard"]?["loading"] == .bool(true) { stuck.append("dashboard.loading") }
        if state["dashboard"]?["phase"] != LoadingPhase.loaded.json { stuck.append("dashboard.phase") }
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
        return stuck
    }
}

extension FinPessoalApp: SoakTestedApp {
    public static var soakProfile: any SoakProfile { FinPessoalSoakProfile() }
}
