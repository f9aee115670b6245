import ChoreoEngine

/// `hero` as the state shows it: the HeroTransitionCoordinator (seed 000), one hero transition at a time. Its fields
/// are declared once, below: the schema, the JSON and the state reference come from them.
struct HeroView: StateObject {
    /// The hero link whose transition runs (its target); nil when none runs.
    var activeTransition: String?
    /// From the hero tap (or the reverse) until the transition is logically complete.
    var isTransitioning: Bool
    /// 0 at the link, 1 at the destination (a fraction).
    var progress: Double
    /// Which way the transition runs; nil when none runs.
    var direction: HeroDirection?
    /// The look in the effective mode when it started; nil when none runs.
    var style: HeroStyle?

    static let fields: [StateProperty<HeroView>] = [
        StateProperty(
            "activeTransition", \.activeTransition, .nullable(.text, whenNull: "no hero transition is running"),
            "The target of the hero link whose transition runs (`transactions/row/t1`): the shared geometry id."),
        StateProperty(
            "isTransitioning", \.isTransitioning, .bool,
            "True from the hero tap (or the reverse) until the transition is logically complete (`hero.endTransition`)."
        ),
        StateProperty(
            "progress", \.progress, .number("fraction"),
            "The transition's progress, 0 at the link, 1 at the destination. Full mode: spring(0.4, 0.8), which overshoots by about 1.5% (and undershoots 0 on the way back); reduced 250 ms linear; minimal 100 ms linear. Stays 1 after a forward transition until it is reversed."
        ),
        StateProperty(
            "direction", \.direction, .nullable(.choice(HeroDirection.self), whenNull: "no hero transition is running"),
            "`forward` to the destination, `reverse` back to the link, on dismissing the sheet or popping the view."
        ),
        StateProperty(
            "style", \.style, .nullable(.choice(HeroStyle.self), whenNull: "no hero transition is running"),
            "The look in the effective mode when it started (seed 000): matchedGeometry full, scale reduced, crossfade minimal."
        ),
    ]
}
