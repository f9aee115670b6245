import ChoreoEngine

/// The state's nodes as typed values: each declares its fields once, and the schema, the JSON and the state
/// reference come from those declarations (``StateObject``).

/// `navigation`: the stack.
struct PrefsNavigationView: StateObject {
    var screen: PrefsScreen
    var stack: [PrefsScreen]

    static let fields: [StateProperty<PrefsNavigationView>] = [
        StateProperty(
            "screen", \.screen, .choice(PrefsScreen.self), "The screen shown (the stack's top)."),
        StateProperty("stack", \.stack, .array(.choice(PrefsScreen.self)), "The stack, root first."),
    ]
}

/// A screen or sheet: its name and what it lists.
struct PrefsListView: StateObject {
    var name: String
    var elements: [PrefsElement]

    static let fields: [StateProperty<PrefsListView>] = [
        StateProperty("name", \.name, .text, "Its name."),
        StateProperty("elements", \.elements, .array(PrefsElement.shape), "What it lists, top to bottom."),
    ]

    /// The shape with the names it can take.
    static func shape(named name: StateShape) -> StateShape {
        .object(fields.map { $0.declaration.name == "name" ? StateField("name", name, "Its name.") : $0.declaration })
    }
}

extension PrefsElement: StateObject {
    static let fields: [StateProperty<PrefsElement>] = [
        StateProperty("target", \.target, .text, "The tap target (`ui.tap {target}`)."),
        StateProperty("kind", \.kind, .choice(PrefsElementKind.self), "What it is."),
        StateProperty("label", \.label, .text, "Its label, as VoiceOver reads it."),
    ]
}

/// One toggle: its value and its knob.
struct PrefsToggleView: StateObject {
    var on: Bool
    var knob: Double

    static let fields: [StateProperty<PrefsToggleView>] = [
        StateProperty("on", \.on, .bool, "The toggle's value."),
        StateProperty(
            "knob", \.knob, .number("fraction", -0.1...1.1),
            "The knob's position, 0 off to 1 on; it springs on a tap (animated) and passes its end by up to 1.5% "
                + "(e^(−πζ/√(1−ζ²)) at ζ = 0.8), a little more when tapped again mid-flight."),
    ]
}
