import ChoreoEngine

/// The `heroBeginTransition` event.
struct HeroBeginTransitionEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.heroBeginTransition
    static let meaning =
        "A hero transition started: forward on a hero link's tap (with the light haptic), or reverse on dismissing its sheet or popping its view (no haptic)."
    var id: String
    var style: HeroStyle?
    var direction: HeroDirection?

    static let fields: [StateProperty<HeroBeginTransitionEvent>] = [
        StateProperty(
            "id", \.id, .text,
            "The hero link's target."),
        StateProperty(
            "style", \.style, .choice(HeroStyle.self),
            "The transition's look in the effective mode.", presentWhen: "forward transitions"),
        StateProperty(
            "direction", \.direction, .string(choices: ["reverse"]),
            "Always `reverse`.", presentWhen: "reverse transitions"),
    ]
}

/// The `heroEndTransition` event.
struct HeroEndTransitionEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.heroEndTransition
    static let meaning =
        "The hero transition is logically complete (the spring may still settle), or ended at once because `ui.navigate` left its screen or its row was deleted."
    var id: String
    var reason: HeroEndReason?

    static let fields: [StateProperty<HeroEndTransitionEvent>] = [
        StateProperty(
            "id", \.id, .text,
            "The hero link's target."),
        StateProperty(
            "reason", \.reason, .choice(HeroEndReason.self),
            "`navigated`: `ui.navigate` switched the root during the transition, so the screen (and its namespace) "
                + "is gone; `sourceRemoved`: `app.deleteTransaction` deleted the row it runs from or back to.",
            presentWhen: "the transition was ended by leaving its screen or deleting its row"),
    ]
}

/// The `heroRefused` event.
struct HeroRefusedEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.heroRefused
    static let meaning = "A hero link was tapped while another hero transition ran; nothing changed."
    var source: String
    var activeTransition: String

    static let fields: [StateProperty<HeroRefusedEvent>] = [
        StateProperty(
            "source", \.source, .text,
            "The hero link tapped."),
        StateProperty(
            "activeTransition", \.activeTransition, .text,
            "The hero link whose transition is running."),
    ]
}
