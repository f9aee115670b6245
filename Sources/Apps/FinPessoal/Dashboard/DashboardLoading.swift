import ChoreoEngine
import ChoreoJSON

/// Skeleton placeholders while the dashboard loads, and the staggered reveal with counting numbers when data
/// arrives (seed 003's SkeletonView, loading-to-data transition and PhysicsNumberCounter).
///
/// - Loading: the cards (balance, chart, recent transactions) give way at once to skeletons: the balance card, the
///   chart and 3 to 5 transaction rows (one per transaction, at least 3, at most 5). Full mode shimmers (x from −1
///   to 1 over 1.5 s, ease-in-out, looping), reduced pulses (opacity 1 ↔ 0.6), minimal is static; row i starts
///   50·i ms late.
/// - Data arrives at T: the skeletons fade out (200 ms); card k is revealed at T + 200 + 100·k ms, sliding up 20 pt
///   with a spring and fading in (reduced: fading only; minimal: everything at T, at once); the balance card's
///   numbers count from what they showed to the loaded values with a critically damped spring.
/// - A failed load reveals the cards the same way with their old numbers.
struct DashboardLoading: Sendable, Hashable {
    enum Style: String, Sendable, Hashable {
        case shimmer, pulse
        case still = "static"
    }

    var isLoading = false
    var loadStartedAt: VirtualTime?
    /// When the initial load's latency ends it (a refresh's load is timed by the refresh coordinator).
    var loadEndsAt: VirtualTime?
    var style = Style.still
    var rows = 0
    var skeletonsVisible = false
    /// Whether the dashboard is on screen: its skeleton loops run only then (behavior.md CG14).
    var onScreen = true
    var loads = 0
    /// When the last data arrived, and when the reveal that followed is logically complete.
    var revealStart: VirtualTime?
    var revealEnd: VirtualTime?
    /// Each card's reveal time relative to ``revealStart``.
    var cardOffsets: [VirtualTime] = []
    /// The last load's outcome.
    var lastLoad: LoadResult?
    /// Whether the dashboard has data to show: a session that starts loaded has it, one that starts loading has it
    /// after its first successful load. Until then a failed load has no "last data" to fall back on.
    var hasData = true

    /// How a load ended.
    struct LoadResult: Sendable, Hashable {
        var ok: Bool
        var at: VirtualTime
    }

    /// The skeletons shown while loading: their ids, what each stands for and their shimmer delays.
    var skeletons: [(id: String, kind: SkeletonKind, delay: VirtualTime)] {
        [("balance", .balanceCard, .zero), ("chart", .chart, .zero)]
            + (0..<rows).map {
                (
                    "row\($0)", .transactionRow,
                    VirtualTime(nanoseconds: DashboardTiming.rowStagger.nanoseconds * Int64($0))
                )
            }
    }

    // MARK: Loading

    /// The session starts loading (data `loadOnStart`): nothing was shown yet, so the numbers will count from 0.
    mutating func beginInitialLoad(latency: VirtualTime, data: FinData, world: inout World) {
        hasData = false
        for counter in DashboardCounter.allCases { world.set(.counter(counter), to: 0) }
        beginLoading(data: data, world: &world)
        loadEndsAt = world.now + latency
        world.schedule(FinTimer.loading(.loaded), after: latency)
    }

    /// The session starts loaded: the counters show the data as it is at t = 0 and hold those values until the next
    /// load (PhysicsNumberCounter shows the last load's numbers; a date or data change shows at the next load).
    func showStartingCounters(data: FinData, world: inout World) {
        for counter in DashboardCounter.allCases {
            world.set(.counter(counter), to: Self.counterValue(counter, data: data, world: world))
        }
    }

    /// A load starts: skeletons replace the cards.
    mutating func beginLoading(data: FinData, world: inout World) {
        guard !isLoading else { return }
        isLoading = true
        loads += 1
        loadStartedAt = world.now
        loadEndsAt = nil
        skeletonsVisible = true
        rows = min(max(data.transactions.count, 3), 5)
        world.cancelTimers(FinTimer.self) {
            if case .loading(.skeletonsHidden) = $0 { return true }
            return false
        }
        world.set(.skeletonsOpacity, to: 1)
        let mode = world.mode
        for card in DashboardCard.allCases {
            world.set(.cardOpacity(card), to: 0)
            world.set(.cardOffsetY(card), to: mode == .full ? DashboardTiming.cardSlideOffset : 0)
        }
        startSkeletons(mode: mode, world: &world)
        world.record(DashboardLoadingEvent(style: style, skeletons: skeletons.count))
    }

