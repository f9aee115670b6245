import ChoreoJSON

/// How the soak tester (`choreo-soak`, ChoreoSoak) drives one app and what only the app knows to check: its random
/// gestures and commands, the targets a tap can reach, and its own invariants. The tester adds every app-independent
/// one (finite numbers, the state and trace schemas, trace order, haptic sources, forks and export/import equal
/// their original, a final settle) and the trace story read from `navigation {from, to}`, `sheet.present {sheet}`
/// and `sheet.dismissed {sheet}` events.
///
/// The tester hands each method the state as `state.get` returns it; a profile keeps whatever it tracks itself (it
/// is a value copied per case).
public protocol SoakProfile: Sendable {
    /// `session.create` params beyond app, seed, fps, physics and settings (e.g. `data`), drawn from `random`.
    mutating func createParams(random: inout SoakRandom) -> [String: JSONValue]

    /// One of the app's own steps — a gesture, a command, a navigation — given the state now.
    mutating func appStep(state: JSONValue, random: inout SoakRandom) -> SoakStep

    /// A request the app must reject, with the error it earns (`tolerated`).
    mutating func invalidStep(random: inout SoakRandom) -> SoakStep

    /// A tap the app has no plain target for (e.g. a chart tapped without a point), with the error it earns.
    mutating func oddTap(random: inout SoakRandom) -> SoakStep?

    /// The targets a tap may be drawn from now: the top sheet's elements when one is up, else the screen's.
    func visibleTargets(state: JSONValue) -> [String]

    /// The targets a tap reaches now (a -32003 must list exactly these, less ``pointTargets``).
    func reachableTargets(state: JSONValue) -> Set<String>

    /// Targets tapped with a `point` (listed apart by -32003).
    var pointTargets: Set<String> { get }

    /// The sheets up, bottom first, as the state shows them (the trace's `sheet.present`/`sheet.dismissed` must
    /// leave the same).
    func sheetsUp(state: JSONValue) -> [String]

    /// Checks one step's effect: its reply, the state before and after, and the haptics it played.
    mutating func check(
        step: SoakStep, reply: JSONValue, before: JSONValue, after: JSONValue, haptics: ArraySlice<HapticEvent>
    ) throws(SoakViolation)

    /// Sees each new trace event, in order.
    mutating func observe(_ event: TraceEvent) throws(SoakViolation)

    /// Checks the state after every step (after the events it followed were observed).
    mutating func check(state: JSONValue) throws(SoakViolation)

    /// What has not come to rest after a long settle (a transition still running, a value between its ends).
    func stuckAfterSettle(state: JSONValue) -> [String]

    /// The gesture a finger holds down now, as the state shows it (`pull`, `chart`, `sheet`), or nil: a second
    /// gesture must not start while it is down (behavior.md N13).
    func fingerDown(state: JSONValue) -> String?

    /// The gesture `step` starts or moves (`pull`, `chart`, `sheet`); nil for a tap, which never shares a finger.
    func gesture(of step: SoakStep) -> String?

    /// Whether `target` is drawn on the frame `svg` (`screen.render`) shows, `state` being the state at that instant
    /// (for what the frame draws below its printed precision): nothing not yet drawn takes a tap.
    func isDrawn(target: String, svg: String, state: JSONValue) -> Bool

    /// Whether the animated property at `path` shows a value (a counter): an unchanged one must not move (L10).
    func showsValue(path: String) -> Bool

    /// How often the profile's own checks met the case of a promise (e.g. a load that leaves every counter's value
    /// unchanged), by the promise's name; the soak reports them with its own.
    var hits: [String: Int] { get }
}

/// An invariant a profile found broken: its short name (shrinking keeps a candidate only when it breaks the same
/// one) and what was seen.
public struct SoakViolation: Error, Sendable, Hashable {
    public var invariant: String
    public var detail: String

    public init(_ invariant: String, _ detail: String) {
        self.invariant = invariant
        self.detail = detail
    }
}

extension SoakProfile {
    public mutating func createParams(random: inout SoakRandom) -> [String: JSONValue] { [:] }

    public mutating func appStep(state: JSONValue, random: inout SoakRandom) -> SoakStep {
        random.pick([SoakStep("ui.back"), SoakStep("ui.dismiss")])
    }

    public mutating func invalidStep(random: inout SoakRandom) -> SoakStep {
        SoakStep("ui.pull", ["distance": .double(-random.short(1...50))], tolerated: [-32602, -32005])
    }

    public mutating func oddTap(random: inout SoakRandom) -> SoakStep? { nil }

    public func visibleTargets(state: JSONValue) -> [String] {
        if let sheet = state["sheet"], sheet != .null { return Self.targets(of: sheet) }
        return Self.targets(of: state["screen"] ?? .null)
    }

    public func reachableTargets(state: JSONValue) -> Set<String> { Set(visibleTargets(state: state)) }

    public var pointTargets: Set<String> { [] }

    public func sheetsUp(state: JSONValue) -> [String] {
        guard let sheet = state["sheet"], sheet != .null else { return [] }
        return [sheet["name"]?.stringValue ?? "?"]
    }

    public mutating func check(
        step: SoakStep, reply: JSONValue, before: JSONValue, after: JSONValue, haptics: ArraySlice<HapticEvent>
    ) throws(SoakViolation) {}

    public mutating func observe(_ event: TraceEvent) throws(SoakViolation) {}

    public mutating func check(state: JSONValue) throws(SoakViolation) {}

    public func stuckAfterSettle(state: JSONValue) -> [String] { [] }

    public func fingerDown(state: JSONValue) -> String? { nil }

    public func gesture(of step: SoakStep) -> String? { nil }

    public func showsValue(path: String) -> Bool { false }

    public var hits: [String: Int] { [:] }

    /// By default: the frame has a group named for the target.
    public func isDrawn(target: String, svg: String, state: JSONValue) -> Bool {
        svg.contains("data-name=\"\(target)\"")
    }

    /// The `target`s of a node's `elements`, in order.
    public static func targets(of node: JSONValue) -> [String] {
        (node["elements"]?.arrayValue ?? []).compactMap { $0["target"]?.stringValue }
    }
}

/// The profile of an app that declares none: back and dismiss besides the tester's own taps, clock, settings,
/// forks and exports; only the app-independent invariants.
public struct GenericSoakProfile: SoakProfile {
    public init() {}
}
