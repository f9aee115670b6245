import ChoreoEngine

/// What blocks each request now, as ``Refusal/Blocker``s in the order the app checks them (front to back: the
/// finger, the sheets, the screen, its scroll, a load, a refresh): the refusal names them all, and `retryAfterMs`
/// waits for every time-bound one (behavior.md N12, issue 44 #1–#5).
extension FinPessoalApp {
    /// One finger at a time (behavior.md C12, N13): a new touch (`ui.tap`, `ui.touch`, `ui.pull`) while a finger is
    /// down, holding the chart or pulling, or with its gesture cancelled, is refused until it lifts; waiting does not
    /// help. `next` names the request ("pull", "touch", "tap").
    /// `holding` lets a finger already on the chart move (`ui.touch` again).
    func fingerBlockers(then next: String, holding: Bool = false) -> [Refusal.Blocker] {
        if let cancelled = chart.cancelled {
            return [.gestureCancelled("chart touch", why: cancelled.reason, then: next)]
        }
        if refresh.interruption != nil {
            return [.gestureCancelled("pull", why: "refresh.interrupted says why", then: next)]
        }
        if chart.isTouching, !holding {
            return [
                Refusal.Blocker(
                    .fingerBusy, "the finger is holding the chart", help: "lift it first (ui.release), then \(next)")
            ]
        }
        if refresh.isDragging {
            return [
                Refusal.Blocker(
                    .fingerBusy, "the finger is pulling the dashboard", help: "lift it first (ui.release), then \(next)"
                )
            ]
        }
        return []
    }

    /// Nothing not yet drawn takes a tap (issue 44 #5, the rule C17 gives the chart): the top sheet's elements
    /// wait for the first frame that shows the sheet, and with no sheet up a pushed view's (the goal detail) for
    /// the first frame that shows the push.
    func drawnBlockers(world: World) -> [Refusal.Blocker] {
        let shown: (name: String, from: VirtualTime, how: String)
        if let top = sheets.last {
            shown = (top.name.rawValue, top.shownFrom, "presented")
        } else if let entry = stack.last {
            shown = (entry.screen.rawValue, entry.shownFrom, "pushed")
        } else {
            return []
        }
        guard world.now < shown.from else { return [] }
        return [
            Refusal.Blocker(
                .notShownYet,
                "\(shown.name) is \(shown.how) at this instant and no frame shows it yet: it is on screen "
                    + (shown.from - world.now == VirtualTime(nanoseconds: 1)
                        ? "from just after this instant" : "from \(Refusal.describe(shown.from)) ms"),
                goneAt: shown.from)
        ]
    }

    /// The sheets over the screen: a presented one is dismissed (`ui.dismiss`, accepted: it is not dismissing); a
    /// dismissing one is waited for, and a sheet under it is dismissed once it is gone.
    func sheetBlockers(world: World) -> [Refusal.Blocker] {
        guard let top = sheets.last else { return [] }
        guard top.phase == .dismissing, let goneAt = top.goneAt else {
            let count = sheets.count
            return [
                Refusal.Blocker(
                    .sheetPresented, "\(top.name.rawValue) is presented over \(currentScreen.rawValue)",
                    help: "dismiss it first (ui.dismiss" + (count > 1 ? ", once for each of the \(count) sheets)" : ")")
                )
            ]
        }
        var blockers = [
            Refusal.Blocker(
                .sheetDismissing,
                "\(top.name.rawValue) is being dismissed and is gone at \(Refusal.describe(goneAt)) ms",
                goneAt: goneAt)
        ]
        if sheets.count > 1 {
            let below = sheets[sheets.count - 2].name.rawValue
            blockers.append(
                Refusal.Blocker(
                    .sheetPresented, "\(below) is presented under it",
                    help: "dismiss \(below) once \(top.name.rawValue) is gone (ui.dismiss)"))
        }
        return blockers
    }

