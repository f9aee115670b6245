/// The app's animation mode (seed 002, `AnimationSettings.effectiveMode`).
public enum AnimationMode: String, Sendable, Hashable, CaseIterable, StateChoice {
    /// Every animation as designed.
    case full
    /// Shorter, simpler animations.
    case reduced
    /// Instant state changes and solid fallbacks; forced by Reduce Motion when it is respected.
    case minimal
}

/// Light or dark appearance.
public enum ColorScheme: String, Sendable, Hashable, CaseIterable, StateChoice {
    case light
    case dark
}

/// The Dynamic Type size categories, smallest first (`large` is the system default).
public enum DynamicTypeSize: String, Sendable, Hashable, CaseIterable, Comparable, StateChoice {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    public static func < (lhs: DynamicTypeSize, rhs: DynamicTypeSize) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
