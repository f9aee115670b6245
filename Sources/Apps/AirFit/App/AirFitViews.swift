import ChoreoEngine

/// Where the user is: the current screen, the stack and the screen transition (N1, N2).
struct NavigationView: StateObject {
    var screen: AirFitScreen
    var stack: [AirFitScreen]
    var transitionProgress: Double
    var transitionOpacity: Double
    var transitionOffsetY: Double

    static let fields: [StateProperty<NavigationView>] = [
        StateProperty(
            "screen", \.screen, AirFitApp.screenChoice,
            "The screen shown: the top of `stack`. A session starts on `onboarding`."),
        StateProperty(
            "stack", \.stack, .array(AirFitApp.screenChoice),
            "The navigation stack, root first: `ui.navigate` makes it `[screen]`, a navigation button or a "
                + "FlareButton that navigates pushes, `ui.back` pops (N2)."),
        .group(
            "transition", "The screen transition, `.opacity.combined(with: .offset(y: 12))` (N1).",
            [
                StateProperty(
                    "progress", \.transitionProgress, .fraction,
                    "The screen transition's progress: 0 → 1 on easeInOut 0.6 s from every navigation (root switch, "
                        + "push, `ui.back`); 1 at rest and at once in minimal mode (N1, P3).",
                    animates: [PropertyKey.transitionProgress.path]),
                StateProperty(
                    "opacity", \.transitionOpacity, .fraction,
                    "The incoming screen's opacity, `.opacity` of seed 004's combined transition: equal to "
                        + "`progress` (N1).",
                    animates: [PropertyKey.transitionProgress.path]),
                StateProperty(
                    "offsetY", \.transitionOffsetY, .number("pt", 0...12),
                    "The incoming screen's y offset, `.offset(y: 12)` of the combined transition: "
                        + "12 × (1 − progress); 12 pt when a navigation starts, 0 at rest (N1).",
                    animates: [PropertyKey.transitionProgress.path]),
            ], animates: [PropertyKey.transitionProgress.path]),
    ]
}

/// GradientManager: the circadian two-stop gradient behind every screen, advanced on every navigation (G1–G9).
struct GradientView: StateObject {
    var active: GradientToken
    var previous: GradientToken?
    var crossfade: Double
    var stopsActive: [String]
    var stopsPrevious: [String]?
    var hour: Int
    var pool: String

    static let fields: [StateProperty<GradientView>] = [
        StateProperty(
            "active", \.active, .choice(GradientToken.self),
            "The token on screen (GradientManager.active): `peachRose` when a session starts; each navigation "
                + "advances it to another token of the hour's pool, never the current one, from the session's "
                + "seeded generator (G3, G5, G9)."),
        StateProperty(
            "previous", \.previous, .nullable(.choice(GradientToken.self), whenNull: "before the first advance"),
            "The token that was active before the last advance, fading out during the crossfade (G7)."),
        StateProperty(
            "crossfade", \.crossfade, .fraction,
            "The crossfade from `previous` to `active`: 0 → 1 on easeInOut 0.6 s from each advance; 1 at rest, "
                + "when a session starts and at once in minimal mode (G7, P4). Under `swiftui` an advance during a "
                + "crossfade is combined with it (behavior.md RL15): this is the newest crossfade's progress."),
        .group(
            "stops", "The gradient's colour stops in the current colour scheme (G1, G2, G7).",
            [
                StateProperty(
                    "active", \.stopsActive, AirFitApp.stopsShape,
                    "The active token's two stops, `#RRGGBB` as seed 004 writes them, in the current "
                        + "`settings.colorScheme` (light or dark pair; a scheme change switches them at once) "
                        + "(G1, G2)."),
                StateProperty(
                    "previous", \.stopsPrevious, .nullable(AirFitApp.stopsShape, whenNull: "before the first advance"),
                    "The stops fading out: the previous token's, or, when an advance interrupted a crossfade, "
                        + "under `ideal` the old pair blended by the crossfade's value at that instant and under "
                        + "`swiftui` the older crossfades as they run on underneath (sRGB, each channel rounded), "
                        + "so the colours never jump (G7, RL15)."),
            ]),
        StateProperty(
            "hour", \.hour, .integer("hour", 0...23),
            "The local hour of the session's wall clock (`wallClock` and its offset) at the current virtual "
                + "time; it moves with `clock.advance` (G4)."),
        StateProperty(
            "pool", \.pool, .string(choices: ["morning", "evening", "allDay"]),
            "The circadian pool of `hour` that the next advance picks from: `morning` 5–10, `evening` 18–23 and "
                + "0–4, `allDay` otherwise (G4)."),
    ]
}

