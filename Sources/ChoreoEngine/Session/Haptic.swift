/// A haptic the app played (UIKit's impact, notification and selection feedback).
public enum HapticStyle: String, Sendable, Hashable, CaseIterable, StateChoice {
    case light, medium, heavy, soft, rigid, selection, success, warning, error
}

/// One haptic played at a virtual time.
public struct HapticEvent: Sendable, Hashable {
    /// When it played.
    public var time: VirtualTime
    /// What played.
    public var style: HapticStyle
    /// What played it, e.g. `hero.beginTransition` or `lab`.
    public var source: String
}

/// One VoiceOver announcement posted at a virtual time.
public struct Announcement: Sendable, Hashable {
    /// When it was posted.
    public var time: VirtualTime
    /// The spoken text.
    public var text: String
}
