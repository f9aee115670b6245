import ChoreoEngine

// What AirFit's actions answer, each type declared once: its fields give the reply and the methods' result schemas;
// each feature lists its own (AirFitApp+Features.swift).

/// `ui.navigate`: the screen is shown and the background advanced to its next gradient.
struct ScreenEntered: ActionResult {
    var screen: AirFitScreen
    var gradient: GradientToken
    static let answers = ["ui.navigate"]
    static let summary = "The screen is shown; the background cross-fades to the next gradient."
    static let fields: [StateProperty<ScreenEntered>] = [
        StateProperty("screen", \.screen, .text, "The screen shown now."),
        StateProperty("gradient", \.gradient, .choice(GradientToken.self), "The gradient the background moves to."),
    ]
}

/// A tap that pushed a screen.
struct ScreenPushed: ActionResult {
    var screen: AirFitScreen
    static let answers = ["ui.tap"]
    static let summary = "The tap pushed a screen."
    static let fields: [StateProperty<ScreenPushed>] = [
        StateProperty("screen", \.screen, .text, "The screen pushed.")
    ]
}

/// A tap on an element that only answers with a soft haptic.
struct SoftTapped: ActionResult {
    var tapped: String
    static let answers = ["ui.tap"]
    static let summary = "An element was tapped (soft haptic); nothing else changes."
    static let fields: [StateProperty<SoftTapped>] = [
        StateProperty("tapped", \.tapped, .text, "The target tapped.")
    ]
}

/// A FlareButton was pressed: its flare plays (and it pushes its destination, if it has one).
struct FlarePressed: ActionResult {
    var pressed: String
    static let answers = ["ui.tap"]
    static let summary = "A FlareButton was pressed (rigid haptic): its flare expands and fades."
    static let fields: [StateProperty<FlarePressed>] = [
        StateProperty("pressed", \.pressed, .text, "The button's target.")
    ]
}

/// The mic button: recording toggled.
struct RecordingToggled: ActionResult {
    var recording: Bool
    static let answers = ["ui.tap"]
    static let summary = "The mic button toggled recording (rigid haptic); the ripples follow."
    static let fields: [StateProperty<RecordingToggled>] = [
        StateProperty("recording", \.recording, .bool, "Whether it records now.")
    ]
}

/// `ui.drag`: the sheet follows the finger.
struct SheetDragged: ActionResult {
    /// Points below the resting place.
    var offset: Double
    static let answers = ["ui.drag"]
    static let summary = "The sheet follows the finger."
    static let fields: [StateProperty<SheetDragged>] = [
        StateProperty(
            "offset", \.offset, .number("pt"),
            "The sheet's offset below its resting place (rubber-banded to 20% above it).")
    ]
}

/// `ui.release` short of a dismissal: the sheet springs back.
struct SheetSprangBack: ActionResult {
    var dismissed = false
    var springBack = true
    static let answers = ["ui.release"]
    static let summary = "The release was neither a flick nor past 35%: the sheet springs back to rest."
    static let fields: [StateProperty<SheetSprangBack>] = [
        StateProperty("dismissed", \.dismissed, .bool, "Always false."),
        StateProperty("springBack", \.springBack, .bool, "Always true."),
    ]
}

/// The sheet is dismissed: it decelerates away (`velocity`), or goes at once in minimal mode.
struct SheetLeaving: ActionResult {
    var dismissed = true
    /// Points per second.
    var velocity: Double?
    /// Virtual milliseconds.
    var dismissedAt: Double
    static let answers = ["ui.release", "ui.dismiss", "ui.tap"]
    static let summary = "The sheet is dismissed: it decelerates off screen, or goes at once in minimal mode."
    static let fields: [StateProperty<SheetLeaving>] = [
        StateProperty("dismissed", \.dismissed, .bool, "Always true."),
        StateProperty(
            "velocity", \.velocity, .number("pt/s"),
            "The deceleration's starting velocity (raised to the least that carries the sheet off screen).",
            presentWhen: "the sheet decelerates away (not in minimal mode)"),
        StateProperty(
            "dismissedAt", \.dismissedAt, .milliseconds, "When the sheet is gone (virtual ms; now when at once)."),
    ]
}

/// `ui.deviceMotion` while the device is still: the parallax targets.
struct TiltApplied: ActionResult {
    var applied = true
    /// Points.
    var x: Double
    /// Points.
    var y: Double
    static let answers = ["ui.deviceMotion"]
    static let summary = "The tilt moved the parallax targets (the content springs toward them)."
    static let fields: [StateProperty<TiltApplied>] = [
        StateProperty("applied", \.applied, .bool, "Always true."),
        StateProperty("x", \.x, .number("pt", -4...4), "The horizontal target, from the roll."),
        StateProperty("y", \.y, .number("pt", -4...4), "The vertical target, from the pitch."),
    ]
}
