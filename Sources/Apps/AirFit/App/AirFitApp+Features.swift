import ChoreoEngine

/// AirFit's features: its state tree (the engine adds `settings` and `lab`), trace events, haptics, animations,
/// answers and refusals are derived from them, in their order, which is the order seed 004 presents the animated
/// components in (the order `motion.audit` has always listed them in). Each node is built alone (reading
/// `metricRing.progress` does not build every screen).
extension AirFitApp {
    public static let features: [Feature<AirFitApp>] = [
        .app, .navigation, .glassCards, .metricRing, .gradientNumber, .parallax, .sheet, .gradient, .screens,
        .screenTransition, .flare, .mic,
    ]

    static let screenChoice = StateShape.choice(AirFitScreen.self)

    static let screensField = StateField(
        "screens", .map(key: "screen", screenShape),
        "Every screen of the app (`onboarding`, `dashboard`, `foodVoiceInput`, `chat`, `settings`, "
            + "`workoutDetail`), by name, whether shown or not: its cascade title, glass cards, targets and "
            + "blur budget (seed 004's screen transformations, N2).")

    static let screenField = StateField(
        "screen", screenShape,
        "The current screen (`navigation.screen`), as `screens.<screen>` holds it: read `screen.title.glyphs` "
            + "or `screen.blur` without naming the screen.")

    static let navigationField = StateField(
        "navigation", NavigationView.shape,
        "Where the user is: the current screen, the stack and the screen transition (N1, N2).")

    static let stopsShape = StateShape.array(.text)

    static let gradientField = StateField(
        "gradient", GradientView.shape,
        "GradientManager: the circadian two-stop gradient behind every screen, advanced on every navigation "
            + "(G1–G9).")

    static let metricRingField = StateField(
        "metricRing", MetricRingView.shape,
        "MetricRing(value:goal:) of the dashboard and the workout detail (C5).")

    static let gradientNumberField = StateField(
        "gradientNumber", GradientNumberView.shape,
        "GradientNumber: the calories, masked with the active gradient (C6).")

    static let parallaxField = StateField(
        "parallax", ParallaxView.shape,
        "ParallaxContainer: the gyroscopic parallax of the content, only while the device is still (C7).")

    static let micField = StateField(
        "mic", MicView.shape,
        "MicRippleView on the food voice input screen (C4).")

    static let flareField = StateField(
        "flare", FlareView.shape,
        "FlareButton's radial flare (`Get Started`, `Start workout`) (C9).")

    static let sheetField = StateField(
        "sheet",
        .nullable(DetailSheetView.shape, whenNull: "when no sheet is presented (it becomes null at `sheet.dismissed`)"),
        "The DragDismissSheet (`detail`) that `dashboard/card/performance` presents; modal while up (C8).")
}

/// AirFit's features (seed 004), each with its state node, events, haptic, animation and answers. "Our standard
/// spring" (Physics-Based Motion) is every spring-moved element's; the haptics are the Haptic Feedback Hierarchy's.
extension Feature<AirFitApp> {
    static let haptics = "Haptic Feedback Hierarchy"
    static let standard = "Physics-Based Motion"

    /// The app's name in the state tree, its dataset and how it answers the shared actions.
    static var app: Self {
        Feature(
            "app",
            state: [
                StateProperty(
                    StateField("app", .string(choices: [AirFitApp.appName]), "The hosted app's name: always `airfit`.")
                ) { _ in AirFitApp.appName }
            ], dataParts: AirFitData.parts, actionNotes: AirFitApp.sharedActionNotes)
    }

    /// Navigation (N1, N2): the screens, the stack and the navigation haptic.
    static var navigation: Self {
        Feature(
            "navigation",
            state: [StateProperty(AirFitApp.navigationField) { $0.app.navigationState(world: $0.world) }],
            traceEvents: [NavigationEvent.declaration],
            haptics: [
                HapticDeclaration(
                    "navigation", [.medium],
                    "Every navigation: `ui.navigate`, a navigation button, `ui.back`, and a FlareButton that navigates "
                        + "(after its rigid).", at: CodeSite("BaseScreen", section: haptics))
            ],
            actionResults: [ScreenEntered.self, ScreenPushed.self, Popped.self], refusalReasons: [.alreadyShown],
            screens: AirFitScreen.allCases.map(\.rawValue))
    }

