/// What the engine itself adds to every session's state tree and trace: `settings`, `lab`, and the events and
/// haptics of the clock, the recorders and the lab. Apps declare the rest (``AppModel/stateSchema``).
public enum EngineSchema {
    /// `settings` in the state tree (also `settings.get`'s and `settings.set`'s result).
    public static let settings = StateField(
        "settings",
        .object([
            StateField("mode", .choice(AnimationMode.self), "The animation mode chosen in the app's settings."),
            StateField(
                "respectReduceMotion", .bool, "Whether the system's Reduce Motion forces minimal mode (on by default)."),
            StateField("reduceMotion", .bool, "The system's Reduce Motion setting."),
            StateField("reduceTransparency", .bool, "The system's Reduce Transparency setting."),
            StateField("highContrast", .bool, "The system's Increase Contrast setting."),
            StateField("dynamicType", .choice(DynamicTypeSize.self), "The Dynamic Type size."),
            StateField("voiceOver", .bool, "Whether VoiceOver runs (apps post announcements only then)."),
            StateField("colorScheme", .choice(ColorScheme.self), "Light or dark appearance."),
            StateField(
                "effectiveMode", .choice(AnimationMode.self),
                "The mode animations use now: `minimal` when Reduce Motion is on and respected, else `mode`."),
        ]), "The session's settings, with the mode in effect.")

    /// `lab` in the state tree.
    public static let lab = StateField(
        "lab",
        .object([
            StateField(
                "values", .map(key: "NAME", .number("any")),
                "Each lab value by name (`lab.set`, `lab.animate`), at the current virtual time."),
            StateField(
                "timers",
                .array(
                    .object([
                        StateField("id", .integer("timer id", 1...Int64.max), "The timer's id."),
                        StateField("name", .text, "The name `lab.timer` gave it."),
                        StateField("at", .milliseconds, "When it fires, in virtual ms."),
                    ])), "Lab timers still pending, earliest first."),
        ]), "The lab: a scratch area for probing the engine directly.")

    /// The trace events the engine records in every session.
    public static let traceEvents: [TraceEventKind] = [
        TraceEventKind(
            EngineTraceKind.sessionCreated, "The session was created (always the first event).",
            fields: [
                StateField("app", .text, "The app the session hosts."),
                StateField("seed", .integer("seed"), "The seed of the session's random numbers."),
                StateField("fps", .integer("frames per second", 60...120), "The frame rate (60 or 120)."),
                StateField("wallClock", .text, "The wall clock at virtual time 0, ISO 8601."),
            ]),
        TraceEventKind(
            EngineTraceKind.action, "A request that changes the session arrived (what `session.export` replays).",
            fields: [
                StateField("method", .text, "The method, e.g. `ui.tap`."),
                StateField("params", .any("the request's params without `session`"), "The request's params."),
            ]),
        TraceEventKind(
            EngineTraceKind.settings, "The settings changed; the fields are the new settings.",
            fields: settingsFields),
        TraceEventKind(
            EngineTraceKind.animationStarted, "An animation started (or was requested with a delay).",
            fields: [
                StateField("id", .integer("animation id", 1...Int64.max), "The animation's id (`animations.list`)."),
                StateField("path", .text, "The animated property."),
                StateField("from", .number("the property's unit"), "The value it starts from."),
                StateField("to", .number("the property's unit"), "The value it moves to."),
                StateField("source", .text, "What started it, e.g. `hero`, `sheet`, `lab`."),
                StateField("curve", .any("a curve as `lab.animate` takes it"), "The curve."),
                StateField(
                    "start", .milliseconds, "When it starts, for a delayed animation.",
                    presentWhen: "the animation has a delay"),
            ]),
        TraceEventKind(
            EngineTraceKind.animationCompleted,
            "An animation is logically complete (a spring: its response has elapsed).",
            fields: animationIdentity),
        TraceEventKind(
            EngineTraceKind.animationSettled,
            "An animation came to rest (see the settle definition in the protocol docs).",
            fields: animationIdentity + [
                StateField("value", .number("the property's unit"), "The value it rests at.")
            ]),
        TraceEventKind(
            EngineTraceKind.timer, "A timer fired (an app's or the lab's).",
            fields: [
                StateField("id", .integer("timer id", 1...Int64.max), "The timer's id."),
                StateField("name", .text, "What it is for, e.g. `sheet.presented`."),
                StateField("owner", .text, "Who scheduled it: the app's name or `lab`."),
            ]),
        TraceEventKind(
            EngineTraceKind.haptic, "A haptic played.",
            fields: [
                StateField("style", .choice(HapticStyle.self), "The feedback style."),
                StateField("source", .text, "What played it (see the haptic sources)."),
            ]),
        TraceEventKind(
            EngineTraceKind.announcement, "A VoiceOver announcement was posted.",
            fields: [StateField("text", .text, "What VoiceOver says.")]),
        TraceEventKind(
            EngineTraceKind.labSet, "A lab value was set at once (`lab.set`).",
            fields: [
                StateField("name", .text, "The lab value's name."),
                StateField("value", .number("any"), "Its new value."),
            ]),
    ]

    /// The haptic sources of the lab.
    public static let hapticSources: [HapticSource] = [
        HapticSource("lab", HapticStyle.allCases, "`lab.haptic`."),
        HapticSource("lab.timer.*", HapticStyle.allCases, "A lab timer with a `haptic` fired (`*`: its name)."),
    ]

    /// The fields that name an animation in its trace events.
    private static let animationIdentity = [
        StateField("id", .integer("animation id", 1...Int64.max), "The animation's id (`animations.list`)."),
        StateField("path", .text, "The animated property."),
    ]

    private static var settingsFields: [StateField] {
        guard case .object(let fields) = settings.shape else { return [] }
        return fields
    }
}
