import ChoreoEngine

/// Everything derived from the settings (sheet and toolbar intensity, materials, parallax, borders) is computed
/// when the state is read, so a settings change shows at once; running animations keep the curve they started with.
extension FinPessoalApp {
    /// `navigation`: the stack and its push or pop.
    func navigationState(world: World) -> NavigationView {
        NavigationView(
            screen: currentScreen, stack: stack.map(\.screen), item: stack.last?.item,
            transition: transition.map { t in
                NavTransitionView(
                    kind: t.kind, from: t.from, to: t.to, progress: navigationProgress(t, world: world),
                    finished: t.finished)
            })
    }

    /// `screens`: every screen and pushed view by name.
    func screensState(world: World) -> [String: ScreenView] {
        var screens: [String: ScreenView] = [:]
        for screen in FinScreen.allCases { screens[screen.rawValue] = screenState(screen, world: world) }
        return screens
    }
}
