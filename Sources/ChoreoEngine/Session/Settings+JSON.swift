/// The settings as the state (`settings`), `settings.get` and the `settings` trace event show them, with the mode in
/// effect.
extension Settings: StateObject {
    public static let fields: [StateProperty<Settings>] = [
        StateProperty("mode", \.mode, .choice(AnimationMode.self), "The animation mode chosen in the app's settings."),
        StateProperty(
            "respectReduceMotion", \.respectReduceMotion, .bool,
            "Whether the system's Reduce Motion forces minimal mode (on by default)."),
        StateProperty("reduceMotion", \.reduceMotion, .bool, "The system's Reduce Motion setting."),
        StateProperty("reduceTransparency", \.reduceTransparency, .bool, "The system's Reduce Transparency setting."),
        StateProperty("highContrast", \.highContrast, .bool, "The system's Increase Contrast setting."),
        StateProperty("dynamicType", \.dynamicType, .choice(DynamicTypeSize.self), "The Dynamic Type size."),
        StateProperty(
            "voiceOver", \.voiceOver, .bool, "Whether VoiceOver runs (apps post announcements only then)."),
        StateProperty("colorScheme", \.colorScheme, .choice(ColorScheme.self), "Light or dark appearance."),
        StateProperty(
            "effectiveMode", \.effectiveMode, .choice(AnimationMode.self),
            "The mode animations use now: `minimal` when Reduce Motion is on and respected, else `mode`."),
    ]
}
