import ChoreoEngine

/// AirFit's curves (seed 004), in one place: the model runs them and the code anchors declare them.
enum AirFitMotion {
    /// Gradient cross-fades: 0.6 s ease-in-out (GradientManager.advance).
    static let gradientCrossfade = AnimationCurve.easeInOut(0.6)
    /// Content transitions on navigation: 0.6 s ease-in-out.
    static let screenTransition = AnimationCurve.easeInOut(0.6)
    /// The transition every navigation uses (seed 004, "Screen Transitions").
    static let screenTransitionSpelling = ".opacity.combined(with: .offset(y: 12))"
    /// The FlareButton's radial flare: a micro-interaction, 0.3 s ease-out.
    static let flare = AnimationCurve.easeOut(0.3)
    /// One mic ripple: 1.5 s ease-out, repeating while recording (each ripple 0.5 s after the one before).
    static let micRipple = AnimationCurve.easeOut(1.5).repeatingForever(autoreverses: false)
    /// The delay of ripple `index` (0, 1, 2).
    static func micRippleDelay(_ index: Int) -> VirtualTime { .milliseconds(Int64(500 * index)) }
    /// Each glyph's weight and offset: ease-out over ``CascadeText/glyphDuration`` after its own delay.
    static var cascadeGlyph: AnimationCurve { .easeOut(CascadeText.glyphDuration) }
}
