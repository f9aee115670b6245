import ChoreoJSON

/// The lab: a scratch area of every session for probing the engine directly, with named values that can be set
/// and animated with any curve, timers, haptics and announcements. Its state is `lab` in the state tree;
/// value NAME is the property ``key(_:)`` (`lab.values.NAME`), declared 0 until it is first set or animated.
public struct Lab: Sendable, Hashable {
    /// A lab request.
    public enum Request: Sendable, Hashable {
        /// Animate a named value (from its current value, or `from`) to `to` with a curve.
        case animate(name: String, from: Double?, to: Double, curve: AnimationCurve)
        /// Set a named value at once.
        case set(name: String, value: Double)
        /// Start a named timer; when it fires it records a `timer` event and plays `haptic` if given.
        case timer(name: String, after: VirtualTime, haptic: HapticStyle?)
        /// Play a haptic now.
        case haptic(HapticStyle)
        /// Post a VoiceOver announcement now.
        case announce(String)
    }

    /// A lab timer: its name, and the haptic it plays when it fires.
    struct Timer: TimerKind {
        static let owner = "lab"
        var name: String
        var haptic: HapticStyle?
    }

    /// The values named so far, in key order (as the state writes them), each with its property.
    private var names: [Name] = []

    /// A lab value's name as the state's key, and its property (made once, not on every read).
    struct Name: Sendable, Hashable {
        let key: JSONKey
        let property: PropertyKey
    }

    /// Adds `name` to the values named so far, in its place. A name is the one it equals as a `String` (as the
    /// values' JSON object and the properties' keys compare names: é and e + U+0301 are one name), whatever its bytes.
    private mutating func name(_ name: String) {
        guard !names.contains(where: { $0.key.name == name }) else { return }
        let key = JSONKey(name)
        let place = names.firstIndex { key.precedes($0.key) } ?? names.endIndex
        names.insert(Name(key: key, property: Lab.key(name)), at: place)
    }

    public init() {}

    /// The property of lab value `name`: `lab.values.NAME`, 0 until it is first set or animated.
    static func key(_ name: String) -> PropertyKey { PropertyKey("lab.values.\(name)", initial: 0) }

    mutating func apply(_ request: Request, world: inout World) throws(SimulationError) -> JSONValue {
        switch request {
        case .animate(let name, let from, let to, let curve):
            // A lab value named for the first time starts from its declared 0.
            self.name(name)
            let record = world.animate(Lab.key(name), from: from, to: to, curve: curve, source: "lab")
            // A request that changes nothing starts no animation (animation null).
            var result: [String: JSONValue] = [
                "animation": record.isRecorded ? .int(Int64(record.id)) : .null, "from": .number(record.from),
            ]
            if let logical = record.logicallyCompleteAt, let settled = record.settledAt {
                result["logicallyCompleteAt"] = logical.reportedMilliseconds.map { .number($0) } ?? .null
                // Null when it never settles within the clock's range (an undamped spring in closed form).
                result["settledAt"] = settled.reportedMilliseconds.map { .number($0) } ?? .null
            }
            return .object(result)
        case .set(let name, let value):
            self.name(name)
            world.set(Lab.key(name), to: value)
            world.record(LabSetEvent(name: name, value: value))
            return ["value": .number(value)]
        case .timer(let name, let after, let haptic):
            let id = world.schedule(Timer(name: name, haptic: haptic), after: after)
            return ["timer": .int(Int64(id)), "firesAt": .number((world.now + after).milliseconds)]
        case .haptic(let style):
            world.play(style, source: "lab")
            return [:]
        case .announce(let text):
            world.announce(text)
            return [:]
        }
    }

    func handle(_ timer: Timer, world: inout World) {
        if let style = timer.haptic {
            world.play(style, source: "lab.timer.\(timer.name)")
        }
    }

    /// The lab as the state tree shows it now.
    func view(world: World) -> LabView {
        let values = LabValues(entries: names.map { ($0.key, world.value($0.property)) })
        let timers = world.pendingTimers(Timer.self).map { timer in
            LabTimerView(id: Int64(timer.id), name: timer.kind.name, at: timer.deadline.milliseconds)
        }
        return LabView(values: values, timers: timers)
    }
}
