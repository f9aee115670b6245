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

    /// Why a pull cannot start now, or nil: pull-to-refresh lives at the top of the dashboard, with no sheet over
    /// it and no load running.
    func pullRefusal(world: World) -> Refusal? {
        if let refusal = sheetRefusal(world: world) {
            guard refusal.acceptedFrom != nil, currentScreen == "dashboard" else { return refusal }
            // Waiting for the sheet helps only when nothing else blocks the pull once it is gone.
            var rest = self
            rest.sheets = []
            return rest.pullRefusal(world: world) == nil ? refusal : Refusal(refusal.reason, refusal.message)
        }
        if currentScreen != "dashboard" {
            return Refusal(
                .notOnDashboard,
                "pull-to-refresh is on the dashboard; the current screen is \(currentScreen) "
                    + "(ui.navigate {screen: dashboard} first)")
        }
        if let y = scroll["dashboard"]?.y, y > 0 {
            return Refusal(
                .scrolledDown,
                "the dashboard is scrolled down; pull-to-refresh starts at the top (ui.scroll {y: 0} first)")
        }
        if loading.isLoading {
            guard let endsAt = loading.loadEndsAt else {
                return Refusal(.dashboardLoading, "the dashboard is loading (app.finishLoading ends the load)")
            }
            return Refusal(
                .dashboardLoading,
                "the dashboard is loading until \(Refusal.describe(endsAt)) ms: "
                    + world.waitAdvice(acceptedFrom: endsAt) + " (or end it with app.finishLoading)",
                acceptedFrom: endsAt)
        }
        return nil
    }

    /// A pull in progress ends when pull-to-refresh is no longer possible where the finger is: another screen, a
    /// sheet over the dashboard, or the dashboard scrolled away from the top. Its release cannot refresh.
    mutating func interruptPullIfLeft(world: inout World) {
        if chart.isTouching, let reason = chartGone { chart.cancelTouch(reason: reason, world: &world) }
        guard refresh.isDragging, let refusal = pullRefusal(world: world) else { return }
        refresh.interrupt(reason: refusal.message, world: &world)
    }

    /// Why the chart cannot be held now (another screen, a sheet over the dashboard), or nil (behavior.md C21).
    var chartGone: String? {
        if let top = sheets.last { return "\(top.name) is presented over the chart" }
        return currentScreen == "dashboard" ? nil : "the dashboard left the screen for \(currentScreen)"
    }

    /// `ui.pull`.
    mutating func pullToRefresh(distance: Double, world: inout World) -> any ActionResult {
        // One gesture at a time (behavior.md C12): a finger holding the chart does not also pull the scroll view.
        if let cancelled = chart.cancelled {
            return world.refuse(.gestureCancelled("chart touch", why: cancelled.reason, then: "pull"))
        }
        if !refresh.isDragging, chart.isTouching {
            return world.refuse(
                .fingerBusy, "the finger is holding the chart; lift it first (ui.release), then pull")
        }
        let (result, outcome) = refresh.pull(to: distance, blocked: pullRefusal(world: world), world: &world)
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

    /// The chart is reachable when the dashboard is shown with no sheet over it; while a sheet over it is being
    /// dismissed it is refused until the sheet is gone (and no longer than that only when the chart itself would take
    /// the touch then).
    func chartRefusal(_ target: String?, point: Int?, world: World) throws(SimulationError) -> Refusal? {
        if let refusal = try tapRefusalWhileDismissing(target ?? SpendingChart.target, world: world) {
            guard refusal.acceptedFrom != nil,
                let then = chart.refusal(point: point, of: data.chartDays, dataAt: dataArrivesAt, world: world),
                let top = sheets.last, let goneAt = top.goneAt
            else { return refusal }
            return Refusal(
                refusal.reason,
                "\(top.name) is being dismissed and is gone at \(Refusal.describe(goneAt)) ms; the chart is under it, "
                    + "and then: \(then.message)")
        }
        let place = sheets.last?.name ?? currentScreen
        let valid = place == "dashboard" ? [SpendingChart.target] : []
        guard place == "dashboard", target == nil || target == SpendingChart.target else {
            throw .unknownTarget(target ?? SpendingChart.target, screen: place, valid: valid)
        }
        return nil
    }

    /// When the running load's data arrives, if that is known (the initial load's latency, or a refresh's).
    var dataArrivesAt: VirtualTime? { loading.loadEndsAt ?? refresh.loadEndsAt }

    /// `ui.touch`.
    mutating func touchChart(target: String, x: Double, world: inout World) throws(SimulationError) -> any ActionResult
    {
        let index = SpendingSeries(days: data.chartDays, data: data, world: world).nearestIndex(to: x)
        if let refusal = try chartRefusal(target, point: index, world: world) { return world.refuse(refusal) }
        if refresh.interruption != nil { return world.refuse(.gestureCancelled("pull", then: "touch")) }
        if refresh.isDragging {
            return world.refuse(
                .fingerBusy, "the finger is pulling the dashboard; lift it first (ui.release), then touch")
        }
        return try chart.touch(x: x, data: data, dataAt: dataArrivesAt, world: &world)
    }

    /// `ui.drag` on the chart.
    mutating func dragChart(target: String?, x: Double?, world: inout World) throws(SimulationError) -> any ActionResult
    {
        guard let x else {
            throw .invalidValue(parameter: "x", expected: "the finger's position across the chart, 0 to 1")
        }
        if refresh.interruption != nil { return world.refuse(.gestureCancelled("pull", then: "drag")) }
        if let refusal = try chartRefusal(target, point: nil, world: world) { return world.refuse(refusal) }
        return try chart.drag(x: x, data: data, world: &world)
    }

    /// `ui.tap {target: dashboard/chart, point}`.
    mutating func tapChart(point: Int, world: inout World) throws(SimulationError) -> any ActionResult {
        if let refusal = try chartRefusal(SpendingChart.target, point: point, world: world) {
            return world.refuse(refusal)
        }
        return try chart.tap(point: point, data: data, dataAt: dataArrivesAt, world: &world)
    }
}