/// MetricRing(value:goal:) of the dashboard and the workout detail (C5).
struct MetricRingView: StateObject {
    var value: Double
    var goal: Double
    var progress: Double
    var target: Double

    var animatedProperties: [String]? { [PropertyKey.ringProgress.path] }

    static let fields: [StateProperty<MetricRingView>] = [
        StateProperty(
            "value", \.value, .number(unit: "kcal", range: nil),
            "The day's calories (`data.calories`, 1850 by default; ≥ 0)."),
        StateProperty(
            "goal", \.goal, .number(unit: "kcal", range: nil),
            "The calorie goal (`data.calorieGoal`, 2300 by default; ≥ 0)."),
        StateProperty(
            "progress", \.progress, .number(unit: "fraction of the goal", range: nil),
            "The ring's drawn progress: springs from 0 to `target` on the standard spring of the frame rate "
                + "whenever the dashboard or the workout detail appears (at once in minimal mode); it overshoots "
                + "`target` by up to 14.3% (120 fps) or 19.6% (60 fps) before settling, and is not clamped to 1 "
                + "(C5). 0 until one of those screens first appears.",
            animates: [PropertyKey.ringProgress.path]),
        StateProperty(
            "target", \.target, .number(unit: "fraction of the goal", range: nil),
            "value / goal, where `progress` comes to rest; 0 when the goal is 0; over 1 when the calories pass "
                + "the goal (not clamped) (C5)."),
    ]
}

/// GradientNumber: the calories, masked with the active gradient (C6).
struct GradientNumberView: StateObject {
    var value: Double
    var gradient: GradientToken
    var stops: [String]

    static let fields: [StateProperty<GradientNumberView>] = [
        StateProperty(
            "value", \.value, .number(unit: "kcal", range: nil),
            "The number shown: the day's calories (`data.calories`)."),
        StateProperty(
            "gradient", \.gradient, .choice(GradientToken.self),
            "The token it moves to: always `gradient.active` (C6)."),
        StateProperty(
            "stops", \.stops, AirFitApp.stopsShape,
            "The two stops masking it now, in the current colour scheme: the background's crossfade, "
                + "`stops.previous` blended toward `stops.active` by `gradient.crossfade` (sRGB, each channel "
                + "rounded); the active token's at rest (C6).",
            animates: [PropertyKey.gradientCrossfade.path]),
    ]
}

/// ParallaxContainer: the gyroscopic parallax of the content, only while the device is still (C7).
struct ParallaxView: StateObject {
    var x: Double
    var y: Double

    static let fields: [StateProperty<ParallaxView>] = [
        StateProperty(
            "x", \.x, .number(unit: "pt", range: nil),
            "The content's x offset: clamp(roll / 20°) × 4 pt from the last `ui.deviceMotion` with "
                + "|rotationRate| ≤ 30°/s, reached on the standard spring (a new reading retargets it: under `ideal` with its "
                + "velocity, under `swiftui` combined as SwiftUI combines springs; at once in minimal mode). The spring "
                + "overshoots past ±4 pt before it settles (C15). 0 when a session starts (C7)."),
        StateProperty(
            "y", \.y, .number(unit: "pt", range: nil),
            "The content's y offset: clamp(pitch / 20°) × 4 pt, as `x` (C7)."),
        StateProperty(
            "range", { _ in 4.0 }, .number("pt", 4...4),
            "The most a reading moves the content: 4 pt, at 20° of tilt or more (C7)."),
    ]
}

/// MicRippleView on the food voice input screen (C4).
struct MicView: StateObject {
    var recording: Bool
    var ripples: [RippleView]