    /// Seed 004's Screen Transitions: the combined transition every screen enters with.
    static var screenTransition: Self {
        let screen = CodeSite("BaseScreen")
        return Feature(
            "screenTransition",
            animations: [
                .single(
                    "screenTransition", AirFitMotion.screenTransition, at: screen,
                    transition: (
                        AirFitMotion.screenTransitionSpelling, CodeSite("BaseScreen", section: "Screen Transitions")
                    ),
                    audit: [
                        AuditClaim(
                            source: "\(AirFitApp.seed004) Screen Transitions",
                            budgets: [
                                (.logicallyCompleteWithin(600), "seed 004: \"Content transitions: 0.6s easeInOut\""),
                                AirFitApp.transitionOnNavigationFinding,
                            ])
                    ])
            ])
    }

    /// GradientManager (G1–G9): the circadian gradient behind every screen, cross-faded on every navigation.
    static var gradient: Self {
        Feature(
            "gradient",
            state: [StateProperty(AirFitApp.gradientField) { $0.app.gradientState(world: $0.world) }],
            traceEvents: [GradientAdvanceEvent.declaration],
            animations: [
                .single(
                    "gradientCrossfade", AirFitMotion.gradientCrossfade,
                    at: CodeSite("GradientManager", member: "advance"),
                    audit: [
                        AuditClaim(
                            source: "\(AirFitApp.seed004) GradientManager.advance",
                            budgets: [
                                (.logicallyCompleteWithin(600), "seed 004: \"Gradient cross-fades: 0.6s easeInOut\""),
                                AirFitApp.gradientFrameRateFinding,
                            ])
                    ])
            ])
    }

    /// The GlassCard (C1): its spring entrance and the soft haptic of a tap.
    static var glassCards: Self {
        Feature(
            "glassCards",
            haptics: [
                HapticDeclaration(
                    "tap", [.soft],
                    "A glass card was tapped, the card that presents the sheet included (minor interaction).",
                    at: CodeSite("GlassCard", section: haptics))
            ],
            animations: [
                .byFrameRate(
                    "glassCard", { AirFitApp.standardSpring(fps: $0) }, at: CodeSite("GlassCard", section: standard),
                    audit: AirFitApp.glassCardClaims)
            ],
            actionResults: [SoftTapped.self])
    }

    /// Every screen's cascade title, glass cards, targets and blur budget (N2, C2, C3).
    static var screens: Self {
        Feature(
            "screens",
            state: [
                StateProperty(AirFitApp.screensField) { $0.app.screensState(world: $0.world) },
                StateProperty(AirFitApp.screenField) { $0.app.screenState($0.app.currentScreen, world: $0.world) },
            ],
            traceEvents: [BlurBudgetExceededEvent.declaration],
            animations: [
                .single(
                    "cascadeText", AirFitMotion.cascadeGlyph, at: CodeSite("CascadeText"),
                    audit: AirFitApp.cascadeClaims)
            ])
    }

    /// MetricRing(value:goal:) (C5).
    static var metricRing: Self {
        Feature(
            "metricRing",
            state: [StateProperty(AirFitApp.metricRingField) { $0.app.metricRingState(world: $0.world) }],
            animations: [
                .byFrameRate(
                    "metricRing", { AirFitApp.standardSpring(fps: $0) }, at: CodeSite("MetricRing", section: standard),
                    audit: [120, 60].map {
                        AirFitApp.standardSpringClaim(
                            fps: $0, "\(AirFitApp.seed004) MetricRing (progress = value/goal, animated)")
                    })
            ])
    }

    /// GradientNumber (C6).
    static var gradientNumber: Self {
        Feature(
            "gradientNumber",
            state: [StateProperty(AirFitApp.gradientNumberField) { $0.app.gradientNumberState(world: $0.world) }])
    }

