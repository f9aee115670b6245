import ChoreoEngine
import ChoreoJSON

/// The FinPessoal app model (seeds 000–003): screens and their elements, the navigation stack, frosted sheets,
/// hero transitions under a HeroTransitionCoordinator, scroll with nav-bar blur and parallax, all following the
/// animation mode.
public struct FinPessoalApp: AppModel {
    public static let appName = "finpessoal"
    public static let guide: AppGuide? = AppGuide(
        title: "FinPessoal guide",
        summary: "FinPessoal's screens, tap targets, actions per animation mode, state, haptics and gotchas "
            + "(protocol/finpessoal.md).", file: "finpessoal.md")

    /// One entry of the navigation stack.
    struct NavEntry: Sendable, Hashable {
        var screen: FinScreen
        var item: String?
        /// The hero link that pushed it, if a hero transition did.
        var heroSource: String?
        /// The first instant a frame shows it (a pushed view's elements take taps from then on, issue 44 #5).
        var shownFrom: VirtualTime = .zero
    }

    /// A push or pop in flight.
    struct NavTransition: Sendable, Hashable {
        var kind: NavTransitionKind
        var from: FinScreen
        var to: FinScreen
        var serial: Int
        var finished = false
        /// The hero run whose curve this push or pop is (nil: its own screen curve). While that run is the latest,
        /// the progress is the hero's (push) or its complement (pop), also when a pop interrupts a push.
        var heroRun: Int?
    }

    /// A presented (or presenting, or dismissing) sheet.
    struct SheetEntry: Sendable, Hashable {
        var name: FinSheet
        var item: String?
        var serial: Int
        var phase: SheetPhase
        /// The hero link that presented it, if a hero transition did.
        var heroSource: String?
        /// While dismissing: when it is gone from `sheets`.
        var goneAt: VirtualTime?
        /// The first instant a frame shows it (its elements take taps from then on, issue 44 #5).
        var shownFrom: VirtualTime = .zero
    }

    /// HeroTransitionCoordinator (seed 000): one transition at a time.
    struct HeroState: Sendable, Hashable {
        var activeTransition: String?
        var isTransitioning = false
        var direction: HeroDirection?
        var style: HeroStyle?
        /// When the running transition is logically complete (`endTransition`).
        var endsAt: VirtualTime?
    }

    /// One screen's scroll position and the parallax throttle (seed 000: at most one update per frame).
    struct ScrollState: Sendable, Hashable {
        var y = 0.0
        var parallaxY = 0.0
        var lastParallaxUpdate: VirtualTime?
        var pendingParallaxY: Double?
    }

    var data: FinData
    var stack: [NavEntry] = [NavEntry(screen: .dashboard)]
    var transition: NavTransition?
    var sheets: [SheetEntry] = []
    var hero = HeroState()
    /// Counts hero transitions begun (forward): the run a hero push or pop follows.
    var heroRun = 0
    var scroll: [FinScreen: ScrollState] = [:]
    var serial = 0
    var refresh = RefreshCoordinator()
    var loading = DashboardLoading()
    var chart = SpendingChart()
    var celebrations = CelebrationQueue()
    var gradients = GradientOverlays()
    /// The next end of each budget whose period the wall clock ends (daily, weekly, monthly), by budget id.
    var budgetPeriodEnds: [String: VirtualTime] = [:]
    /// Goals already complete: they never celebrate again (seed 001).
    var completedGoals: Set<String> = []
    /// The last savings milestone reached (seed 001 stores it to avoid repeats).
    var lastMilestone = 0.0

    public init(data: [String: JSONValue], world: inout World) throws(SimulationError) {
        self.data = try FinData(overrides: data)
        world.set(.heroProgress, to: 0)
        startDashboard(world: &world)
        for goal in self.data.goals {
            if let target = goal.target, let saved = goal.saved, target > 0, saved >= target {
                completedGoals.insert(goal.id)
            }
        }
        lastMilestone = FinPessoalApp.milestone(atOrBelow: self.data.savings)
        syncGradients(world: &world)
        startBudgetPeriods(world: &world)
    }

    public mutating func settingsDidChange(from old: Settings, world: inout World) {
        // Derived values follow at once when the state is read; a mode change restarts the gradient loops at the
        // new mode's speed (other settings leave them running seamlessly).
        if old.effectiveMode != world.mode { syncGradients(world: &world, restart: true) }
        if old.effectiveMode != world.mode {
            loading.followMode(world: &world)
            refresh.followMode(world: &world)
        }
    }

    var currentScreen: FinScreen { stack.last?.screen ?? .dashboard }

    /// The screens on screen now: the top of the stack and, while a push or pop runs, the view it leaves (a sheet
    /// covers its presenter without making it disappear).
    var visibleScreens: Set<FinScreen> {
        var screens: Set<FinScreen> = [currentScreen]
        if let transition, !transition.finished { screens.insert(transition.from) }
        return screens
    }

