import ChoreoEngine

extension AirFitApp {
    /// Where each of AirFit's animations and haptics lives in the app's code, as seed 004 names it: the standard
    /// spring per frame rate, the curves of ``AirFitMotion``, the transition and the haptic hierarchy (behavior.md
    /// "Conformance with the seeds' code").
    public static var codeAnchors: [CodeAnchor] {
        let haptics = "Haptic Feedback Hierarchy"
        let spring = { (fps: Int) in standardSpring(fps: fps) }
        // "Our standard spring" (Physics-Based Motion) is every spring-moved element's.
        let standard = "Physics-Based Motion"
        let animations: [CodeAnchor] = [
            .animation("glassCard", type: "GlassCard", section: standard, byFrameRate: spring),
            .animation("metricRing", type: "MetricRing", section: standard, byFrameRate: spring),
            .animation("parallaxContainer", type: "ParallaxContainer", section: standard, byFrameRate: spring),
            .animation("dragDismissSheet", type: "DragDismissSheet", section: standard, byFrameRate: spring),
            .animation(
                "gradientCrossfade", type: "GradientManager", member: "advance", curve: AirFitMotion.gradientCrossfade),
            .animation("cascadeText", type: "CascadeText", curve: AirFitMotion.cascadeGlyph),
            .animation("screenTransition", type: "BaseScreen", curve: AirFitMotion.screenTransition),
            CodeAnchor(
                name: "screenTransition.transition", type: "BaseScreen", section: "Screen Transitions",
                subject: .transition(AirFitMotion.screenTransitionSpelling)),
            .animation("flareButton", type: "FlareButton", curve: AirFitMotion.flare),
            .animation("micRipple", type: "MicRippleView", curve: AirFitMotion.micRipple),
        ]
        let hapticAnchors: [CodeAnchor?] = [
            .haptic("tap", of: hapticSources, type: "GlassCard", section: haptics),
            .haptic("navigation", of: hapticSources, type: "BaseScreen", section: haptics),
            .haptic("flareButton", of: hapticSources, type: "FlareButton", section: haptics),
            .haptic("micRipple", of: hapticSources, type: "MicRippleView", section: haptics),
            .haptic("dragDismissSheet", of: hapticSources, type: "DragDismissSheet", section: haptics),
        ]
        return animations + hapticAnchors.compactMap { $0 }
    }
}