    /// ParallaxContainer (C7): the content follows a still device's tilt.
    static var parallax: Self {
        Feature(
            "parallax",
            state: [StateProperty(AirFitApp.parallaxField) { $0.app.parallaxState(world: $0.world) }],
            animations: [
                .byFrameRate(
                    "parallaxContainer", { AirFitApp.standardSpring(fps: $0) },
                    at: CodeSite("ParallaxContainer", section: standard),
                    audit: [AirFitApp.parallaxClaim(fps: 120), AirFitApp.parallaxClaim(fps: 60)])
            ],
            actionResults: [TiltApplied.self], refusalReasons: [.deviceMoving],
            fingerLanes: [
                FingerLane(replyField: "x", path: "ui.deviceMotion.x", methods: ["ui.deviceMotion"]),
                FingerLane(replyField: "y", path: "ui.deviceMotion.y", methods: ["ui.deviceMotion"]),
            ])
    }

    /// MicRippleView (C4) on the food voice input screen.
    static var mic: Self {
        Feature(
            "mic",
            state: [StateProperty(AirFitApp.micField) { $0.app.micState(world: $0.world) }],
            haptics: [
                HapticDeclaration(
                    "micRipple", [.rigid], "The mic was tapped, to start or to stop recording.",
                    at: CodeSite("MicRippleView", section: haptics))
            ],
            animations: [
                .single(
                    "micRipple", AirFitMotion.micRipple, at: CodeSite("MicRippleView"),
                    audit: [AuditClaim(source: "\(AirFitApp.seed004) MicRippleView")])
            ],
            actionResults: [RecordingToggled.self])
    }

    /// FlareButton's radial flare (C9).
    static var flare: Self {
        Feature(
            "flare",
            state: [StateProperty(AirFitApp.flareField) { $0.app.flareState(world: $0.world) }],
            haptics: [
                HapticDeclaration(
                    "flareButton", [.rigid], "A FlareButton was pressed (primary action).",
                    at: CodeSite("FlareButton", section: haptics))
            ],
            animations: [
                .single(
                    "flareButton", AirFitMotion.flare, at: CodeSite("FlareButton"),
                    audit: [
                        AuditClaim(
                            source: "\(AirFitApp.seed004) FlareButton",
                            budgets: [
                                (
                                    .logicallyCompleteWithin(300),
                                    "seed 004: \"Micro-interactions: 0.12s - 0.3s easeOut\""
                                ),
                                AirFitApp.physicsMicroInteractionFinding,
                            ])
                    ])
            ],
            actionResults: [FlarePressed.self])
    }

    /// The DragDismissSheet (C8): presented by the performance card, dragged, flicked away or sprung back.
    static var sheet: Self {
        Feature(
            "sheet",
            state: [StateProperty(AirFitApp.sheetField) { $0.app.sheetState(world: $0.world) }],
            traceEvents: [
                SheetPresentEvent.declaration, SheetFlickEvent.declaration, SheetSpringBackEvent.declaration,
                SheetGrabbedEvent.declaration, SheetDismissedEvent.declaration,
            ],
            haptics: [
                HapticDeclaration(
                    "dragDismissSheet", [.medium],
                    "The sheet started its dismissal (flick, drag past 35%, `ui.dismiss`, close button; at once in "
                        + "minimal mode).", at: CodeSite("DragDismissSheet", section: haptics))
            ],
            animations: [
                .byFrameRate(
                    "dragDismissSheet", { AirFitApp.standardSpring(fps: $0) },
                    at: CodeSite("DragDismissSheet", section: standard),
                    audit: [120, 60].map(AirFitApp.sheetPresentationClaim(fps:))
                        + [120, 60].map(AirFitApp.sheetSpringBackClaim(fps:)))
            ],
            actionResults: [SheetPresented.self, SheetDragged.self, SheetSprangBack.self, SheetLeaving.self],
            decayLanes: [
                DecayLane(
                    name: "flick", path: "sheet.offset", startEvent: "sheet.flick", stopEvent: "sheet.grabbed",
                    decelerationRate: AirFitApp.decelerationRate)
            ], fingerLanes: [FingerLane(replyField: "offset", path: "sheet.offset")])
    }
}
