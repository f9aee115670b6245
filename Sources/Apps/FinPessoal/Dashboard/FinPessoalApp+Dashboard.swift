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
    var pullBlockedReason: String? {
        if let top = sheets.last { return "\(top.name) is presented; pull-to-refresh is on the dashboard" }
        if currentScreen != "dashboard" {
            return "pull-to-refresh is on the dashboard; the current screen is \(currentScreen)"
        }
        if let y = scroll["dashboard"]?.y, y > 0 {
            return "the dashboard is scrolled down; pull-to-refresh starts at the top (scroll to 0)"
        }
        if loading.isLoading { return "the dashboard is loading" }
        return nil
    }

    /// A pull in progress ends when pull-to-refresh is no longer possible where the finger is: another screen, a
    /// sheet over the dashboard, or the dashboard scrolled away from the top. Its release cannot refresh.
    mutating func interruptPullIfLeft(world: inout World) {
        guard refresh.isDragging, let reason = pullBlockedReason else { return }
        refresh.interrupt(reason: reason, world: &world)
    }

    /// `ui.pull`.
    mutating func pullToRefresh(distance: Double, world: inout World) -> JSONValue {
        let (result, outcome) = refresh.pull(to: distance, blocked: pullBlockedReason, world: &world)
        react(to: outcome, world: &world)
        return result
    }

    /// `ui.release`: lifts the finger from the chart if it is on it, else ends the pull.
    mutating func releaseFinger(world: inout World) -> JSONValue {
        if chart.isTouching { return chart.release(world: &world) }
        let (result, outcome) = refresh.release(latency: data.loadLatency, world: &world)
        react(to: outcome, world: &world)
        return result
    }

    /// `app.finishLoading`: ends the refresh's load, or the initial load.
    mutating func finishDashboardLoad(ok: Bool, world: inout World) -> JSONValue {
        if refresh.isRefreshing {
            let (result, outcome) = refresh.finishLoading(ok: ok, world: &world)
            react(to: outcome, world: &world)
            return result
        }
        guard loading.isLoading else { return ["finished": false, "reason": "nothing is loading"] }
        completeDashboardLoad(ok: ok, world: &world)
        return ["finished": true, "ok": .bool(ok), "dashboard": loading.state(data: data, world: world)]
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

    /// The chart is reachable when the dashboard is shown with no sheet over it.
    func requireChart(_ target: String?) throws(SimulationError) {
        try refuseTapsWhileDismissing(target ?? SpendingChart.target)
        let place = sheets.last?.name ?? currentScreen
        let valid = place == "dashboard" ? [SpendingChart.target] : []
        guard place == "dashboard", target == nil || target == SpendingChart.target else {
            throw .unknownTarget(target ?? SpendingChart.target, screen: place, valid: valid)
        }
    }

    /// `ui.touch`.
    mutating func touchChart(target: String, x: Double, world: inout World) throws(SimulationError) -> JSONValue {
        try requireChart(target)
        return try chart.touch(x: x, data: data, world: &world)
    }

    /// `ui.drag` on the chart.
    mutating func dragChart(target: String?, x: Double?, world: inout World) throws(SimulationError) -> JSONValue {
        guard let x else {
            throw .invalidValue(parameter: "x", expected: "the finger's position across the chart, 0 to 1")
        }
        try requireChart(target)
        return try chart.drag(x: x, data: data, world: &world)
    }

    /// `ui.tap {target: dashboard/chart, point}`.
    mutating func tapChart(point: Int, world: inout World) throws(SimulationError) -> JSONValue {
        try requireChart(SpendingChart.target)
        return try chart.tap(point: point, data: data, world: &world)
    }
}
