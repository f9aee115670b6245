import ChoreoEngine

/// The declared shape of `gradients` and the overlays' trace events (seeds 000 and 001's GradientAnimationView).
extension FinPessoalApp {
    static let gradientsField = StateField(
        "gradients",
        .map(
            key: "target",
            .object([
                StateField(
                    "colors",
                    .array(
                        .object([
                            StateField(
                                "color", .string(choices: ["accent", "warning", "clear"]),
                                "The colour: accent (premium card, goals), warning (budgets), then clear."),
                            StateField(
                                "opacity", .number("fraction", 0...0.2),
                                "Its opacity: 0.1 premium card, 0.2 goals, 0.15 budgets, 0 for clear."),
                        ])), "The gradient's two stops."),
                StateField(
                    "style",
                    .object([
                        StateField("type", .string(choices: ["linear"]), "Always linear."),
                        StateField("startPoint", .string(choices: ["topLeading"]), "Always topLeading."),
                        StateField("endPoint", .string(choices: ["bottomTrailing"]), "Always bottomTrailing."),
                    ]), "The gradient's geometry."),
                StateField(
                    "baseDuration", .number("s", 3...4),
                    "The loop's length in full mode: 3 s (premium, goals), 4 s (budgets)."),
                StateField(
                    "duration", .nullable(.number("s", 3...7), whenNull: "minimal mode: the gradient is static"),
                    "The loop's length in the effective mode: baseDuration in full, × 5/3 in reduced."),
                StateField("animating", .bool, "False in minimal mode and while its screen is off screen."),
                StateField(
                    "onScreen", .bool,
                    "Whether its screen is on screen (the top of the navigation stack, or the view a running push or pop leaves): its loop runs only then; leaving the screen stops it, coming back restarts it from 0."
                ),
                StateField(
                    "phase", .fraction,
                    "The loop's phase, 0 → 1 linear, repeating for ever (never blocks a settle); 0 when static or off screen. Restarts from 0 on a mode change and when its screen appears again."
                ),
                StateField(
                    "saturation", .number("multiplier", 1...1.3),
                    "1.3 with High Contrast (+30%), else 1; follows at once."),
            ])),
        "The animated gradient overlays shown now, by element target: `dashboard/card/premium` always, `goals/card/ID` above 80% saved, `budgets/card/ID` above 90% spent."
    )

    static let gradientTraceEvents: [TraceEventKind] = [
        TraceEventKind(
            FinPessoalTraceKind.gradientAdded, "An overlay appeared (at the start, or as data crossed its threshold).",
            fields: [StateField("target", .text, "The element it overlays.")]),
        TraceEventKind(
            FinPessoalTraceKind.gradientRemoved, "An overlay disappeared as data went back under its threshold.",
            fields: [StateField("target", .text, "The element it overlaid.")]),
    ]
}
