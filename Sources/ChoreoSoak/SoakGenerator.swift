import ChoreoEngine
import ChoreoJSON

/// Builds random actions for one app from the session's current state (the targets on screen, the data's ids),
/// with a seeded ``SoakRandom``: the same seed and the same states give the same actions. The app's own steps come
/// from its ``SoakProfile``.
public struct SoakGenerator: Sendable {
    public let app: String
    public var random: SoakRandom
    /// Whether steps may fork or export the session (a long single-session soak checks export at checkpoints
    /// instead: a fork runs every later step twice, and an export replays the whole history).
    public var forksAndExports = true
    private var profile: any SoakProfile

    public init(app: any AppModel.Type, seed: UInt64) {
        self.app = app.appName
        profile = soakProfile(of: app)
        random = SoakRandom(seed: seed)
    }

    /// The `session.create` params of a case: app, seed, fps, physics and starting settings drawn at random.
    public mutating func createParams() -> [String: JSONValue] {
        var params: [String: JSONValue] = [
            "app": .string(app), "seed": .int(Int64(random.below(1000))),
            "fps": random.chance(0.5) ? 60 : 120, "physics": random.chance(0.5) ? "ideal" : "swiftui",
        ]
        if random.chance(0.5) { params["settings"] = .object(randomSettings()) }
        params.merge(profile.createParams(random: &random)) { _, own in own }
        return params
    }

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

    /// The next action, given the session's state now.
    public mutating func next(state: JSONValue) -> SoakStep {
        let roll = random.below(100)
        switch roll {
        case 0..<22: return SoakStep("clock.advance", ["ms": .double(advanceMs())])
        case 22..<24:
            return SoakStep("clock.settle", ["timeoutMs": .double(random.pick([0, 16, 250, 1000, 5000]))])
        case 24..<29: return SoakStep("settings.set", randomSettings())
        case 29..<30:
            guard forksAndExports else { return SoakStep("clock.advance", ["ms": .double(advanceMs())]) }
            return random.chance(0.5) ? SoakStep("session.fork") : SoakStep("session.export")
        case 30..<32: return invalid(state: state)
        case 32..<50: return tap(state: state)
        default: return profile.appStep(state: state, random: &random)
        }
    }

    mutating func tap(state: JSONValue) -> SoakStep {
        let visible = profile.visibleTargets(state: state)
        if !visible.isEmpty, random.chance(0.8) { return SoakStep("ui.tap", ["target": .string(random.pick(visible))]) }
        let all = Self.allTargets(state)
        if !all.isEmpty, random.chance(0.85) { return SoakStep("ui.tap", ["target": .string(random.pick(all))]) }
        if random.chance(0.3), let odd = profile.oddTap(random: &random) { return odd }
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
        default: return profile.invalidStep(random: &random)
        }
    }
}
