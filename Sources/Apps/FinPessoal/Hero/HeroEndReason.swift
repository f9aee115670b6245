import ChoreoEngine

/// Why a hero transition ended before it was logically complete (the `heroEndTransition` event).
enum HeroEndReason: String, Sendable, Hashable, CaseIterable, StateChoice {
    /// `ui.navigate` switched the root during the transition: its screen (and its namespace) is gone.
    case navigated
    /// `app.deleteTransaction` deleted the row it runs from or back to.
    case sourceRemoved
}
