/// What the engine itself adds to every session's state tree and trace: `settings`, `lab`, and the events and
/// haptics of the clock, the recorders and the lab. Apps declare the rest (``AppModel/stateSchema``).
public enum EngineSchema {
    /// `settings` in the state tree (also `settings.get`'s and `settings.set`'s result).
    public static let settings = StateField(
        "settings", Settings.shape, "The session's settings, with the mode in effect.")

    /// `lab` in the state tree.
    public static let lab = StateField("lab", LabView.shape, "The lab: a scratch area for probing the engine directly.")

    /// The trace events the engine records in every session.
    public static var traceEvents: [TraceEventKind] { EngineEvents.declarations }

    /// The haptic sources of the lab.
    public static let hapticSources: [HapticSource] = [
        HapticSource("lab", HapticStyle.allCases, "`lab.haptic`."),
        HapticSource("lab.timer.*", HapticStyle.allCases, "A lab timer with a `haptic` fired (`*`: its name)."),
    ]
}
