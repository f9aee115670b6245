import ChoreoEngine

/// `{started: true, transition, logicallyCompleteAt, settledAt}`: a `HeroTransitionLink` was tapped and its
/// transition began.
struct HeroStarted: ActionResult {
    var started = true
    var transition: String
    /// Virtual milliseconds.
    var logicallyCompleteAt: Double
    /// Virtual milliseconds.
    var settledAt: Double
    static let answers = ["ui.tap"]
    static let summary = "A hero link was tapped: its transition began (light haptic)."
    static let fields: [StateProperty<HeroStarted>] = [
        StateProperty("started", \.started, .bool, "Always true."),
        StateProperty("transition", \.transition, .text, "The hero link's target, the transition's id."),
        StateProperty(
            "logicallyCompleteAt", \.logicallyCompleteAt, .milliseconds,
            "When the transition is logically complete and ends (virtual ms)."),
        StateProperty(
            "settledAt", \.settledAt, .milliseconds,
            "When the hero's curve comes to rest under the session's physics (virtual ms)."),
    ]
}