    /// Gradient loops follow the data and what is on screen (seed 000 "Cancel animation timers on view disappear").
    mutating func syncGradients(world: inout World, restart: Bool = false) {
        gradients.sync(data: data, onScreen: visibleScreens, world: &world, restart: restart)
    }

    /// Every looping effect follows what is on screen (behavior.md CG14): the gradient loops, and the dashboard's
    /// skeleton shimmer or pulse and refresh spinner, which stop when the dashboard leaves the screen and restart
    /// from phase 0 when it appears again.
    mutating func syncLoops(world: inout World) {
        syncGradients(world: &world)
        let dashboardShown = visibleScreens.contains(.dashboard)
        loading.follow(onScreen: dashboardShown, world: &world)
        refresh.follow(onScreen: dashboardShown, world: &world)
    }

    mutating func nextSerial() -> Int {
        serial += 1
        return serial
    }

    public mutating func apply(_ action: Action, world: inout World) throws(SimulationError) -> any ActionResult {
        let result = try perform(action, world: &world)
        interruptPullIfLeft(world: &world)
        return result
    }

    private mutating func perform(_ action: Action, world: inout World) throws(SimulationError) -> any ActionResult {
        switch action {
        case .navigate(let screen): return try navigate(to: screen, world: &world)
        case .tap(let target, let point):
            if target == SpendingChart.target {
                guard let point else {
                    throw .invalidValue(parameter: "point", expected: "the index of the data point to tap on the chart")
                }
                return try tapChart(point: point, world: &world)
            }
            guard point == nil else {
                throw .invalidValue(parameter: "point", expected: "absent: only \(SpendingChart.target) has points")
            }
            return try tap(target, world: &world)
        case .back: return back(world: &world)
        case .dismiss: return dismiss(world: &world)
        case .present(let name, let item): return try present(named: name, item: item, world: &world)
        case .scroll(let name, let y): return scroll(screen: try scrollScreen(named: name), y: y, world: &world)
        case .pull(let distance): return pullToRefresh(distance: distance, world: &world)
        case .release: return releaseFinger(world: &world)
        case .touch(let target, let x): return try touchChart(target: target, x: x, world: &world)
        case .drag(let target, let x, _, _): return try dragChart(target: target, x: x, world: &world)
        case .command(let command as FinPessoalCommand): return try apply(command, world: &world)
        case .deviceMotion, .command:
            throw .unsupportedAction(action.methodName, app: FinPessoalApp.appName)
        }
    }

    public mutating func handle(_ timer: ScheduledTimer, world: inout World) {
        guard let kind = timer.kind(as: FinTimer.self) else { return }
        switch kind {
        case .heroEnd: endHeroTransition(world: &world)
        case .sheetPresented(let serial): sheetPresented(serial: serial, world: &world)
        case .sheetDismissed(let serial): sheetDismissed(serial: serial, world: &world)
        case .navigationDone(let serial):
            if transition?.serial == serial {
                transition?.finished = true
                world.record(NavigationFinishedEvent(to: currentScreen))
                syncLoops(world: &world)
            }
        case .budgetPeriodEnd: budgetPeriodsEnded(world: &world)
        case .parallaxFrame(let screen): applyPendingParallax(screen: screen, world: &world)
        case .refresh(let step): react(to: refresh.handle(step, world: &world), world: &world)
        case .loading(let step): handle(step, world: &world)
        case .chart(.dayChanged): chart.dayChanged(data: data, world: &world)
        case .chart(let step): chart.handle(step, world: &world)
        case .celebration(let step): celebrations.handle(step, world: &world)
        }
    }

    /// Cancels the pending end of any push or pop.
    mutating func cancelNavigationTimers(world: inout World) {
        world.cancelTimers(FinTimer.self) {
            if case .navigationDone = $0 { return true }
            return false
        }
    }

    /// Where a tap lands now: the top sheet when a sheet is up, else the current screen.
    var place: FinPlace { sheets.last.map { .sheet($0.name) } ?? .screen(currentScreen) }

    /// The elements a tap can reach now: the top sheet's when a sheet is up (nothing under a sheet is reachable),
    /// else the current screen's.
    func reachableElements() -> (place: FinPlace, elements: [ScreenElement]) {
        if let top = sheets.last { return (.sheet(top.name), FinCatalog.elements(ofSheet: top.name, item: top.item)) }
        return (.screen(currentScreen), FinCatalog.elements(of: currentScreen, data: data))
    }

