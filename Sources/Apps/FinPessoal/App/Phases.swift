import ChoreoEngine

/// A sheet's phase: on its way in, up, or on its way out (seed 002).
enum SheetPhase: String, Sendable, Hashable, CaseIterable, StateChoice {
    case presenting, presented, dismissing
}

/// A navigation transition's kind.
enum NavTransitionKind: String, Sendable, Hashable, CaseIterable, StateChoice {
    case push, pop
}

/// Which way a hero transition runs: to its destination, or back to the link it started from.
enum HeroDirection: String, Sendable, Hashable, CaseIterable, StateChoice {
    case forward, reverse
}

/// How a hero transition looks in each animation mode (seed 000): matched geometry, a scale, a crossfade.
enum HeroStyle: String, Sendable, Hashable, CaseIterable, StateChoice {
    case matchedGeometry, scale, crossfade
}

/// The phase a playing celebration is in (seed 000's CelebrationView choreography).
enum CelebrationPhase: String, Sendable, Hashable, CaseIterable, StateChoice {
    case fadeIn, hold, pulse, glow, fadeOut
}

/// The dashboard load: data on its way, cards being revealed, or loaded.
enum LoadingPhase: String, Sendable, Hashable, CaseIterable, StateChoice {
    case loading, revealing, loaded
}

/// The spending chart's reveal: hidden while loading, waiting for its card, drawing, or complete.
enum ChartRevealPhase: String, Sendable, Hashable, CaseIterable, StateChoice {
    case hidden, pending, running, complete
}