    /// The dashboard left the screen (`onScreen` false: the shimmer or pulse loops stop) or appeared again (they
    /// restart from phase 0, the row stagger counting from now). Nothing changes while no skeleton shows.
    mutating func follow(onScreen: Bool, world: inout World) {
        guard onScreen != self.onScreen else { return }
        self.onScreen = onScreen
        guard isLoading, skeletonsVisible else { return }
        if onScreen { startSkeletons(mode: world.mode, world: &world) } else { stopSkeletons(world: &world) }
    }

    /// The mode changed: while loading, the skeletons switch to the new mode's style at once (the view re-renders
    /// with the other modifier), the row stagger counting from now.
    mutating func followMode(world: inout World) {
        guard isLoading, skeletonsVisible, onScreen else { return }
        let previous = style
        stopSkeletons(world: &world)
        startSkeletons(mode: world.mode, world: &world)
        if style != previous {
            world.record(DashboardSkeletonStyleEvent(style: style))
        }
    }

    private mutating func startSkeletons(mode: AnimationMode, world: inout World) {
        switch mode {
        case .full:
            style = .shimmer
            for (id, _, delay) in skeletons {
                world.animate(
                    .skeletonShimmer(id), from: -1, to: 1,
                    curve: DashboardTiming.shimmer.delayed(by: delay),
                    source: "skeleton.shimmer")
            }
        case .reduced:
            style = .pulse
            for (id, _, delay) in skeletons {
                world.animate(
                    .skeletonPulse(id), from: 1, to: DashboardTiming.skeletonPulseLow,
                    curve: DashboardTiming.skeletonPulse.delayed(by: delay), source: "skeleton.pulse")
            }
        case .minimal:
            style = .still
        }
    }

    /// The data arrived (or the load failed): skeletons fade, cards are revealed one after another, the numbers
    /// count. Returns when the chart's card is revealed, from now, or nil when nothing was loading.
    mutating func finishLoading(ok: Bool, data: FinData, world: inout World) -> VirtualTime? {
        guard isLoading else { return nil }
        isLoading = false
        loadEndsAt = nil
        world.cancelTimer(FinTimer.loading(.loaded))
        lastLoad = LoadResult(ok: ok, at: world.now)
        revealStart = world.now
        let mode = world.mode
        var end = world.now
        if let fade = DashboardTiming.skeletonFade(mode) {
            world.animate(.skeletonsOpacity, to: 0, curve: fade, source: "skeleton.fade")
            world.schedule(
                FinTimer.loading(.skeletonsHidden(load: loads)),
                after: DashboardTiming.skeletonFadeDuration)
            end = world.now + DashboardTiming.skeletonFadeDuration
        } else {
            world.set(.skeletonsOpacity, to: 0)
            hideSkeletons(world: &world)
        }
        let base = mode == .minimal ? VirtualTime.zero : DashboardTiming.skeletonFadeDuration
        cardOffsets = DashboardCard.allCases.indices.map { Self.cardOffset($0, mode: mode) }
        for (k, card) in DashboardCard.allCases.enumerated() {
            let offset = cardOffsets[k]
            switch mode {
            case .full:
                let fade = world.animate(
                    .cardOpacity(card), from: 0, to: 1, curve: DashboardTiming.cardFade.delayed(by: offset),
                    source: "dashboard.reveal")
                let slide = world.animate(
                    .cardOffsetY(card), from: DashboardTiming.cardSlideOffset, to: 0,
                    curve: DashboardTiming.cardSlide.delayed(by: offset), source: "dashboard.reveal")
                end = max(end, fade.logicallyCompleteAt ?? end, slide.logicallyCompleteAt ?? end)
            case .reduced:
                world.set(.cardOffsetY(card), to: 0)
                let fade = world.animate(
                    .cardOpacity(card), from: 0, to: 1, curve: DashboardTiming.cardFade.delayed(by: offset),
                    source: "dashboard.reveal")
                end = max(end, fade.logicallyCompleteAt ?? end)
            case .minimal:
                world.set(.cardOpacity(card), to: 1)
                world.set(.cardOffsetY(card), to: 0)
            }
        }
        if ok {
            hasData = true
            for counter in DashboardCounter.allCases {
                let key = PropertyKey.counter(counter)
                let target = Self.counterValue(counter, data: data, world: world)
                let shown = world.valueIfKnown(key) ?? target
                // Unchanged values do not move (behavior.md L10, issue 44 #6): a counter already showing or counting
                // toward this value keeps its count, instead of freezing and restarting from rest.
                if world.targetIfKnown(key) == target { continue }
                if let curve = DashboardTiming.counter(mode), shown != target {
                    let record = world.animate(
                        key, from: shown, to: target, curve: curve.delayed(by: base), source: "dashboard.counter")
                    end = max(end, record.logicallyCompleteAt ?? end)
                } else {
                    world.set(key, to: target)
                }
            }
        }
        revealEnd = end
        world.record(DashboardRevealedEvent(ok: ok))
        return cardOffsets[1]
    }

