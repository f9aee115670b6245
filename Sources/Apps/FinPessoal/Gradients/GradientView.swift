import ChoreoEngine

/// One animated gradient overlay as `gradients.<target>` shows it (seeds 000 and 001's GradientAnimationView).
struct GradientView: StateObject {
    /// The first stop's colour and opacity (the second is always clear).
    var color: GradientColour
    var opacity: Double
    var baseDuration: Double
    var duration: Double?
    var animating: Bool
    var onScreen: Bool
    var phase: Double
    var saturation: Double

    /// The gradient's two stops: its colour, then clear.
    var stops: [GradientStop] {
        [GradientStop(color: color, opacity: opacity), GradientStop(color: .clear, opacity: 0)]
    }

    static let fields: [StateProperty<GradientView>] = [
        StateProperty("colors", \.stops, .array(GradientStop.shape), "The gradient's two stops."),
        .group(
            "style", "The gradient's geometry.",
            [
                StateProperty("type", { _ in "linear" }, .string(choices: ["linear"]), "Always linear."),
                StateProperty(
                    "startPoint", { _ in "topLeading" }, .string(choices: ["topLeading"]), "Always topLeading."),
                StateProperty(
                    "endPoint", { _ in "bottomTrailing" }, .string(choices: ["bottomTrailing"]),
                    "Always bottomTrailing."),
            ]),
        StateProperty(
            "baseDuration", \.baseDuration, .number("s", 3...4),
            "The loop's length in full mode: 3 s (premium, goals), 4 s (budgets)."),
        StateProperty(
            "duration", \.duration, .nullable(.number("s", 3...7), whenNull: "minimal mode: the gradient is static"),
            "The loop's length in the effective mode: baseDuration in full, × 5/3 in reduced."),
        StateProperty(
            "animating", \.animating, .bool, "False in minimal mode and while its screen is off screen."),
        StateProperty(
            "onScreen", \.onScreen, .bool,
            "Whether its screen is on screen (the top of the navigation stack, or the view a running push or pop leaves): its loop runs only then; leaving the screen stops it, coming back restarts it from 0."
        ),
        StateProperty(
            "phase", \.phase, .fraction,
            "The loop's phase, 0 → 1 linear, repeating for ever (never blocks a settle); 0 when static or off screen. Restarts from 0 on a mode change and when its screen appears again."
        ),
        StateProperty(
            "saturation", \.saturation, .number("multiplier", 1...1.3),
            "1.3 with High Contrast (+30%), else 1; follows at once."),
    ]
}

/// One stop of a gradient.
struct GradientStop: StateObject {
    var color: GradientColour
    var opacity: Double

    static let fields: [StateProperty<GradientStop>] = [
        StateProperty(
            "color", \.color, .choice(GradientColour.self),
            "The colour: accent (premium card, goals), warning (budgets), then clear."),
        StateProperty(
            "opacity", \.opacity, .number("fraction", 0...0.2),
            "Its opacity: 0.1 premium card, 0.2 goals, 0.15 budgets, 0 for clear."),
    ]
}
