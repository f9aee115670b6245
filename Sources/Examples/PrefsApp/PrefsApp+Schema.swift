import ChoreoEngine

extension PrefsApp {
    /// The state tree: what `state.get` returns, node by node (protocol/state.md is generated from it).
    public static let stateSchema: [StateField] = [
        StateField(
            "navigation", .object(navigationFields), "The navigation stack: `settings` at the root, `about` pushed."),
        StateField("screen", .object(elementListFields(named: .choice(PrefsScreen.self))), "The screen shown."),
        StateField(
            "toggles",
            .object(PrefsToggle.allCases.map { StateField($0.rawValue, .object(toggleFields), "The toggle.") }),
            "Each toggle by name, one field each (a closed list, so `journey validate` checks the names)."),
        StateField(
            "sheet",
            .nullable(.object(elementListFields(named: .choice(PrefsSheet.self))), whenNull: "no sheet is presented"),
            "The presented sheet."),
    ]

    static let navigationFields = [
        StateField("screen", .choice(PrefsScreen.self), "The screen shown (the stack's top)."),
        StateField("stack", .array(.choice(PrefsScreen.self)), "The stack, root first."),
    ]

    static let toggleFields = [
        StateField("on", .bool, "The toggle's value."),
        StateField(
            "knob", .number("fraction", -0.1...1.1),
            "The knob's position, 0 off to 1 on; it springs on a tap (animated) and passes its end by up to 1.5% "
                + "(e^(−πζ/√(1−ζ²)) at ζ = 0.8), a little more when tapped again mid-flight."),
    ]

    static func elementListFields(named name: StateShape) -> [StateField] {
        [
            StateField("name", name, "Its name."),
            StateField(
                "elements",
                .array(
                    .object([
                        StateField("target", .text, "The tap target (`ui.tap {target}`)."),
                        StateField("kind", .string(choices: ["toggle", "link", "sheetLink", "button"]), "What it is."),
                        StateField("label", .text, "Its label, as VoiceOver reads it."),
                    ])), "What it lists, top to bottom."),
        ]
    }

    public static var traceEvents: [TraceEventKind] { PrefsEvent.kinds }

    public static let hapticSources = [HapticSource("toggle", [.selection], "A toggle was tapped (every mode).")]

    public static var auditEntries: [MotionAudit.Entry] {
        [
            MotionAudit.Entry(
                app: appName, name: "toggle", curve: knobCurve, source: "PrefsApp.knobCurve (decision)",
                budgets: [(.settlesWithin(600), "decision: a toggle settles within 0.6 s")])
        ]
    }
}
