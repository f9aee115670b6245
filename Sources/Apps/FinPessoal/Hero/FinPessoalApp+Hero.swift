import ChoreoEngine
import ChoreoJSON

extension FinPessoalApp {
    /// `HeroTransitionLink` tapped: `beginTransition` (light haptic at the tap) unless one is running, in which
    /// case the tap is refused and nothing changes.
    mutating func beginHeroTransition(
        from source: String, to destination: HeroDestination, item: String, world: inout World
    ) -> any ActionResult {
        guard !hero.isTransitioning else {
            world.record(HeroRefusedEvent(source: source, activeTransition: hero.activeTransition ?? ""))
            return world.refuse(heroRefusal(world: world))
        }
        let mode = world.mode
        let curve = ModeTiming.hero(mode)
        heroRun += 1
        hero = HeroState(
            activeTransition: source, isTransitioning: true, direction: .forward, style: ModeTiming.heroStyle(mode))
        world.record(HeroBeginTransitionEvent(id: source, style: ModeTiming.heroStyle(mode)))
        world.play(.light, source: "hero.beginTransition")
        let record = world.animate(.heroProgress, from: 0, to: 1, curve: curve, source: "hero")
        let logical = record.logicallyCompleteAt ?? world.now
        hero.endsAt = logical
        world.schedule(FinTimer.heroEnd, after: logical - world.now)
        switch destination {
        case .sheet(let sheet):
            presentSheet(sheet, item: item, curve: curve, heroSource: source, world: &world)
        case .push(let view):
            push(NavEntry(screen: view, item: item, heroSource: source), curve: curve, heroRun: heroRun, world: &world)
        }
        return HeroStarted(
            transition: source, logicallyCompleteAt: logical.milliseconds,
            settledAt: (record.settledAt ?? logical).milliseconds)
    }

    /// Dismissing a hero destination runs the transition backwards (no haptic: nothing was tapped). A dismissal
    /// during the forward transition retargets it, keeping position and velocity.
    mutating func reverseHeroTransition(source: String, world: inout World) {
        let curve = ModeTiming.hero(world.mode)
        hero.activeTransition = source
        hero.isTransitioning = true
        hero.direction = .reverse
        hero.style = ModeTiming.heroStyle(world.mode)
        world.record(HeroBeginTransitionEvent(id: source, direction: .reverse))
        let record = world.animate(.heroProgress, to: 0, curve: curve, source: "hero")
        world.cancelTimer(FinTimer.heroEnd)
        let logical = record.logicallyCompleteAt ?? world.now
        hero.endsAt = logical
        world.schedule(FinTimer.heroEnd, after: logical - world.now)
    }

    /// A hero link tapped while a transition runs. Reversing, the link is on screen again when the transition (and
    /// the sheet or pop it drives) ends, so waiting helps (`retryAfterMs`): the refusal names the reversing hero
    /// and, when its sheet is still leaving, the sheet too (behavior.md N12), and waits for both; running forward,
    /// its destination then covers the link and waiting does not.
    func heroRefusal(world: World) -> Refusal {
        let active = hero.activeTransition ?? ""
        guard let endsAt = hero.endsAt else {
            return Refusal(
                .heroTransitionRunning,
                "the hero transition \(active) is running: no action is needed, it ends when its spring is logically "
                    + "complete")
        }
        let ends = "the hero transition \(active) is running until \(Refusal.describe(endsAt)) ms"
        guard hero.direction == .reverse else {
            // The one action that uncovers the link: the destination's own way back, which reverses the transition.
            let way = sheets.last?.heroSource == active ? "dismiss its sheet (ui.dismiss)" : "go back (ui.back)"
            return Refusal(
                .heroTransitionRunning, "\(ends) (forward): its destination then covers this link; \(way) first")
        }
        var blockers = [Refusal.Blocker(.heroTransitionRunning, "\(ends) (reverse)", goneAt: endsAt)]
        if let top = sheets.last, top.phase == .dismissing, let goneAt = top.goneAt {
            blockers.append(
                Refusal.Blocker(
                    .sheetDismissing,
                    "\(top.name.rawValue) is being dismissed and is gone at \(Refusal.describe(goneAt)) ms",
                    goneAt: goneAt))
        }
        return world.refusal(blockers) ?? Refusal(.heroTransitionRunning, "\(ends) (reverse)")
    }

    /// `endTransition`, when the transition is logically complete (the spring may still be settling).
    mutating func endHeroTransition(world: inout World) {
        world.record(HeroEndTransitionEvent(id: hero.activeTransition ?? ""))
        hero = HeroState()
    }

    /// Leaving the screen a hero transition belongs to (`ui.navigate`): seed 001 "Namespace IDs scoped to screen",
    /// "Namespaces destroyed with parent view". A running transition ends at once (`hero.endTransition` with
    /// `reason: navigated`) and the coordinator is free; a pushed hero view goes with its screen, so the morph is
    /// back to 0 (set, not animated: nothing of it is on screen any more).
    mutating func endHeroTransitionOnLeaving(world: inout World) {
        let pushedByHero = stack.contains { $0.heroSource != nil }
        guard hero.isTransitioning || pushedByHero else { return }
        world.cancelTimer(FinTimer.heroEnd)
        if hero.isTransitioning {
            world.record(HeroEndTransitionEvent(id: hero.activeTransition ?? "", reason: .navigated))
        }
        hero = HeroState()
        world.set(.heroProgress, to: 0)
    }

    /// The progress of a push or pop: the hero's (push) or its complement (pop) while it follows the latest hero
    /// run, so a pop that interrupts a push starts where the push is; else its own animation.
    func navigationProgress(_ transition: NavTransition, world: World) -> Double {
        guard let run = transition.heroRun, run == heroRun else { return world.value(.navigationProgress) }
        let progress = world.value(.heroProgress)
        return transition.kind == .push ? progress : 1 - progress
    }

    /// `hero` as the state shows it.
    func heroState(world: World) -> HeroView {
        HeroView(
            activeTransition: hero.activeTransition, isTransitioning: hero.isTransitioning,
            progress: world.value(.heroProgress), direction: hero.direction, style: hero.style)
    }
}
