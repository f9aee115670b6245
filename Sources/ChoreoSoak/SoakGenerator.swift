import ChoreoJSON

/// Builds random actions for one app from the session's current state (the targets on screen, the data's ids),
/// with a seeded ``SoakRandom``: the same seed and the same states give the same actions.
public struct SoakGenerator: Sendable {
    public let app: String
    public var random: SoakRandom

    public init(app: String, seed: UInt64) {
        self.app = app
        random = SoakRandom(seed: seed)
    }

    /// The `session.create` params of a case: app, seed, fps, physics and starting settings drawn at random.
    public mutating func createParams() -> [String: JSONValue] {
        var params: [String: JSONValue] = [
            "app": .string(app), "seed": .int(Int64(random.below(1000))),
            "fps": random.chance(0.5) ? 60 : 120, "physics": random.chance(0.5) ? "ideal" : "swiftui",
        ]
        if random.chance(0.5) { params["settings"] = .object(randomSettings()) }
        if app == "finpessoal", random.chance(0.3) {
            params["data"] = ["loadOnStart": true, "loadLatencyMs": .double(random.short(0...3000))]
        }
        return params
    }

    static let finScreens = [
        "dashboard", "transactions", "budgets", "bills", "goals", "reports", "insights", "profile", "creditCards",
        "loans", "settings",
    ]
    static let airFitScreens = ["onboarding", "dashboard", "foodVoiceInput", "chat", "settings", "workoutDetail"]
    static let finSheets: [String: String?] = [
        "addTransaction": nil, "editTransaction": "transactions", "addBudget": nil, "addGoal": nil, "addBill": nil,
        "addAccount": nil, "addCreditCard": nil, "addLoan": nil, "transactionDetail": "transactions",
        "budgetDetail": "budgets", "billDetail": "bills", "accountDetail": "accounts",
        "creditCardDetail": "creditCards", "loanDetail": "loans", "profile": nil, "currency": nil, "language": nil,
        "help": nil, "editProfile": nil, "billsFilter": nil, "importResult": nil,
    ]
    static let dynamicTypes = [
        "xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge", "accessibility1", "accessibility2",
        "accessibility3", "accessibility4", "accessibility5",
    ]

    mutating func randomSettings() -> [String: JSONValue] {
        var settings: [String: JSONValue] = [:]
        let count = random.int(1...3)
        for _ in 0..<count {
            switch random.below(8) {
            case 0: settings["mode"] = .string(random.pick(["full", "reduced", "minimal"]))
            case 1: settings["reduceMotion"] = .bool(random.chance(0.5))
            case 2: settings["highContrast"] = .bool(random.chance(0.5))
            case 3: settings["dynamicType"] = .string(random.pick(Self.dynamicTypes))
            case 4: settings["voiceOver"] = .bool(random.chance(0.5))
            case 5: settings["respectReduceMotion"] = .bool(random.chance(0.5))
            case 6: settings["reduceTransparency"] = .bool(random.chance(0.5))
            default: settings["colorScheme"] = .string(random.pick(["light", "dark"]))
            }
        }
        return settings
    }

    /// A duration for `clock.advance`: 0, a nanosecond, a frame, a few frames, up to seconds.
    mutating func advanceMs() -> Double {
        switch random.below(10) {
        case 0: return 0
        case 1: return random.pick([0.000001, 0.001, 0.5])
        case 2, 3: return random.pick([1000.0 / 60, 1000.0 / 120, 8, 16])
        case 4, 5, 6: return random.short(1...300)
        case 7, 8: return random.short(300...1500)
        default: return random.short(1500...6000)
        }
    }

    /// The targets the state shows: the top sheet's elements when one is up, else the screen's.
    static func visibleTargets(_ state: JSONValue) -> [String] {
        var targets: [String] = []
        if let sheet = state["sheet"], sheet != .null {
            for element in sheet["elements"]?.arrayValue ?? [] {
                if let target = element["target"]?.stringValue { targets.append(target) }
            }
            if state["app"]?.stringValue == "airfit" { targets.append("detail/button/close") }
            return targets
        }
        for element in state["screen"]?["elements"]?.arrayValue ?? [] {
            if let target = element["target"]?.stringValue { targets.append(target) }
        }
        return targets
    }

    /// Every target of every screen in the state (most are not on screen now).
    static func allTargets(_ state: JSONValue) -> [String] {
        var targets: [String] = []
        for (_, screen) in (state["screens"]?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
            for element in screen["elements"]?.arrayValue ?? [] {
                if let target = element["target"]?.stringValue { targets.append(target) }
            }
        }
        return targets
    }