    var animatedProperties: [String]? { (0..<3).map { PropertyKey.micRipple($0).path } }

    static let fields: [StateProperty<MicView>] = [
        StateProperty(
            "recording", \.recording, .bool,
            "Whether the mic records: each tap on `foodVoiceInput/mic/record` toggles it (rigid haptic both "
                + "ways); leaving the food screen stops it (no haptic) (C4)."),
        StateProperty(
            "ripples", \.ripples, .array(RippleView.shape), "The three ripples, in start order (C4).",
            animates: (0..<3).map { PropertyKey.micRipple($0).path }),
    ]
}

/// FlareButton's radial flare (`Get Started`, `Start workout`) (C9).
struct FlareView: StateObject {
    var target: String?
    var radius: Double
    var opacity: Double

    static let fields: [StateProperty<FlareView>] = [
        StateProperty(
            "target", \.target,
            .nullable(
                .string(choices: ["onboarding/button/getStarted", "workoutDetail/button/start"]),
                whenNull: "before the first FlareButton press"),
            "The FlareButton pressed last (it stays after the flare fades) (C9)."),
        StateProperty(
            "radius", \.radius, .fraction,
            "The radial flare's radius, relative to its full size: 0 → 1 on easeOut 0.3 s from each press; at "
                + "once in minimal mode (C9, P2)."),
        StateProperty(
            "opacity", \.opacity, .number("fraction", 0...0.6),
            "The flare's opacity: 0.6 → 0 on easeOut 0.3 s from each press (0.189214 at 150 ms) (C9)."),
    ]
}

/// One ripple of the mic, driven by its own loop.
struct RippleView: StateObject {
    var index: Int
    var phase: Double
    var opacity: Double
    /// The ripple's size as a multiple of the mic button's: 1 + phase.
    var scale: Double { 1 + phase }

    func animatedProperties(at path: ArraySlice<String>) -> [String]? { [PropertyKey.micRipple(index).path] }

    static let fields: [StateProperty<RippleView>] = [
        StateProperty(
            "phase", \.phase, .fraction,
            "The ripple's phase: 0 → 1 on easeOut 1.5 s, repeating for as long as recording lasts, "
                + "ripple i starting 0.5·i s after the tap; 0 when not recording and in minimal "
                + "mode (C4)."),
        StateProperty("scale", \.scale, .number("scale", 1...2), "1 + phase (C4)."),
        StateProperty(
            "opacity", \.opacity, .number("fraction", 0...0.5),
            "0.5 × (1 − phase) while recording (0.5 for a ripple waiting for its start); 0 when not "
                + "recording and in minimal mode (C4, F2)."),
    ]
}

/// The DragDismissSheet (`detail`) that `dashboard/card/performance` presents.
struct DetailSheetView: StateObject {
    var phase: SheetPhase
    var offset: Double

    static let fields: [StateProperty<DetailSheetView>] = [
        StateProperty("name", { _ in "detail" }, .string(choices: ["detail"]), "The sheet's name: always `detail`."),
        StateProperty(
            "phase", \.phase, .choice(SheetPhase.self),
            "`presented` (up, or springing up or back), `dragging` (held by the finger after `ui.drag`), "
                + "`dismissing` (decelerating off screen after a flick, a drag past 35%, `ui.dismiss` or "
                + "the close button, until `sheet.dismissed`) (C8)."),
        StateProperty(
            "offset", \.offset, .number(unit: "pt", range: nil),
            "How far below its resting place the sheet is: 600 → 0 on the standard spring when presented "
                + "(overshooting above 0, i.e. negative, before it settles); the finger's y while dragging "
                + "(rubber-banded to 20% above 0); x₀ + v·τ·(1 − e^(−t/τ)), capped at 600, while dismissing "
                + "(C8)."),
        StateProperty(
            "height", { _ in AirFitApp.sheetHeight }, .number("pt", 600...600),
            "The sheet's height: 600 pt (decision, C8)."),
        StateProperty(
            "material", { _ in "ultraThin" }, .string(choices: ["ultraThin"]),
            "Its material, `.ultraThinMaterial`: one more layer of the screen's blur budget (B1)."),
    ]
}
