import ChoreoEngine

/// The declared shape of `hero` and the hero transition's trace events and haptic (seed 000's
/// HeroTransitionCoordinator).
extension FinPessoalApp {
    static let heroField = StateField(
        "hero",
        .object([
            StateField(
                "activeTransition", .nullable(.text, whenNull: "no hero transition is running"),
                "The target of the hero link whose transition runs (`transactions/row/t1`): the shared geometry id."),
            StateField(
                "isTransitioning", .bool,
                "True from the hero tap (or the reverse) until the transition is logically complete (`hero.endTransition`)."
            ),
            StateField(
                "progress", .number("fraction"),
                "The transition's progress, 0 at the link, 1 at the destination. Full mode: spring(0.4, 0.8), which overshoots by about 1.5% (and undershoots 0 on the way back); reduced 250 ms linear; minimal 100 ms linear. Stays 1 after a forward transition until it is reversed."
            ),
            StateField(
                "direction", .nullable(.choice(HeroDirection.self), whenNull: "no hero transition is running"),
                "`forward` to the destination, `reverse` back to the link, on dismissing the sheet or popping the view."
            ),
            StateField(
                "style", .nullable(.choice(HeroStyle.self), whenNull: "no hero transition is running"),
                "The look in the effective mode when it started (seed 000): matchedGeometry full, scale reduced, crossfade minimal."
            ),
        ]), "The HeroTransitionCoordinator (seed 000): one hero transition at a time.")

    static let heroTraceEvents: [TraceEventKind] = [
        TraceEventKind(
            FinPessoalTraceKind.heroBeginTransition,
            "A hero transition started: forward on a hero link's tap (with the light haptic), or reverse on dismissing its sheet or popping its view (no haptic).",
            fields: [
                StateField("id", .text, "The hero link's target."),
                StateField(
                    "style", .choice(HeroStyle.self), "The transition's look in the effective mode.",
                    presentWhen: "forward transitions"),
                StateField(
                    "direction", .string(choices: ["reverse"]), "Always `reverse`.",
                    presentWhen: "reverse transitions"),
            ]),
        TraceEventKind(
            FinPessoalTraceKind.heroEndTransition,
            "The hero transition is logically complete (the spring may still settle), or ended at once because `ui.navigate` left its screen.",
            fields: [
                StateField("id", .text, "The hero link's target."),
                StateField(
                    "reason", .string(choices: ["navigated"]),
                    "`ui.navigate` switched the root during the transition: the screen (and its namespace) is gone.",
                    presentWhen: "the transition was ended by leaving its screen"),
            ]),
        TraceEventKind(
            FinPessoalTraceKind.heroRefused,
            "A hero link was tapped while another hero transition ran; nothing changed.",
            fields: [
                StateField("source", .text, "The hero link tapped."),
                StateField("activeTransition", .text, "The hero link whose transition is running."),
            ]),
    ]

    static let heroHapticSources: [HapticSource] = [
        HapticSource("hero.beginTransition", [.light], "A hero link was tapped and its transition starts (seed 000).")
    ]
}
