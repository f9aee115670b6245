import ChoreoEngine

/// The declared shape of a screen in the state (`screen`, `screens.<screen>`): its scroll, nav-bar blur, parallax
/// layers and elements (seeds 000 and 002).
extension FinPessoalApp {
    /// Every screen and pushed view, the values `navigation.screen` and the keys of `screens` take.
    static let screenChoice = StateShape.choice(FinScreen.self)

    /// The material of frosted surfaces (sheets and the nav bar).
    static let materialShape = StateShape.choice(FrostedMaterial.self)

    /// A screen: scroll position, nav-bar blur, parallax layers and elements.
    static var screenShape: StateShape { ScreenView.shape }

    static let screensField = StateField(
        "screens", .map(key: "screen", screenShape),
        "Every screen and pushed view by name (the 11 screens of `ui.navigate` and `goalDetail`), scrolled or not.")

    static let screenField = StateField(
        "screen", screenShape, "The current screen (`navigation.screen`), as in `screens`.")
}

/// Every screen's elements and scroll position, with the nav bar's blur and the parallax (seed 002).
extension Feature<FinPessoalApp> {
    static var scroll: Self {
        Feature(
            "scroll",
            state: [
                StateProperty(FinPessoalApp.screensField) { $0.app.screensState(world: $0.world) },
                StateProperty(FinPessoalApp.screenField) {
                    $0.app.screenState($0.app.currentScreen, world: $0.world)
                },
            ],
            traceEvents: [ScrollEvent.declaration],
            animations: [
                .byMode(
                    "navBlur", ModeTiming.navBlur, at: CodeSite("ScrollBlurNavigationModifier"),
                    audit: [
                        AuditClaim(
                            source: "seed 002 ScrollBlurNavigationModifier",
                            budgets: [
                                (.logicallyCompleteWithin(150), "seed 002: \"Full Mode: 150ms linear animation\"")
                            ]),
                        AuditClaim(
                            .reduced, source: "seed 002 ScrollBlurNavigationModifier",
                            budgets: [
                                (.logicallyCompleteWithin(100), "seed 002: \"Reduced Mode: 100ms linear animation\"")
                            ]),
                    ])
            ],
            actionResults: [Scrolled.self],
            fingerLanes: [FingerLane(replyField: "scrollY", path: "screen.scrollY", methods: ["ui.scroll"])])
    }
}
