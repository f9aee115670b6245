import ChoreoEngine
import ChoreoJSON

/// How the dashboard's pull-to-refresh, loading state and spending chart (seed 003) are wired to the app's actions
/// and timers.
extension FinPessoalApp {
    /// At session start: with data `loadOnStart` the dashboard starts loading (skeletons, data after the latency).
    mutating func startDashboard(world: inout World) {
        guard data.loadOnStart else {
            loading.showStartingCounters(data: data, world: &world)
            return
        }
        loading.beginInitialLoad(latency: data.loadLatency, data: data, world: &world)
        chart.hide(world: &world)
    }

    /// A pull in progress ends when pull-to-refresh is no longer possible where the finger is: another screen, a
    /// sheet over the dashboard, or the dashboard scrolled away from the top. Its release cannot refresh.
    mutating func interruptPullIfLeft(world: inout World) {
        if chart.isTouching, let reason = chartGone { chart.cancelTouch(reason: reason, world: &world) }
        guard refresh.isDragging, let refusal = world.refusal(pullBlockers(world: world)) else { return }
        refresh.interrupt(reason: refusal.message, world: &world)
    }

    /// Why the chart cannot be held now (another screen, a sheet over the dashboard), or nil (behavior.md C21).
    var chartGone: String? {
        if let top = sheets.last { return "\(top.name.rawValue) is presented over the chart" }
        return currentScreen == .dashboard ? nil : "the dashboard left the screen for \(currentScreen.rawValue)"
    }

    /// `ui.pull`: a new pull is refused for every blocker present, the finger first (one gesture at a time,
    /// behavior.md C12), then the sheets, the screen, its scroll, a load and a refresh (N12).
    mutating func pullToRefresh(distance: Double, world: inout World) -> any ActionResult {
        if !refresh.isDragging,
            let refusal = world.refusal(fingerBlockers(then: "pull") + pullBlockers(world: world))
        {
            return world.refuse(refusal)
        }
        let (result, outcome) = refresh.pull(to: distance, world: &world)
        react(to: outcome, world: &world)
        return result
    }

    /// `ui.release`: lifts the finger from the chart if it is on it, else ends the pull.
    mutating func releaseFinger(world: inout World) -> any ActionResult {
        if chart.isFingerDown { return chart.release(world: &world) }
        let (result, outcome) = refresh.release(latency: data.loadLatency, world: &world)
        react(to: outcome, world: &world)
        return result
    }

    /// `app.finishLoading` with no load running.
    static let nothingLoading =
        "nothing is loading (no refresh and no dashboard load runs): no action is needed, there is no load to end"

    /// `app.finishLoading`: ends the refresh's load, or the initial load.
    mutating func finishDashboardLoad(ok: Bool, world: inout World) -> any ActionResult {
        if refresh.isRefreshing {
            let (result, outcome) = refresh.finishLoading(ok: ok, world: &world)
            react(to: outcome, world: &world)
            return result
        }
        guard loading.isLoading else {
            return world.refuse(.nothingLoading, FinPessoalApp.nothingLoading)
        }
        completeDashboardLoad(ok: ok, world: &world)
        return DashboardLoadFinished(ok: ok, dashboard: loading.state(data: data, world: world))
    }

    /// Connects the refresh coordinator to the dashboard's loading state.
    mutating func react(to outcome: RefreshCoordinator.Outcome, world: inout World) {
        switch outcome {
        case .none: break
        case .loadStarted:
            loading.beginLoading(data: data, world: &world)
            chart.hide(world: &world)
        case .loadFinished(let ok): completeDashboardLoad(ok: ok, world: &world)
        }
    }

    /// The data arrived (or not): the dashboard reveals its cards and the chart draws when its card appears.
    mutating func completeDashboardLoad(ok: Bool, world: inout World) {
        guard let chartDelay = loading.finishLoading(ok: ok, data: data, world: &world) else { return }
        chart.reveal(after: chartDelay, pointCount: data.chartDays, world: &world)
    }

    /// The dashboard load's timers.
    mutating func handle(_ step: FinTimer.LoadingStep, world: inout World) {
        switch step {
        case .loaded: completeDashboardLoad(ok: true, world: &world)
        case .skeletonsHidden(let load): loading.skeletonsHidden(load: load, world: &world)
        }
    }

    /// When the running load's data arrives, if that is known (the initial load's latency, or a refresh's).
    var dataArrivesAt: VirtualTime? { loading.loadEndsAt ?? refresh.loadEndsAt }

    /// `ui.touch`: refused for every blocker (the finger, a dismissing sheet, the chart's reveal, N12); -32003 when
    /// the chart is not on screen. A finger already on the chart moves.
    mutating func touchChart(target: String, x: Double, world: inout World) throws(SimulationError) -> any ActionResult
    {
        let index = SpendingSeries(days: data.chartDays, data: data, world: world).nearestIndex(to: x)
        let blockers = try chartBlockers(target, point: index, world: world)
        if let refusal = world.refusal(fingerBlockers(then: "touch", holding: true) + blockers) {
            return world.refuse(refusal)
        }
        return try chart.touch(x: x, data: data, dataAt: dataArrivesAt, world: &world)
    }

    /// `ui.drag` on the chart: it moves the finger that is down, wherever the chart is now (a drag names no target):
    /// a cancelled finger answers `gestureCancelled` (C21) before anything about the chart, a finger pulling
    /// `fingerBusy`, no finger `noFinger`.
    mutating func dragChart(target: String?, x: Double?, world: inout World) throws(SimulationError) -> any ActionResult
    {
        guard let x else {
            throw .invalidValue(parameter: "x", expected: "the finger's position across the chart, 0 to 1")
        }
        if let target, target != SpendingChart.target {
            throw .unknownTarget(
                target, screen: place.name, valid: place == .screen(.dashboard) ? [SpendingChart.target] : [])
        }
        if refresh.interruption != nil || chart.cancelled != nil,
            let refusal = world.refusal(fingerBlockers(then: "drag"))
        {
            return world.refuse(refusal)
        }
        // The finger down is pulling the dashboard, not holding the chart: busy, not absent (issue 44's pairs).
        let pulling = Refusal.Blocker(
            .fingerBusy, "the finger is pulling the dashboard, not holding the chart",
            help: "a pull moves with ui.pull; lift it (ui.release) before the chart takes a finger")
        if refresh.isDragging, let refusal = world.refusal([pulling]) { return world.refuse(refusal) }
        return try chart.drag(x: x, data: data, world: &world)
    }

    /// `ui.tap {target: dashboard/chart, point}`: one finger at a time (a finger down holding the chart or pulling
    /// refuses it, issue 44 #3), then the chart's blockers.
    mutating func tapChart(point: Int, world: inout World) throws(SimulationError) -> any ActionResult {
        let count = SpendingSeries(days: data.chartDays, data: data, world: world).points.count
        guard point >= 0, point < count else {
            throw .invalidValue(parameter: "point", expected: "a data point index from 0 to \(count - 1)")
        }
        let blockers = try chartBlockers(SpendingChart.target, point: point, world: world)
        if let refusal = world.refusal(fingerBlockers(then: "tap") + blockers) { return world.refuse(refusal) }
        return try chart.tap(point: point, data: data, dataAt: dataArrivesAt, world: &world)
    }
}
