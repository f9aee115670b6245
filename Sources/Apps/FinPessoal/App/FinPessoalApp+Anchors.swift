import ChoreoEngine

extension FinPessoalApp {
    /// Where each of FinPessoal's animations and haptics lives in the app's code, as seeds 000–003 name it, with the
    /// model's curve per mode from ``ModeTiming``, ``DashboardTiming`` and the celebration's plan (behavior.md
    /// "Conformance with the seeds' code"). The seeds name no type for the navigation stack's push: Choreo calls it
    /// `AppNavigation`.
    public static var codeAnchors: [CodeAnchor] {
        animationAnchors + dashboardAnchors + hapticAnchors
    }

    static var animationAnchors: [CodeAnchor] {
        [
            .animation(
                "heroTransition", type: "HeroTransitionLink", token: "AnimationEngine.adaptiveHeroTransition",
                byMode: ModeTiming.hero),
            .animation(
                "celebrationFadeIn", type: "CelebrationView", byMode: celebrationCurve(.fadeIn, .celebrationOpacity)),
            .animation(
                "celebrationPulse", type: "CelebrationView", token: "AnimationEngine.adaptiveCelebration",
                byMode: celebrationCurve(.pulse, .celebrationScale)),
            .animation(
                "celebrationGlow", type: "CelebrationView", token: "AnimationEngine.celebrationGlow",
                curve: celebrationCurve(.glow, .celebrationGlow)(.full)!),
            .animation(
                "celebrationFade", type: "CelebrationView", token: "AnimationEngine.celebrationFade",
                byMode: celebrationCurve(.fadeOut, .celebrationOpacity)),
            .animation(
                "gradientShift", type: "GradientAnimationModifier", token: "AnimationEngine.gradientShift",
                byMode: { mode in
                    GradientOverlays.loopDuration(3, mode: mode).map {
                        AnimationCurve.linear($0).repeatingForever(autoreverses: false)
                    }
                }),
            .animation("navBlur", type: "ScrollBlurNavigationModifier", byMode: ModeTiming.navBlur),
            .animation("sheetPresentation", type: "FrostedSheetModifier", byMode: ModeTiming.sheet),
            .animation("screenTransition", type: "AppNavigation", byMode: ModeTiming.screen),
        ]
    }

    /// Seed 003's dashboard: pull-to-refresh, skeletons, the loading-to-data reveal, the counter and the chart.
    static var dashboardAnchors: [CodeAnchor] {
        typealias T = DashboardTiming
        let chart = "SpendingTrendsChart"
        return [
            .animation("refresh.indicatorReturn", type: "RefreshIndicator", byMode: T.indicatorReturn),
            .animation("refresh.readyPulse", type: "RefreshIndicator", curve: T.pulseHalf),
            .animation("refresh.spinner", type: "RefreshIndicator", byMode: T.spinner),
            .animation("refresh.checkmark", type: "RefreshIndicator", byMode: T.checkmark),
            .animation("refresh.indicatorFade", type: "RefreshIndicator", byMode: T.indicatorFade),
            .animation("skeleton.shimmer", type: "SkeletonView", curve: T.shimmer),
            CodeAnchor(
                name: "skeleton.pulse", type: "SkeletonView",
                subject: .animation([CodeAnchor.VariantCurve(.reduced, T.skeletonPulse)])),
            .animation("skeleton.fade", type: "SkeletonView", byMode: T.skeletonFade),
            .animation("card.slide", type: "AnimatedCard", curve: T.cardSlide),
            .animation("card.fade", type: "AnimatedCard", byMode: { $0 == .minimal ? nil : T.cardFade }),
            .animation("counter", type: "PhysicsNumberCounter", byMode: T.counter),
            .animation("chart.containerScale", type: chart, curve: T.chartContainerScale),
            .animation("chart.axisDraw", type: chart, curve: T.axisDraw),
            .animation("chart.axisLabels", type: chart, curve: T.axisLabels),
            .animation("chart.gridFade", type: chart, curve: T.gridFade),
            .animation("chart.lineDraw", type: chart, curve: T.lineDraw.animation),
            .animation("chart.pointAppear", type: chart, curve: T.pointAppear),
            .animation("chart.highlight", type: chart, byMode: T.highlight),
            .animation("chart.callout", type: chart, byMode: T.callout),
            .animation("chart.calloutCounter", type: chart, byMode: T.calloutCounter),
            .animation("chart.bounceUp", type: chart, curve: T.bounceUp),
            .animation("chart.bounceBack", type: chart, curve: T.bounceBack),
        ]
    }

    static var hapticAnchors: [CodeAnchor] {
        let anchors: [CodeAnchor?] = [
            .haptic(
                "hero.beginTransition", of: hapticSources, type: "HeroTransitionCoordinator",
                member: "beginTransition"),
            .haptic(
                "celebration.success", of: hapticSources, type: "CelebrationView",
                pattern: Celebration.Haptic.success.taps.map(\.style)),
            .haptic(
                "celebration.achievement", of: hapticSources, type: "CelebrationView",
                pattern: Celebration.Haptic.achievement.taps.map(\.style)),
            .haptic("refresh.halfway", of: hapticSources, type: "RefreshCoordinator"),
            .haptic("refresh.ready", of: hapticSources, type: "RefreshCoordinator"),
            .haptic("refresh.complete", of: hapticSources, type: "RefreshCoordinator"),
            .haptic("refresh.failed", of: hapticSources, type: "RefreshCoordinator"),
            .haptic("chart.snap", of: hapticSources, type: "SpendingTrendsChart"),
            .haptic("chart.scrub", of: hapticSources, type: "SpendingTrendsChart"),
            .haptic("chart.tap", of: hapticSources, type: "SpendingTrendsChart"),
        ]
        return anchors.compactMap { $0 }
    }

    /// The curve a refined 2 s celebration starts on `key` when it enters `phase`, per mode (nil: none).
    static func celebrationCurve(_ phase: CelebrationPhase, _ key: PropertyKey) -> (AnimationMode) -> AnimationCurve? {
        { mode in
            let celebration = Celebration(
                occasion: .goal, source: .null, name: "", style: .refined, haptic: .success, duration: 2)
            return celebration.plan(mode: mode).steps.first { $0.phase == phase }?.animations
                .first { $0.key == key }?.curve
        }
    }
}