    func ids(_ state: JSONValue, _ list: String) -> [String] {
        (state["data"]?[list]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
    }

    /// The next action, given the session's state now.
    public mutating func next(state: JSONValue) -> SoakStep {
        let roll = random.below(100)
        switch roll {
        case 0..<22: return SoakStep("clock.advance", ["ms": .double(advanceMs())])
        case 22..<24:
            return SoakStep("clock.settle", ["timeoutMs": .double(random.pick([0, 16, 250, 1000, 5000]))])
        case 24..<29: return SoakStep("settings.set", randomSettings())
        case 29..<30: return random.chance(0.5) ? SoakStep("session.fork") : SoakStep("session.export")
        case 30..<32: return invalid(state: state)
        case 32..<50: return tap(state: state)
        default: return app == "airfit" ? airFit(state: state) : finPessoal(state: state)
        }
    }

    mutating func tap(state: JSONValue) -> SoakStep {
        let visible = Self.visibleTargets(state)
        if !visible.isEmpty, random.chance(0.8) { return SoakStep("ui.tap", ["target": .string(random.pick(visible))]) }
        let all = Self.allTargets(state)
        if !all.isEmpty, random.chance(0.85) { return SoakStep("ui.tap", ["target": .string(random.pick(all))]) }
        // The chart without a point is invalid params wherever it is tapped.
        if random.chance(0.3) { return SoakStep("ui.tap", ["target": "dashboard/chart"], tolerated: [-32602]) }
        return SoakStep("ui.tap", ["target": .string(random.pick(["nowhere/button/x", ""]))])
    }

    /// A request the generator knows to be invalid, and the error it must earn.
    mutating func invalid(state: JSONValue) -> SoakStep {
        switch random.below(6) {
        case 0: return SoakStep("clock.advance", ["ms": .double(-random.short(1...100))], tolerated: [-32602])
        case 1: return SoakStep("settings.set", ["mode": "warp"], tolerated: [-32602])
        case 2: return SoakStep("ui.navigate", ["screen": "nowhere"], tolerated: [-32004])
        case 3: return SoakStep("clock.settle", ["timeoutMs": "soon"], tolerated: [-32602])
        case 4: return SoakStep("ui.tap", ["target": 7], tolerated: [-32602])
        default:
            return app == "airfit"
                ? SoakStep("ui.scroll", ["y": .double(random.short(0...500))], tolerated: [-32005])
                : SoakStep("ui.pull", ["distance": .double(-random.short(1...50))], tolerated: [-32602])
        }
    }

    mutating func finPessoal(state: JSONValue) -> SoakStep {
        // On the dashboard with nothing over it, often a gesture there: a pull-to-refresh drag, a release, the chart.
        if state["navigation"]?["screen"] == "dashboard", state["sheet"] == .null, random.chance(0.5) {
            switch random.below(6) {
            case 0, 1: return SoakStep("ui.pull", ["distance": .double(random.short(0...400))])
            case 2: return SoakStep("ui.release")
            case 3: return SoakStep("ui.touch", ["target": "dashboard/chart", "x": .double(random.short(0...1))])
            case 4: return SoakStep("ui.drag", ["target": "dashboard/chart", "x": .double(random.unit())])
            default: return SoakStep("app.finishLoading", ["ok": .bool(random.chance(0.7))])
            }
        }
        switch random.below(20) {
        case 0, 1:
            let screen = random.chance(0.4) ? "dashboard" : random.pick(Self.finScreens)
            return SoakStep("ui.navigate", ["screen": .string(screen)])
        case 2: return SoakStep("ui.back")
        case 3: return SoakStep("ui.dismiss")
        case 4:
            let name = random.pick(Self.finSheets.keys.sorted())
            var params: [String: JSONValue] = ["sheet": .string(name)]
            if let list = Self.finSheets[name] ?? nil {
                let ids = ids(state, list)
                if !ids.isEmpty { params["item"] = .string(random.pick(ids)) }
                return SoakStep("ui.present", params, tolerated: ids.isEmpty ? [-32602] : [])
            }
            return SoakStep("ui.present", params)
        case 5: return SoakStep("ui.scroll", ["y": .double(random.short(-100...1500))])
        case 6, 7: return SoakStep("ui.pull", ["distance": .double(random.short(0...260))])
        case 8: return SoakStep("ui.release")
        case 9:
            return SoakStep("ui.touch", ["target": "dashboard/chart", "x": .double(random.short(0...1))])
        case 10: return SoakStep("ui.drag", ["target": "dashboard/chart", "x": .double(random.unit())])
        case 11:
            let days = state["chart"]?["range"]?.intValue ?? 7
            return SoakStep("ui.tap", ["target": "dashboard/chart", "point": .int(Int64(random.below(Int(days))))])
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

    mutating func airFit(state: JSONValue) -> SoakStep {
        switch random.below(12) {
        case 0, 1: return SoakStep("ui.navigate", ["screen": .string(random.pick(Self.airFitScreens))])
        case 2: return SoakStep("ui.back")
        case 3: return SoakStep("ui.dismiss")
        case 4, 5:
            return SoakStep(
                "ui.drag", ["y": .double(random.short(-100...700)), "velocity": .double(random.short(-2000...3000))])
        case 6: return SoakStep("ui.release")
        case 7, 8:
            return SoakStep(
                "ui.deviceMotion",
                [
                    "pitch": .double(random.short(-180...180)), "roll": .double(random.short(-180...180)),
                    "rotationRate": .double(random.short(0...60)),
                ])
        case 9: return SoakStep("ui.tap", ["target": "dashboard/card/performance"])
        case 10: return SoakStep("ui.present", ["sheet": "detail"], tolerated: [-32005])
        default: return SoakStep("app.finishLoading", tolerated: [-32005])
        }
    }
}