    /// The data changed outside a load (a transaction added, edited or deleted, behavior.md TX3): while the cards
    /// show data, each number whose value changed counts to it from what it shows, on the counter's curve (minimal:
    /// set at once); one already heading there keeps its count (L10). Off screen they are set (nothing counts
    /// unseen; the dashboard shows them when it appears); under skeletons nothing moves (the reveal counts to the
    /// data). Returns the numbers that changed.
    mutating func follow(dataChange data: FinData, world: inout World) -> [DashboardCounter] {
        guard !isLoading, hasData else { return [] }
        var changed: [DashboardCounter] = []
        for counter in DashboardCounter.allCases {
            let key = PropertyKey.counter(counter)
            let target = Self.counterValue(counter, data: data, world: world)
            if world.targetIfKnown(key) == target { continue }
            changed.append(counter)
            if onScreen, let curve = DashboardTiming.counter(world.mode) {
                world.animate(key, to: target, curve: curve, source: "dashboard.counter")
            } else {
                world.set(key, to: target)
            }
        }
        return changed
    }

    /// When card `k` is revealed after the data arrives: the skeletons' fade, then 100 ms per card; at once in minimal
    /// mode.
    static func cardOffset(_ k: Int, mode: AnimationMode) -> VirtualTime {
        mode == .minimal
            ? .zero
            : DashboardTiming.skeletonFadeDuration
                + VirtualTime(nanoseconds: DashboardTiming.cardStagger.nanoseconds * Int64(k))
    }

    private mutating func hideSkeletons(world: inout World) {
        skeletonsVisible = false
        stopSkeletons(world: &world)
    }

    /// Stops the shimmer or pulse loops.
    private func stopSkeletons(world: inout World) {
        for (id, _, _) in skeletons {
            if style == .shimmer { world.set(.skeletonShimmer(id), to: -1) }
            if style == .pulse { world.set(.skeletonPulse(id), to: 1) }
        }
    }

    /// The skeletons of load number `load` finished fading.
    mutating func skeletonsHidden(load: Int, world: inout World) {
        if load == loads, !isLoading {
            hideSkeletons(world: &world)
        }
    }

    // MARK: Numbers

    /// A counter's value in the data: the accounts' total balance, and this month's income and spending.
    static func counterValue(_ counter: DashboardCounter, data: FinData, world: World) -> Double {
        switch counter {
        case .balance:
            return data.accounts.reduce(0) { $0 + ($1.balance ?? 0) }
        case .monthlyIncome, .monthlyExpenses:
            let month = CalendarText.month(CalendarText.today(world))
            var total = 0.0
            for transaction in data.transactions {
                guard let amount = transaction.amount,
                    let day = transaction.date.flatMap(CalendarText.day(fromISODate:)),
                    CalendarText.month(day) == month
                else { continue }
                if counter == .monthlyIncome, amount > 0 { total += amount }
                if counter == .monthlyExpenses, amount < 0 { total -= amount }
            }
            return total
        }
    }
}
