import ChoreoEngine

/// The refreshing spinner's loop in the mode it started in (seed 003).
enum SpinnerStyle: String, Sendable, Hashable, CaseIterable, StateChoice {
    /// 1 s ease-in-out turns: full mode.
    case easeInOut
    /// 1.5 s linear turns: reduced mode.
    case linear
    /// Not turning: minimal mode.
    case still = "static"
}
