import ChoreoEngine

/// A screen as the state shows it (`screen`, `screens.<screen>`): its scroll, nav-bar blur, parallax layers and
/// elements (seeds 000 and 002).
struct ScreenView: StateObject {
    var scrollY: Double
    var navBlur: NavBlurView
    var parallax: [ParallaxLayerView]
    var parallaxScrollY: Double
    var elements: [ElementView]

    static let fields: [StateProperty<ScreenView>] = [
        StateProperty(
            "scrollY", \.scrollY, .number("pt", -1e7...1e7),
            "How far the content is scrolled (`ui.scroll` y, positive down); moves with the finger at once. 0 until scrolled."
        ),
        StateProperty("navBlur", \.navBlur, NavBlurView.shape, "The navigation bar's scroll blur (seed 002)."),
        StateProperty(
            "parallax", \.parallax, .array(ParallaxLayerView.shape),
            "The screen's parallax layers, in element order (empty on screens without parallax)."),
        StateProperty(
            "parallaxScrollY", \.parallaxScrollY, .number("pt", -1e7...1e7),
            "The scroll position the parallax uses: updated at most once per frame (1/fps), the latest held value landing one frame after the last update (`parallax.frame` timer)."
        ),
        StateProperty(
            "elements", \.elements, .array(ElementView.shape), "The screen's elements in order (seed 002's lists)."),
    ]
}

/// The navigation bar's scroll blur (seed 002's ScrollBlurNavigationModifier). Every path in it is driven by the
/// screen's blur animation.
struct NavBlurView: StateObject {
    /// The screen whose blur this is (names its animated property; not shown).
    var screen: FinScreen
    var progress: Double
    var target: Double
    var intensity: Double
    var blur: Double
    var material: FrostedMaterial

    var animatedProperties: [String]? { [PropertyKey.navBlur(screen).path] }

    func animatedProperties(at path: ArraySlice<String>) -> [String]? { animatedProperties }

    static let fields: [StateProperty<NavBlurView>] = [
        StateProperty(
            "progress", \.progress, .number("fraction"),
            "The nav-bar blur's progress toward `target` (seed 002's ScrollBlurNavigationModifier): 150 ms linear in full mode, 100 ms in reduced, at once in minimal. Interrupted, the linear curves add up as SwiftUI's timing curves do; after a mode change mid-animation their durations differ and the sum can pass 0 or 1 for a moment (−0.026667 8 ms after scrolling back in reduced mode right after a full-mode scroll); `blur` shows it clamped."
        ),
        StateProperty(
            "target", \.target, .fraction, "min(max(scrollY, 0) / 10, 1): fully blurred from 10 pt of scroll."),
        StateProperty(
            "intensity", \.intensity, .fraction,
            "The effective mode's frosted intensity (seed 002): 1 full, 0.7 reduced, 0 minimal; follows settings at once."
        ),
        StateProperty("blur", \.blur, .fraction, "progress (clamped to 0…1) × intensity: the blur shown now."),
        StateProperty(
            "material", \.material, FinPessoalApp.materialShape,
            "`ultraThin`; `regular` with Reduce Transparency; `solid` in minimal (wins over Reduce Transparency)."),
    ]
}

/// One parallax layer of a screen.
struct ParallaxLayerView: StateObject {
    var target: String
    var speed: Double
    var offset: Double

    static let fields: [StateProperty<ParallaxLayerView>] = [
        StateProperty("target", \.target, .text, "The element moving with parallax."),
        StateProperty(
            "speed", \.speed, .number("multiplier", 0...1),
            "Its speed relative to the content (seed 000/001): 0.5 the dashboard header, 0.7 the balance card, 0.8 stat cards and transaction rows."
        ),
        StateProperty(
            "offset", \.offset, .number("pt"),
            "parallaxScrollY × (1 − speed) × the mode's factor (1 full, 0.5 reduced, 0 minimal and Reduce Motion), downward."
        ),
    ]
}