    /// Why the screen under the sheets takes no `ui.navigate`, `ui.back` or `ui.present` now, or nil when no sheet
    /// is up.
    func sheetRefusal(world: World) -> Refusal? { world.refusal(sheetBlockers(world: world)) }

    /// What keeps a new pull from starting, the finger aside: pull-to-refresh lives at the top of the dashboard, with
    /// no sheet over it, no load and no refresh running.
    func pullBlockers(world: World) -> [Refusal.Blocker] {
        var blockers = sheetBlockers(world: world)
        if currentScreen != .dashboard {
            blockers.append(
                Refusal.Blocker(
                    .notOnDashboard, "pull-to-refresh is on the dashboard",
                    help: "the current screen is \(currentScreen.rawValue) (ui.navigate {screen: dashboard} first)"))
        }
        if let y = scroll[.dashboard]?.y, y > 0 {
            blockers.append(
                Refusal.Blocker(
                    .scrolledDown, "the dashboard is scrolled down",
                    help: "pull-to-refresh starts at the top (ui.scroll {y: 0} first)"))
        }
        // A refresh's own load is the refresh's blocker (it is idle only after the hold and the fade).
        if loading.isLoading, !refresh.isRefreshing {
            if let endsAt = loading.loadEndsAt {
                blockers.append(
                    Refusal.Blocker(
                        .dashboardLoading, "the dashboard is loading until \(Refusal.describe(endsAt)) ms",
                        help: "end it with app.finishLoading", goneAt: endsAt))
            } else {
                blockers.append(
                    Refusal.Blocker(
                        .dashboardLoading, "the dashboard is loading", help: "app.finishLoading ends the load"))
            }
        }
        if let running = refresh.runningBlocker(world: world) { blockers.append(running) }
        return blockers
    }

    /// What keeps the chart from taking a touch or tap on `point` now, the finger aside; throws -32003 when the chart
    /// is not on screen (another screen, a presented sheet over it). Under a dismissing sheet the chart waits for
    /// the sheet and for its own reveal, whichever ends later.
    func chartBlockers(_ target: String?, point: Int?, world: World) throws(SimulationError) -> [Refusal.Blocker] {
        var blockers: [Refusal.Blocker] = []
        if let top = sheets.last, top.phase == .dismissing, let goneAt = top.goneAt, sheets.count == 1,
            currentScreen == .dashboard, target == nil || target == SpendingChart.target
        {
            blockers.append(
                Refusal.Blocker(
                    .sheetDismissing,
                    "\(top.name.rawValue) is being dismissed and is gone at \(Refusal.describe(goneAt)) ms; "
                        + "\(SpendingChart.target) is under it", goneAt: goneAt))
        } else if case let dismissing = try tapBlockersWhileDismissing(target ?? SpendingChart.target, world: world),
            !dismissing.isEmpty
        {
            return dismissing
        } else {
            let onDashboard = place == .screen(.dashboard)
            let valid = onDashboard ? [SpendingChart.target] : []
            guard onDashboard, target == nil || target == SpendingChart.target else {
                throw .unknownTarget(target ?? SpendingChart.target, screen: place.name, valid: valid)
            }
        }
        if let chartBlocker = chart.blocker(point: point, of: data.chartDays, dataAt: dataArrivesAt, world: world) {
            blockers.append(chartBlocker)
        }
        return blockers
    }
}

extension Refusal.Blocker {
    /// A new gesture under the finger of a cancelled `gesture` (a pull, a chart touch): a cancelled gesture does not
    /// begin again until the finger lifts (behavior.md R17, C21). `why` says what cancelled it, when known here.
    static func gestureCancelled(_ gesture: String, why: String? = nil, then next: String) -> Refusal.Blocker {
        Refusal.Blocker(
            .gestureCancelled,
            "this finger's \(gesture) was cancelled while it was down\(why.map { " (\($0))" } ?? ""), and a cancelled "
                + "gesture does not begin again under the same finger",
            help: "lift it (ui.release), then \(next)")
    }
}
