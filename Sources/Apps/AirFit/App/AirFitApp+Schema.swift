import ChoreoEngine

/// AirFit's state tree, declared once: the order is the order of the top-level nodes (``stateKeys``), and every
/// value under them with its type, unit, range and meaning, for the state reference and the schema tour.
extension AirFitApp {
    /// Every top-level node of AirFit's state tree and everything under it (the engine adds `settings` and `lab`).
    public static let stateSchema: [StateField] = [
        StateField("app", .string(choices: [appName]), "The hosted app's name: always `airfit`."),
        navigationField,
        gradientField,
        StateField(
            "screens", .map(key: "screen", screenShape),
            "Every screen of the app (`onboarding`, `dashboard`, `foodVoiceInput`, `chat`, `settings`, "
                + "`workoutDetail`), by name, whether shown or not: its cascade title, glass cards, targets and blur "
                + "budget (seed 004's screen transformations, N2)."),
        StateField(
            "screen", screenShape,
            "The current screen (`navigation.screen`), as `screens.<screen>` holds it: read `screen.title.glyphs` or "
                + "`screen.blur` without naming the screen."),
        metricRingField,
        gradientNumberField,
        parallaxField,
        micField,
        flareField,
        sheetField,
    ]

    static let screenChoice = StateShape.string(choices: AirFitCatalog.screens)

    static let navigationField = StateField(
        "navigation",
        .object([
            StateField(
                "screen", screenChoice, "The screen shown: the top of `stack`. A session starts on `onboarding`."),
            StateField(
                "stack", .array(screenChoice),
                "The navigation stack, root first: `ui.navigate` makes it `[screen]`, a navigation button or a "
                    + "FlareButton that navigates pushes, `ui.back` pops (N2)."),
            StateField(
                "transition",
                .object([
                    StateField(
                        "progress", .fraction,
                        "The screen transition's progress: 0 → 1 on easeInOut 0.6 s from every navigation (root switch, "
                            + "push, `ui.back`); 1 at rest and at once in minimal mode (N1, P3)."),
                    StateField(
                        "opacity", .fraction,
                        "The incoming screen's opacity, `.opacity` of seed 004's combined transition: equal to "
                            + "`progress` (N1)."),
                    StateField(
                        "offsetY", .number("pt", 0...12),
                        "The incoming screen's y offset, `.offset(y: 12)` of the combined transition: "
                            + "12 × (1 − progress); 12 pt when a navigation starts, 0 at rest (N1)."),
                ]), "The screen transition, `.opacity.combined(with: .offset(y: 12))` (N1)."),
        ]), "Where the user is: the current screen, the stack and the screen transition (N1, N2).")

    static let stopsShape = StateShape.array(.text)

    static let gradientField = StateField(
        "gradient",
        .object([
            StateField(
                "active", .choice(GradientToken.self),
                "The token on screen (GradientManager.active): `peachRose` when a session starts; each navigation "
                    + "advances it to another token of the hour's pool, never the current one, from the session's "
                    + "seeded generator (G3, G5, G9)."),
            StateField(
                "previous", .nullable(.choice(GradientToken.self), whenNull: "before the first advance"),
                "The token that was active before the last advance, fading out during the crossfade (G7)."),
            StateField(
                "crossfade", .fraction,
                "The crossfade from `previous` to `active`: 0 → 1 on easeInOut 0.6 s from each advance; 1 at rest, "
                    + "when a session starts and at once in minimal mode (G7, P4). Under `swiftui` an advance during a "
                    + "crossfade is combined with it (behavior.md RL15): this is the newest crossfade's progress."),
            StateField(
                "stops",
                .object([
                    StateField(
                        "active", stopsShape,
                        "The active token's two stops, `#RRGGBB` as seed 004 writes them, in the current "
                            + "`settings.colorScheme` (light or dark pair; a scheme change switches them at once) "
                            + "(G1, G2)."),
                    StateField(
                        "previous", .nullable(stopsShape, whenNull: "before the first advance"),
                        "The stops fading out: the previous token's, or, when an advance interrupted a crossfade, "
                            + "under `ideal` the old pair blended by the crossfade's value at that instant and under "
                            + "`swiftui` the older crossfades as they run on underneath (sRGB, each channel rounded), "
                            + "so the colours never jump (G7, RL15)."),
                ]), "The gradient's colour stops in the current colour scheme (G1, G2, G7)."),
            StateField(
                "hour", .integer("hour", 0...23),
                "The local hour of the session's wall clock (`wallClock` and its offset) at the current virtual "
                    + "time; it moves with `clock.advance` (G4)."),
            StateField(
                "pool", .string(choices: ["morning", "evening", "allDay"]),
                "The circadian pool of `hour` that the next advance picks from: `morning` 5–10, `evening` 18–23 and "
                    + "0–4, `allDay` otherwise (G4)."),
        ]),
        "GradientManager: the circadian two-stop gradient behind every screen, advanced on every navigation "
            + "(G1–G9).")

