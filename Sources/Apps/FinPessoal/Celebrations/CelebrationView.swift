import ChoreoEngine

/// A celebration as the queue, the trace and `celebration.current` describe it.
extension Celebration: StateObject {
    static let fields: [StateProperty<Celebration>] = [
        StateProperty(
            "occasion", \.occasion, .choice(Celebration.Occasion.self),
            "What triggered it (not `kind`, which in the trace is the event's own kind): a goal reaching 100% (`app.contribute`), a budget period closed at or under its limit (`app.closeBudgetPeriod`), savings crossing a milestone (`app.setSavings`)."
        ),
        StateProperty(
            "source", \.source, .any("the goal or budget id (a string), or the milestone amount (a number)"),
            "The goal or budget id, or the milestone's amount."),
        StateProperty(
            "name", \.name, .text,
            "The goal's or budget's name, or the milestone as `$5,000`; used in the VoiceOver announcement."),
        StateProperty(
            "style", \.style, .choice(Celebration.Style.self),
            "refined (goals, milestones: pulse and glow) or minimal (budgets: check mark only); joyful is never triggered."
        ),
        StateProperty(
            "haptic", \.haptic, .choice(Celebration.Haptic.self),
            "achievement (light, medium, heavy, 150 ms apart: goals, milestones) or success (light, light, medium, 100 ms apart: budgets)."
        ),
        StateProperty(
            "duration", \.duration, .number("s", 1.5...2),
            "The requested duration: 2 s (goals, milestones), 1.5 s (budgets); scales the choreography in full mode only."
        ),
    ]
}

/// `celebration` as the state shows it: the overlay playing now and the queue (seeds 000 and 001).
struct CelebrationView: StateObject {
    var current: PlayingCelebrationView?
    var queue: [Celebration]
    var completed: Int

    static let fields: [StateProperty<CelebrationView>] = [
        StateProperty(
            "current",
            \.current, .nullable(PlayingCelebrationView.shape, whenNull: "no celebration is playing"),
            "The CelebrationView playing now, every value exact at the current virtual time.",
            animates: ["celebration"]),
        StateProperty(
            "queue", \.queue, .array(Celebration.shape),
            "Celebrations waiting, first in first out; the next starts when the current one ends (seed 001)."),
        StateProperty(
            "completed", \.completed, .integer("celebrations", 0...Int64.max), "How many celebrations have finished."),
    ]
}

/// The CelebrationView playing now: its celebration's fields, then the animated values at the current virtual time.
struct PlayingCelebrationView: StateObject {
    var celebration: Celebration
    var phase: CelebrationPhase
    var opacity: Double
    var scale: Double
    var glowOpacity: Double
    var glowRadius: Double
    var shimmer: Double
    var checkmarkSize: Double
    var startedAt: Double
    var endsAt: Double
    var mode: AnimationMode

    static let fields: [StateProperty<PlayingCelebrationView>] =
        Celebration.fields.map { $0.reading(\.celebration) } + [
            StateProperty(
                "phase", \.phase, .choice(CelebrationPhase.self),
                "fadeIn → pulse → glow → fadeOut in full mode (hold instead of pulse and glow for the minimal style); reduced: fadeIn, pulse, fadeOut; minimal mode: fadeIn, fadeOut."
            ),
            StateProperty(
                "opacity", \.opacity, .fraction,
                "The overlay's opacity: fades in, then out before `endsAt`.",
                animates: [PropertyKey.celebrationOpacity.path]),
            StateProperty(
                "scale", \.scale, .number("multiplier"),
                "The pulse toward 1.05: spring(0.6 × f, 0.7) in full mode (overshoots to about 1.0523), 200 ms ease-out in reduced; 1 in minimal mode and for the minimal style.",
                animates: [PropertyKey.celebrationScale.path]),
            StateProperty(
                "glowOpacity", \.glowOpacity, .number("fraction", 0...0.5),
                "The gold glow: to 0.3 (0.5 with High Contrast) ease-in-out in the glow phase, full mode and refined only. High Contrast is read when the state is: switching it mid-celebration moves the glow at once to the other value on the same curve.",
                animates: [PropertyKey.celebrationGlow.path]),
            StateProperty(
                "glowRadius", \.glowRadius, .number("pt", 0...20),
                "20 for a refined celebration playing in full mode, else 0."),
            StateProperty(
                "shimmer", \.shimmer, .fraction,
                "The joyful style's shimmer sweep (0 for the other styles).",
                animates: [PropertyKey.celebrationShimmer.path]),
            StateProperty(
                "checkmarkSize", \.checkmarkSize, .number("pt", 42...84),
                "The check mark's size from `settings.dynamicType`: 42 (xSmall) … 60 (large) … 84 (xxxLarge and the accessibility sizes); follows at once."
            ),
            StateProperty(
                "startedAt", \.startedAt, .milliseconds,
                "When it started."),
            StateProperty(
                "endsAt", \.endsAt, .milliseconds,
                "When it ends: + duration in full mode, + 800 ms reduced, + 400 ms minimal."),
            StateProperty(
                "mode", \.mode, .choice(AnimationMode.self),
                "The effective mode when it started; a mode change mid-celebration does not change it."),
            StateProperty(
                "accessibilityHidden", { _ in true }, .bool,
                "Always true: the animation is decorative (seed 000)."),
            StateProperty(
                "accessibilityLabel", { _ in "Success" }, .string(choices: ["Success"]),
                "Always `Success`."),
        ]
}
