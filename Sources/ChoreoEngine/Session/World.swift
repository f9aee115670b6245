import ChoreoJSON

/// Everything of a session except the app's own state: the clock, settings, animations, timers and the
/// recorders. Apps receive it `inout` when they apply an action or a timer fires; it is the only way they
/// change time-related state, play haptics or post announcements.
public struct World: Sendable {
    /// The current virtual time.
    public internal(set) var now: VirtualTime = .zero
    /// The session's settings.
    public internal(set) var settings: Settings
    /// Frames per second (60 or 120): the frame length for frame-tied behaviour (throttles, ProMotion tuning).
    public let fps: Int
    /// How the session evaluates animations (read-only to apps: `animate` applies it).
    public let physics: Physics
    /// The session's seeded random numbers.
    public var random: SeededRandom
    /// The session's wall clock.
    public let wallClock: WallClock
    /// Animated properties and animation records. Apps read and change properties through the ``PropertyKey``
    /// methods (`value`, `set`, `animate`, `target`, `velocity`), never by path.
    public internal(set) var timeline: Timeline
    /// Deadlines: timers and animation milestones.
    public internal(set) var agenda = Agenda()
    /// Haptics played, in order (the latest, under the session's retention).
    public internal(set) var haptics: RetainedLog<HapticEvent>
    /// VoiceOver announcements posted, in order (the latest, under the session's retention).
    public internal(set) var announcements: RetainedLog<Announcement>
    /// The ordered event log (the latest events, under the session's retention, and the digest of all).
    public internal(set) var trace: TraceLog
    /// Every request that changed the session, whatever the retention (what `session.export` replays).
    public internal(set) var actions = ActionLog()
    private var nextTimerID = 1

    init(
        settings: Settings, fps: Int, seed: UInt64, wallClock: WallClock, physics: Physics = .default,
        retention: Retention = Retention()
    ) {
        self.settings = settings
        self.fps = fps
        self.physics = physics
        self.timeline = Timeline(physics: physics, fps: fps, retention: retention)
        haptics = RetainedLog(retention: retention)
        announcements = RetainedLog(retention: retention)
        trace = TraceLog(retention: retention)
        self.random = SeededRandom(seed: seed)
        self.wallClock = wallClock
    }

    /// The length of one frame at the session's frame rate.
    public var frameDuration: VirtualTime {
        // Rounded to the nearest nanosecond, as every other time: 16.666667 ms at 60 fps.
        VirtualTime(nanoseconds: (1_000_000_000 + Int64(fps) / 2) / Int64(fps))
    }

    /// The mode animations use now.
    public var mode: AnimationMode { settings.effectiveMode }

    /// Appends a typed event to the trace at the current time: every event, the engine's and the apps', is a
    /// ``TraceEventValue``, so no kind is a string and no field is built by hand at the call site.
    public mutating func record<Event: TraceEventValue>(_ event: Event) {
        trace.append(time: now, kind: Event.kind.rawValue, fields: event.traceFields)
    }

    /// Schedules a timer after a delay (a negative delay fires now); returns its id.
    @discardableResult
    public mutating func schedule(_ timer: some TimerKind, after delay: VirtualTime) -> Int {
        let id = nextTimerID
        nextTimerID += 1
        agenda.schedule(.timer(id: id, ScheduledTimer(timer)), at: now + max(delay, .zero))
        return id
    }

    /// Cancels every pending timer of kind `T` that `matches` selects.
    public mutating func cancelTimers<T: TimerKind>(_ type: T.Type = T.self, where matches: (T) -> Bool) {
        agenda.removeAll { item in
            guard case .timer(_, let timer) = item, let kind = timer.kind(as: T.self) else { return false }
            return matches(kind)
        }
    }

    /// Cancels one pending timer (every pending timer equal to it).
    public mutating func cancelTimer<T: TimerKind>(_ timer: T) {
        cancelTimers(T.self) { $0 == timer }
    }

    /// The pending timers of kind `T` with their ids and deadlines, earliest first.
    public func pendingTimers<T: TimerKind>(_ type: T.Type) -> [(id: Int, kind: T, deadline: VirtualTime)] {
        // Picked first, then sorted (by deadline, then scheduling order): only the timers of kind T are moved.
        let picked = agenda.entries.compactMap { entry -> (id: Int, kind: T, deadline: VirtualTime, sequence: Int)? in
            guard case .timer(let id, let timer) = entry.item, let kind = timer.kind(as: T.self) else { return nil }
            return (id, kind, entry.deadline, entry.sequence)
        }
        return picked.sorted { $0.deadline != $1.deadline ? $0.deadline < $1.deadline : $0.sequence < $1.sequence }
            .map { ($0.id, $0.kind, $0.deadline) }
    }

    /// Plays a haptic now.
    public mutating func play(_ style: HapticStyle, source: String) {
        haptics.append(HapticEvent(time: now, style: style, source: source))
        record(HapticPlayedEvent(style: style, source: source))
    }

    /// Posts a VoiceOver announcement now (recorded whether or not VoiceOver runs; apps decide when to post).
    public mutating func announce(_ text: String) {
        announcements.append(Announcement(time: now, text: text))
        record(AnnouncementEvent(text: text))
    }
}