    static let metricRingField = StateField(
        "metricRing",
        .object([
            StateField(
                "value", .number(unit: "kcal", range: nil),
                "The day's calories (`data.calories`, 1850 by default; ≥ 0)."),
            StateField(
                "goal", .number(unit: "kcal", range: nil),
                "The calorie goal (`data.calorieGoal`, 2300 by default; ≥ 0)."),
            StateField(
                "progress", .number(unit: "fraction of the goal", range: nil),
                "The ring's drawn progress: springs from 0 to `target` on the standard spring of the frame rate "
                    + "whenever the dashboard or the workout detail appears (at once in minimal mode); it overshoots "
                    + "`target` by up to 14.3% (120 fps) or 19.6% (60 fps) before settling, and is not clamped to 1 "
                    + "(C5). 0 until one of those screens first appears."),
            StateField(
                "target", .number(unit: "fraction of the goal", range: nil),
                "value / goal, where `progress` comes to rest; 0 when the goal is 0; over 1 when the calories pass "
                    + "the goal (not clamped) (C5)."),
        ]), "MetricRing(value:goal:) of the dashboard and the workout detail (C5).")

    static let gradientNumberField = StateField(
        "gradientNumber",
        .object([
            StateField(
                "value", .number(unit: "kcal", range: nil), "The number shown: the day's calories (`data.calories`)."),
            StateField(
                "gradient", .choice(GradientToken.self),
                "The token masking it: always `gradient.active` (it switches at once while the background "
                    + "cross-fades) (C6)."),
            StateField("stops", stopsShape, "That token's two stops in the current colour scheme (C6)."),
        ]), "GradientNumber: the calories, masked with the active gradient (C6).")

    static let parallaxField = StateField(
        "parallax",
        .object([
            StateField(
                "x", .number(unit: "pt", range: nil),
                "The content's x offset: clamp(roll / 20°) × 4 pt from the last `ui.deviceMotion` with "
                    + "|rotationRate| ≤ 30°/s, reached on the standard spring (a new reading retargets it with its "
                    + "velocity; at once in minimal mode). The spring overshoots past ±4 pt briefly before it "
                    + "settles. 0 when a session starts (C7)."),
            StateField(
                "y", .number(unit: "pt", range: nil),
                "The content's y offset: clamp(pitch / 20°) × 4 pt, as `x` (C7)."),
            StateField(
                "range", .number("pt", 4...4),
                "The most a reading moves the content: 4 pt, at 20° of tilt or more (C7)."),
        ]), "ParallaxContainer: the gyroscopic parallax of the content, only while the device is still (C7).")

    static let micField = StateField(
        "mic",
        .object([
            StateField(
                "recording", .bool,
                "Whether the mic records: each tap on `foodVoiceInput/mic/record` toggles it (rigid haptic both "
                    + "ways); leaving the food screen stops it (no haptic) (C4)."),
            StateField(
                "ripples",
                .array(
                    .object([
                        StateField(
                            "phase", .fraction,
                            "The ripple's phase: 0 → 1 on easeOut 1.5 s, repeating for as long as recording lasts, "
                                + "ripple i starting 0.5·i s after the tap; 0 when not recording and in minimal "
                                + "mode (C4)."),
                        StateField("scale", .number("scale", 1...2), "1 + phase (C4)."),
                        StateField(
                            "opacity", .number("fraction", 0...0.5),
                            "0.5 × (1 − phase) while recording (0.5 for a ripple waiting for its start); 0 when not "
                                + "recording and in minimal mode (C4, F2)."),
                    ])), "The three ripples, in start order (C4)."),
        ]), "MicRippleView on the food voice input screen (C4).")

    static let flareField = StateField(
        "flare",
        .object([
            StateField(
                "target",
                .nullable(
                    .string(choices: ["onboarding/button/getStarted", "workoutDetail/button/start"]),
                    whenNull: "before the first FlareButton press"),
                "The FlareButton pressed last (it stays after the flare fades) (C9)."),
            StateField(
                "radius", .fraction,
                "The radial flare's radius, relative to its full size: 0 → 1 on easeOut 0.3 s from each press; at "
                    + "once in minimal mode (C9, P2)."),
            StateField(
                "opacity", .number("fraction", 0...0.6),
                "The flare's opacity: 0.6 → 0 on easeOut 0.3 s from each press (0.189214 at 150 ms) (C9)."),
        ]), "FlareButton's radial flare (`Get Started`, `Start workout`) (C9).")

    static let sheetField = StateField(
        "sheet",
        .nullable(
            .object([
                StateField("name", .string(choices: ["detail"]), "The sheet's name: always `detail`."),
                StateField(
                    "phase", .choice(SheetPhase.self),
                    "`presented` (up, or springing up or back), `dragging` (held by the finger after `ui.drag`), "
                        + "`dismissing` (decelerating off screen after a flick, a drag past 35%, `ui.dismiss` or "
                        + "the close button, until `sheet.dismissed`) (C8)."),
                StateField(
                    "offset", .number(unit: "pt", range: nil),
                    "How far below its resting place the sheet is: 600 → 0 on the standard spring when presented "
                        + "(overshooting above 0, i.e. negative, before it settles); the finger's y while dragging "
                        + "(rubber-banded to 20% above 0); x₀ + v·τ·(1 − e^(−t/τ)), capped at 600, while dismissing "
                        + "(C8)."),
                StateField("height", .number("pt", 600...600), "The sheet's height: 600 pt (decision, C8)."),
                StateField(
                    "material", .string(choices: ["ultraThin"]),
                    "Its material, `.ultraThinMaterial`: one more layer of the screen's blur budget (B1)."),
            ]), whenNull: "when no sheet is presented (it becomes null at `sheet.dismissed`)"),
        "The DragDismissSheet (`detail`) that `dashboard/card/performance` presents; modal while up (C8).")
}
