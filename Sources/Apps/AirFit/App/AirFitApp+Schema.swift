import ChoreoEngine

/// AirFit's state tree, declared once: the order is the order of the top-level nodes (``stateKeys``), and every
/// value under them with its type, unit, range and meaning, for the state reference and the schema tour.
extension AirFitApp {
    /// Every top-level node of AirFit's state tree and everything under it (the engine adds `settings` and `lab`),
    /// with how it is built alone (reading `metricRing.progress` does not build every screen).
    public static let stateTree: [StateProperty<StateRoot<AirFitApp>>] = [
        StateProperty(StateField("app", .string(choices: [appName]), "The hosted app's name: always `airfit`.")) {
            _ in appName
        },
        StateProperty(navigationField) { $0.app.navigationState(world: $0.world) },
        StateProperty(gradientField) { $0.app.gradientState(world: $0.world) },
        StateProperty(
            StateField(
                "screens", .map(key: "screen", screenShape),
                "Every screen of the app (`onboarding`, `dashboard`, `foodVoiceInput`, `chat`, `settings`, "
                    + "`workoutDetail`), by name, whether shown or not: its cascade title, glass cards, targets and "
                    + "blur budget (seed 004's screen transformations, N2).")
        ) { $0.app.screensState(world: $0.world) },
        StateProperty(
            StateField(
                "screen", screenShape,
                "The current screen (`navigation.screen`), as `screens.<screen>` holds it: read `screen.title.glyphs` "
                    + "or `screen.blur` without naming the screen.")
        ) { $0.app.screenState($0.app.currentScreen, world: $0.world) },
        StateProperty(metricRingField) { $0.app.metricRingState(world: $0.world) },
        StateProperty(gradientNumberField) { $0.app.gradientNumberState(world: $0.world) },
        StateProperty(parallaxField) { $0.app.parallaxState(world: $0.world) },
        StateProperty(micField) { $0.app.micState(world: $0.world) },
        StateProperty(flareField) { $0.app.flareState(world: $0.world) },
        StateProperty(sheetField) { $0.app.sheetState(world: $0.world) },
    ]

    static let screenChoice = StateShape.string(choices: AirFitCatalog.screens)

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
