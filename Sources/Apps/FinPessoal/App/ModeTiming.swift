import ChoreoEngine

/// The curves FinPessoal uses in each animation mode (seeds 000 and 002), in one place.
enum ModeTiming {
    /// Hero transition (seed 000's mode table): matched-geometry spring(0.4, 0.8), a 250 ms linear scale, or a
    /// 100 ms crossfade.
    static func hero(_ mode: AnimationMode) -> AnimationCurve {
        switch mode {
        case .full: return .spring(response: 0.4, dampingFraction: 0.8)
        case .reduced: return .linear(0.25)
        case .minimal: return .linear(0.1)
        }
    }

    /// The hero transition's visual style per mode.
    static func heroStyle(_ mode: AnimationMode) -> HeroStyle {
        switch mode {
        case .full: return .matchedGeometry
        case .reduced: return .scale
        case .minimal: return .crossfade
        }
    }

    /// Sheet presentation and dismissal (seed 002: smooth, quick, instant). Decision: a critically damped
    /// spring(0.5, 1.0) like UIKit's sheet, a 250 ms ease-out, nothing.
    static func sheet(_ mode: AnimationMode) -> AnimationCurve? {
        switch mode {
        case .full: return .spring(response: 0.5, dampingFraction: 1.0)
        case .reduced: return .easeOut(0.25)
        case .minimal: return nil
        }
    }

    /// Navigation push and pop. Decision: SwiftUI's default 0.35 s ease-in-out, 0.2 s in reduced, instant in
    /// minimal.
    static func screen(_ mode: AnimationMode) -> AnimationCurve? {
        switch mode {
        case .full: return .easeInOut(0.35)
        case .reduced: return .easeInOut(0.2)
        case .minimal: return nil
        }
    }

    /// Nav-bar blur (seed 002): 150 ms linear, 100 ms linear, instant.
    static func navBlur(_ mode: AnimationMode) -> AnimationCurve? {
        switch mode {
        case .full: return .linear(0.15)
        case .reduced: return .linear(0.1)
        case .minimal: return nil
        }
    }

    /// Frosted material intensity (seed 002): 1.0, 0.7, 0 (solid fallback).
    static func frostedIntensity(_ mode: AnimationMode) -> Double {
        switch mode {
        case .full: return 1.0
        case .reduced: return 0.7
        case .minimal: return 0
        }
    }

    /// Warm tint opacity of frosted sheets (seed 002): 5%, 2%, none.
    static func frostedTint(_ mode: AnimationMode) -> Double {
        switch mode {
        case .full: return 0.05
        case .reduced: return 0.02
        case .minimal: return 0
        }
    }

    /// The material: `solid` in minimal, `regular` with Reduce Transparency, else `ultraThin`.
    static func material(_ settings: Settings) -> FrostedMaterial {
        if settings.effectiveMode == .minimal { return .solid }
        return settings.reduceTransparency ? .regular : .ultraThin
    }

    /// The parallax factor per mode: the whole effect, half of it (seed 000's "50%" read as half the effect), none.
    static func parallaxFactor(_ mode: AnimationMode) -> Double {
        switch mode {
        case .full: return 1
        case .reduced: return 0.5
        case .minimal: return 0
        }
    }
}