    mutating func tap(_ target: String, world: inout World) throws(SimulationError) -> any ActionResult {
        // While a hero transition runs (forward, or reversing with its sheet's dismissal), the list it started from
        // is still on screen: a tap on another hero link there is refused by the coordinator.
        if hero.isTransitioning, let source = hero.activeTransition,
            let screen = FinCatalog.screen(of: source),
            stack.contains(where: { $0.screen == screen }),
            let link = FinCatalog.elements(of: screen, data: data).first(where: { $0.target == target }),
            case .hero(let destination, let item) = link.action,
            sheets.last?.phase == .dismissing || !reachableElements().elements.contains(where: { $0.target == target })
        {
            if let refusal = world.refusal(fingerBlockers(then: "tap")) { return world.refuse(refusal) }
            return beginHeroTransition(from: target, to: destination, item: item, world: &world)
        }
        let dismissing = try tapBlockersWhileDismissing(target, world: world)
        if !dismissing.isEmpty, let refusal = world.refusal(fingerBlockers(then: "tap") + dismissing) {
            return world.refuse(refusal)
        }
        let (place, elements) = reachableElements()
        guard let element = elements.first(where: { $0.target == target }) else {
            throw .unknownTarget(target, screen: place.name, valid: elements.map(\.target))
        }
        // One finger at a time, and nothing not yet drawn takes a tap (issue 44 #3, #5).
        if let refusal = world.refusal(fingerBlockers(then: "tap") + drawnBlockers(world: world)) {
            return world.refuse(refusal)
        }
        switch element.action {
        case .none:
            return ElementTapped(tapped: target)
        case .present(let sheet, let item):
            return try present(sheet, item: item, world: &world, from: place)
        case .dismiss:
            return dismiss(world: &world)
        case .hero(let destination, let item):
            return beginHeroTransition(from: target, to: destination, item: item, world: &world)
        }
    }

    mutating func navigate(to name: String, world: inout World) throws(SimulationError) -> any ActionResult {
        guard let screen = FinScreen(rawValue: name), !screen.isPushed else {
            throw .unknownScreen(name, valid: FinScreen.navigation.map(\.rawValue))
        }
        if let refusal = sheetRefusal(world: world) { return world.refuse(refusal) }
        let from = currentScreen
        // The screen (and the pushed view) whose namespace a hero uses goes away: its transition ends now.
        endHeroTransitionOnLeaving(world: &world)
        stack = [NavEntry(screen: screen)]
        transition = nil
        cancelNavigationTimers(world: &world)
        world.record(NavigationEvent(from: from, to: screen, change: .root))
        syncLoops(world: &world)
        return Navigated(screen: screen)
    }

    /// Pushes a view with a curve (nil: at once).
    mutating func push(_ entry: NavEntry, curve: AnimationCurve?, heroRun: Int? = nil, world: inout World) {
        let from = currentScreen
        var entry = entry
        entry.shownFrom = world.firstShown(animated: curve != nil)
        stack.append(entry)
        startTransition(kind: .push, from: from, to: entry.screen, curve: curve, heroRun: heroRun, world: &world)
    }

    mutating func startTransition(
        kind: NavTransitionKind, from: FinScreen, to: FinScreen, curve: AnimationCurve?, heroRun: Int? = nil,
        world: inout World
    ) {
        let id = nextSerial()
        transition = NavTransition(kind: kind, from: from, to: to, serial: id, heroRun: heroRun)
        cancelNavigationTimers(world: &world)
        world.record(NavigationEvent(from: from, to: to, change: NavigationChange(kind)))
        if let curve {
            let record = world.animate(.navigationProgress, from: 0, to: 1, curve: curve, source: "navigation")
            // A push or pop that follows a hero run shows the hero's progress, so it finishes with the hero (a pop
            // that interrupts a push merges into the hero's spring, which a fresh animation would not).
            let done = heroRun != nil ? hero.endsAt ?? record.logicallyCompleteAt : record.logicallyCompleteAt
            world.schedule(FinTimer.navigationDone(serial: id), after: (done ?? world.now) - world.now)
        } else {
            world.set(.navigationProgress, to: 1)
            transition?.finished = true
        }
        syncLoops(world: &world)
    }

    mutating func back(world: inout World) -> any ActionResult {
        // At the root nothing pops, whatever covers the screen: dismissing a sheet first would not help.
        guard stack.count > 1, let top = stack.last else {
            return world.refuse(.atRoot, Refusal.atRootMessage)
        }
        if let refusal = sheetRefusal(world: world) { return world.refuse(refusal) }
        stack.removeLast()
        if let source = top.heroSource {
            reverseHeroTransition(source: source, world: &world)
            startTransition(
                kind: .pop, from: top.screen, to: currentScreen, curve: ModeTiming.hero(world.mode),
                heroRun: heroRun, world: &world)
        } else {
            startTransition(
                kind: .pop, from: top.screen, to: currentScreen, curve: ModeTiming.screen(world.mode), world: &world)
        }
        return Popped(screen: currentScreen.rawValue)
    }
}
