import ChoreoEngine

extension AirFitApp {
    func screenState(_ screen: AirFitScreen, world: World) -> ScreenView {
        let elements = AirFitCatalog.elements(screen, data: data)
        let cascade = cascades[screen] ?? CascadeText(id: screen.rawValue, text: screen.title, start: nil)
        return ScreenView(
            name: screen,
            title: TitleView(screen: screen, text: cascade.text, glyphs: cascade.glyphs(world: world)),
            cards: elements.filter(\.isGlass).map { element in
                GlassCardView(target: element.target, scale: world.value(.cardScale(element.target)))
            },
            elements: elements.map { ElementView(target: $0.target, kind: $0.kind, label: $0.label) },
            layers: blurLayers(screen))
    }

    /// `screens`: every screen by name.
    func screensState(world: World) -> [String: ScreenView] {
        var screens: [String: ScreenView] = [:]
        for screen in AirFitScreen.allCases { screens[screen.rawValue] = screenState(screen, world: world) }
        return screens
    }

    func navigationState(world: World) -> NavigationView {
        let transition = world.value(.transitionProgress)
        return NavigationView(
            screen: currentScreen, stack: stack, transitionProgress: transition, transitionOpacity: transition,
            transitionOffsetY: 12 * (1 - transition))
    }

    func gradientState(world: World) -> GradientView {
        let scheme = world.settings.colorScheme
        let hour = world.wallClock.hour(at: world.now)
        let fade = shownFade(world: world)
        return GradientView(
            active: fade.gradient, previous: fade.previousGradient, crossfade: crossfade(world: world),
            stopsActive: fade.gradient.stops(scheme), stopsPrevious: fade.previousStops(scheme, world: world),
            hour: hour, pool: GradientToken.pool(hour: hour).name)
    }

    func metricRingState(world: World) -> MetricRingView {
        MetricRingView(
            value: data.calories, goal: data.calorieGoal, progress: world.value(.ringProgress),
            target: data.calorieGoal > 0 ? data.calories / data.calorieGoal : 0)
    }

    /// The number's mask shows what the background shows: the same crossfade, from the same previous stops
    /// (behavior.md C6).
    func gradientNumberState(world: World) -> GradientNumberView {
        let fade = shownFade(world: world)
        let stops = fade.shownStops(world.settings.colorScheme, fraction: crossfade(world: world), world: world)
        return GradientNumberView(value: data.calories, gradient: fade.gradient, stops: stops)
    }

    func parallaxState(world: World) -> ParallaxView {
        ParallaxView(x: world.value(.parallaxX), y: world.value(.parallaxY))
    }

    func flareState(world: World) -> FlareView {
        FlareView(target: flareTarget, radius: world.value(.flareRadius), opacity: world.value(.flareOpacity))
    }

    /// `sheet`: the detail sheet, or nil when none is up.
    func sheetState(world: World) -> DetailSheetView? {
        sheet.map { DetailSheetView(phase: $0.phase, offset: sheetOffset(world: world)) }
    }

    func micState(world: World) -> MicView {
        MicView(
            recording: recording,
            ripples: (0..<3).map { index in
                let phase = world.value(.micRipple(index))
                return RippleView(
                    index: index, phase: phase, opacity: recording && world.mode != .minimal ? 0.5 * (1 - phase) : 0)
            })
    }
}
