/// The animation and accessibility settings of one session (seed 002's `AnimationSettings` plus the system
/// accessibility switches the seeds react to).
public struct Settings: Sendable, Hashable {
    /// The mode the user chose.
    public var mode: AnimationMode = .full
    /// Whether the system Reduce Motion switch forces ``AnimationMode/minimal`` (seed 002: true by default).
    public var respectReduceMotion: Bool = true
    /// The system Reduce Motion switch.
    public var reduceMotion: Bool = false
    /// The system Reduce Transparency switch: materials become the more opaque `regular`.
    public var reduceTransparency: Bool = false
    /// High Contrast (Differentiate Without Color / Increase Contrast).
    public var highContrast: Bool = false
    /// The Dynamic Type size.
    public var dynamicType: DynamicTypeSize = .large
    /// Whether VoiceOver is running.
    public var voiceOver: Bool = false
    /// Light or dark appearance.
    public var colorScheme: ColorScheme = .light

    public init() {}

    /// The mode every animation uses: ``AnimationMode/minimal`` when Reduce Motion is on and respected,
    /// otherwise ``mode``.
    public var effectiveMode: AnimationMode {
        respectReduceMotion && reduceMotion ? .minimal : mode
    }
}
