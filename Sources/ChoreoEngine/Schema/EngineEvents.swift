import ChoreoJSON

/// The trace events the engine itself records in every session, each declared once (``TraceEventValue``).
enum EngineEvents {
    /// Every engine event's declaration, in the order the state reference lists them.
    static let declarations: [TraceEventKind] = [
        SessionCreatedEvent.declaration, ActionEvent.declaration, SettingsChangedEvent.declaration,
        AnimationStartedEvent.declaration, AnimationCompletedEvent.declaration, AnimationSettledEvent.declaration,
        TimerFiredEvent.declaration, HapticPlayedEvent.declaration, AnnouncementEvent.declaration,
        LabSetEvent.declaration,
    ]
}

struct SessionCreatedEvent: TraceEventValue {
    static let kind = EngineTraceKind.sessionCreated
    static let meaning = "The session was created (always the first event)."
    var app: String
    var seed: Int64
    var fps: Int
    var wallClock: String

    static let fields: [StateProperty<SessionCreatedEvent>] = [
        StateProperty("app", \.app, .text, "The app the session hosts."),
        StateProperty("seed", \.seed, .integer("seed"), "The seed of the session's random numbers."),
        StateProperty("fps", \.fps, .integer("frames per second", 60...120), "The frame rate (60 or 120)."),
        StateProperty("wallClock", \.wallClock, .text, "The wall clock at virtual time 0, ISO 8601."),
    ]
}

struct ActionEvent: TraceEventValue {
    static let kind = EngineTraceKind.action
    static let meaning = "A request that changes the session arrived (what `session.export` replays)."
    var method: String
    var params: JSONValue

    static let fields: [StateProperty<ActionEvent>] = [
        StateProperty("method", \.method, .text, "The method, e.g. `ui.tap`."),
        StateProperty(
            "params", \.params, .any("the request's params without `session`"), "The request's params."),
    ]
}

struct SettingsChangedEvent: TraceEventValue {
    static let kind = EngineTraceKind.settings
    static let meaning = "The settings changed; the fields are the new settings."
    var settings: Settings

    static let fields = Settings.fields.map { $0.reading(\SettingsChangedEvent.settings) }
}

struct AnimationStartedEvent: TraceEventValue {
    static let kind = EngineTraceKind.animationStarted
    static let meaning = "An animation started (or was requested with a delay)."
    var id: Int
    var path: String
    var from: Double
    var to: Double
    var source: String
    var curve: JSONValue
    /// When it starts, in ms, for a delayed animation; nil otherwise.
    var start: Double?

    static let fields: [StateProperty<AnimationStartedEvent>] = [
        StateProperty(
            "id", \.id, .integer("animation id", 1...Int64.max), "The animation's id (`animations.list`)."),
        StateProperty("path", \.path, .text, "The animated property."),
        StateProperty("from", \.from, .number("the property's unit"), "The value it starts from."),
        StateProperty("to", \.to, .number("the property's unit"), "The value it moves to."),
        StateProperty("source", \.source, .text, "What started it, e.g. `hero`, `sheet`, `lab`."),
        StateProperty("curve", \.curve, .any("a curve as `lab.animate` takes it"), "The curve."),
        StateProperty(
            "start", \.start, .milliseconds, "When it starts, for a delayed animation.",
            presentWhen: "the animation has a delay"),
    ]
}

extension StateProperty {
    /// The fields that name an animation in its trace events.
    static func animationIdentity(
        id: @escaping @Sendable (Root) -> Int, path: @escaping @Sendable (Root) -> String
    ) -> [StateProperty] {
        [
            StateProperty(
                "id", id, .integer("animation id", 1...Int64.max), "The animation's id (`animations.list`)."),
            StateProperty("path", path, .text, "The animated property."),
        ]
    }
}

struct AnimationCompletedEvent: TraceEventValue {
    static let kind = EngineTraceKind.animationCompleted
    static let meaning = "An animation is logically complete (a spring: its response has elapsed)."
    var id: Int
    var path: String

    static let fields = StateProperty<AnimationCompletedEvent>.animationIdentity(id: \.id, path: \.path)
}

struct AnimationSettledEvent: TraceEventValue {
    static let kind = EngineTraceKind.animationSettled
    static let meaning = "An animation came to rest (see the settle definition in the protocol docs)."
    var id: Int
    var path: String
    var value: Double

    static let fields =
        StateProperty<AnimationSettledEvent>.animationIdentity(id: \.id, path: \.path) + [
            StateProperty("value", \.value, .number("the property's unit"), "The value it rests at.")
        ]
}

struct TimerFiredEvent: TraceEventValue {
    static let kind = EngineTraceKind.timer
    static let meaning = "A timer fired (an app's or the lab's)."
    var id: Int
    var name: String
    var owner: String

    static let fields: [StateProperty<TimerFiredEvent>] = [
        StateProperty("id", \.id, .integer("timer id", 1...Int64.max), "The timer's id."),
        StateProperty("name", \.name, .text, "What it is for, e.g. `sheet.presented`."),
        StateProperty("owner", \.owner, .text, "Who scheduled it: the app's name or `lab`."),
    ]
}

struct HapticPlayedEvent: TraceEventValue {
    static let kind = EngineTraceKind.haptic
    static let meaning = "A haptic played."
    var style: HapticStyle
    var source: String

    static let fields: [StateProperty<HapticPlayedEvent>] = [
        StateProperty("style", \.style, .choice(HapticStyle.self), "The feedback style."),
        StateProperty("source", \.source, .text, "What played it (see the haptic sources)."),
    ]
}

struct AnnouncementEvent: TraceEventValue {
    static let kind = EngineTraceKind.announcement
    static let meaning = "A VoiceOver announcement was posted."
    var text: String

    static let fields: [StateProperty<AnnouncementEvent>] = [
        StateProperty("text", \.text, .text, "What VoiceOver says.")
    ]
}

struct LabSetEvent: TraceEventValue {
    static let kind = EngineTraceKind.labSet
    static let meaning = "A lab value was set at once (`lab.set`)."
    var name: String
    var value: Double

    static let fields: [StateProperty<LabSetEvent>] = [
        StateProperty("name", \.name, .text, "The lab value's name."),
        StateProperty("value", \.value, .number("any"), "Its new value."),
    ]
}
