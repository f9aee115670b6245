import ChoreoEngine
import ChoreoJSON

extension FinPessoalApp {
    /// The screens that scroll: the navigation screens and pushed views.
    static var scrollableScreens: [String] { FinCatalog.screens + FinCatalog.pushedViews }

    /// `ui.scroll`: the content moves with the finger at once; the nav-bar blur animates toward min(y/10, 1)
    /// (seed 002); parallax follows at most once per frame (seed 000's throttle, with a trailing update so the
    /// last position is never lost).
    mutating func scroll(screen: String, y: Double, world: inout World) throws(SimulationError) -> JSONValue {
        guard FinPessoalApp.scrollableScreens.contains(screen) else {
            throw .unknownScreen(screen, valid: FinPessoalApp.scrollableScreens)
        }
        var state = scroll[screen] ?? ScrollState()
        state.y = y
        let blurTarget = min(max(y, 0) / 10, 1)
        // The blur starts from its declared 0 the first time the screen scrolls.
        let blur = PropertyKey.navBlur(screen)
        if world.target(blur) != blurTarget {
            if let curve = ModeTiming.navBlur(world.mode) {
                world.animate(blur, to: blurTarget, curve: curve, source: "navBlur")
            } else {
                world.set(blur, to: blurTarget)
            }
        }
        let frame = world.frameDuration
        if let last = state.lastParallaxUpdate, world.now - last < frame {
            if state.pendingParallaxY == nil {
                world.schedule(FinTimer.parallaxFrame(screen: screen), after: last + frame - world.now)
            }
            state.pendingParallaxY = y
        } else {
            state.parallaxY = y
            state.lastParallaxUpdate = world.now
        }
        scroll[screen] = state
        world.record(FinPessoalTraceKind.scroll, ["screen": .string(screen), "y": .number(y)])
        return ["screen": .string(screen), "scrollY": .number(y), "navBlurTarget": .number(blurTarget)]
    }

    mutating func applyPendingParallax(screen: String, world: inout World) {
        guard var state = scroll[screen], let pending = state.pendingParallaxY else { return }
        state.parallaxY = pending
        state.pendingParallaxY = nil
        state.lastParallaxUpdate = world.now
        scroll[screen] = state
    }

    /// A screen's scroll, blur and parallax state with the mode's rules applied now.
    func scrollState(of screen: String, world: World) -> [String: JSONValue] {
        let state = scroll[screen] ?? ScrollState()
        let blur = PropertyKey.navBlur(screen)
        let progress = world.value(blur)
        let intensity = ModeTiming.frostedIntensity(world.mode)
        let factor = ModeTiming.parallaxFactor(world.mode)
        let parallax = FinCatalog.elements(of: screen, data: data).compactMap { element -> JSONValue? in
            guard let speed = element.parallaxSpeed else { return nil }
            return [
                "target": .string(element.target), "speed": .number(speed),
                "offset": .number(state.parallaxY * (1 - speed) * factor),
            ]
        }
        return [
            "scrollY": .number(state.y),
            "navBlur": [
                "progress": .number(progress), "target": .number(world.target(blur)),
                "intensity": .number(intensity), "blur": .number(min(max(progress, 0), 1) * intensity),
                "material": .string(ModeTiming.material(world.settings)),
            ],
            "parallax": .array(parallax), "parallaxScrollY": .number(state.parallaxY),
        ]
    }
}
