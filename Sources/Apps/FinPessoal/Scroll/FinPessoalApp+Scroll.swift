import ChoreoEngine
import ChoreoJSON

extension FinPessoalApp {
    /// The screen `ui.scroll` names: any screen or pushed view, the current one when it names none.
    func scrollScreen(named name: String?) throws(SimulationError) -> FinScreen {
        guard let name else { return currentScreen }
        guard let screen = FinScreen(rawValue: name) else {
            throw .unknownScreen(name, valid: FinScreen.allCases.map(\.rawValue))
        }
        return screen
    }

    /// `ui.scroll`: refused under a sheet (as every other input there); the content moves with the finger at once; the nav-bar blur animates toward min(y/10, 1)
    /// (seed 002); parallax follows at most once per frame (seed 000's throttle, with a trailing update so the
    /// last position is never lost).
    mutating func scroll(screen: FinScreen, y: Double, world: inout World) -> any ActionResult {
        // A sheet is modal: nothing under it takes a finger, a scroll no more than a tap (behavior.md S19).
        if let refusal = sheetRefusal(world: world) { return world.refuse(refusal) }
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
        world.record(ScrollEvent(screen: screen, y: y))
        return Scrolled(screen: screen, scrollY: y, navBlurTarget: blurTarget)
    }

    mutating func applyPendingParallax(screen: FinScreen, world: inout World) {
        guard var state = scroll[screen], let pending = state.pendingParallaxY else { return }
        state.parallaxY = pending
        state.pendingParallaxY = nil
        state.lastParallaxUpdate = world.now
        scroll[screen] = state
    }

    /// A screen's scroll, blur, parallax and elements with the mode's rules applied now.
    func screenState(_ screen: FinScreen, world: World) -> ScreenView {
        let state = scroll[screen] ?? ScrollState()
        let blur = PropertyKey.navBlur(screen)
        let progress = world.value(blur)
        let intensity = ModeTiming.frostedIntensity(world.mode)
        let factor = ModeTiming.parallaxFactor(world.mode)
        let elements = FinCatalog.elements(of: screen, data: data)
        return ScreenView(
            scrollY: state.y,
            navBlur: NavBlurView(
                screen: screen, progress: progress, target: world.target(blur), intensity: intensity,
                blur: min(max(progress, 0), 1) * intensity, material: ModeTiming.material(world.settings)),
            parallax: elements.compactMap { element in
                element.parallaxSpeed.map { speed in
                    ParallaxLayerView(
                        target: element.target, speed: speed, offset: state.parallaxY * (1 - speed) * factor)
                }
            },
            parallaxScrollY: state.parallaxY,
            elements: elements.map { ElementView($0, highContrast: world.settings.highContrast) })
    }
}
