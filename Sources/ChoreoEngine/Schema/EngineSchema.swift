/// What the engine itself adds to every session's state tree and trace: `settings`, `lab`, and the events and
/// haptics of the clock, the recorders and the lab. Apps declare the rest (``AppModel/stateSchema``).
public enum EngineSchema {
    /// `settings` in the state tree (also `settings.get`'s and `settings.set`'s result).
    public static let settings = StateField(
        "settings", Settings.shape, "The session's settings, with the mode in effect.")

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
    public static var traceEvents: [TraceEventKind] { EngineEvents.declarations }

    /// The haptic sources of the lab.
    public static let hapticSources: [HapticSource] = [
        HapticSource("lab", HapticStyle.allCases, "`lab.haptic`."),
        HapticSource("lab.timer.*", HapticStyle.allCases, "A lab timer with a `haptic` fired (`*`: its name)."),
    ]
}
