import ChoreoEngine

/// How the navigation stack changed (the `navigation` event).
enum NavigationChange: String, Sendable, Hashable, CaseIterable, StateChoice {
    /// `ui.navigate` replaced the stack with its screen (no animation).
    case root
    /// A view was pushed (a goal's hero link).
    case push
    /// The top view was popped (`ui.back`).
    case pop

    /// The change a push or pop makes.
    init(_ kind: NavTransitionKind) {
        switch kind {
        case .push: self = .push
        case .pop: self = .pop
        }
    }
}
