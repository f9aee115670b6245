import ChoreoEngine
import ChoreoJSON

extension DashboardLoading {
    /// The error after a failed load when earlier data is still shown.
    static let refreshFailedText = "Couldn't refresh. Showing your last data."
    /// The error after a failed load when no load ever succeeded (a session that starts loading): there is no last
    /// data to show.
    static let firstLoadFailedText = "Couldn't load your data. Pull down to try again."
    /// A counter's text before any data arrived: nothing to count, so no amount.
    static let noDataText = "—"

    /// `loading` while data is on its way, `revealing` until the reveal's last animation is logically complete,
    /// then `loaded`.
    func phase(at now: VirtualTime) -> LoadingPhase {
        if isLoading { return .loading }
        if let revealEnd, now < revealEnd { return .revealing }
        return .loaded
    }

    /// The shapes a skeleton draws (seed 003's Dashboard Skeleton States).
    static func shapes(of kind: SkeletonKind) -> (shapes: [SkeletonShape], shimmerArea: String) {
        switch kind {
        case .balanceCard:
            return (
                [
                    SkeletonShape(shape: "roundedRect", role: "balanceAmount", size: "large"),
                    SkeletonShape(shape: "roundedRect", role: "monthlyExpenses", size: "small"),
                ], "all"
            )
        case .chart:
            return (
                [
                    SkeletonShape(shape: "axes", role: "axes", shimmer: false),
                    SkeletonShape(shape: "lineSegments", role: "placeholderLine", shimmer: true),
                ], "data"
            )
        case .transactionRow:
            return (
                [
                    SkeletonShape(shape: "circle", role: "icon"), SkeletonShape(shape: "roundedRect", role: "title"),
                    SkeletonShape(shape: "roundedRect", role: "amount"),
                ], "all"
            )
        }
    }

    /// The dashboard's loading state (`dashboard`): skeletons, cards and counters at the current time.
    func state(data: FinData, world: World) -> DashboardView {
        let fade = world.value(.skeletonsOpacity)
        let skeletons: [SkeletonView] =
            skeletonsVisible
            ? skeletons.map { id, kind, delay in
                let (shapes, area) = Self.shapes(of: kind)
                let pulse = style == .pulse ? world.value(.skeletonPulse(id)) : 1
                return SkeletonView(
                    id: id, kind: kind, startDelayMs: delay.milliseconds,
                    shimmerX: style == .shimmer ? world.value(.skeletonShimmer(id)) : nil,
                    pulse: style == .pulse ? pulse : nil, opacity: fade * pulse, shimmerArea: area, shapes: shapes)
            } : []
        let cards = DashboardCard.allCases.enumerated().map { k, card in
            let opacity = world.value(.cardOpacity(card))
            return CardView(
                id: card, visible: !isLoading && opacity > 0, opacity: opacity,
                offsetY: world.value(.cardOffsetY(card)),
                revealsAt: revealStart.flatMap { k < cardOffsets.count ? ($0 + cardOffsets[k]).milliseconds : nil })
        }
        var counters: [String: CounterView] = [:]
        for counter in DashboardCounter.allCases {
            // Every counter is set at session start (the data at t = 0, or 0 when the session starts loading) and
            // changes only when a load counts it; the live value is only a fallback that is never read.
            let key = PropertyKey.counter(counter)
            let shown = world.valueIfKnown(key) ?? Self.counterValue(counter, data: data, world: world)
            counters[counter.rawValue] = CounterView(
                name: counter, value: shown, target: world.targetIfKnown(key) ?? shown,
                text: hasData ? CalendarText.money(shown) : Self.noDataText)
        }
        return DashboardView(
            loading: isLoading, phase: phase(at: world.now),
            loadStartedAt: isLoading ? loadStartedAt?.milliseconds : nil, loadEndsAt: loadEndsAt?.milliseconds,
            loads: loads, lastLoad: lastLoad.map { LastLoadView(ok: $0.ok, at: $0.at.milliseconds) },
            error: lastLoad?.ok == false ? (hasData ? Self.refreshFailedText : Self.firstLoadFailedText) : nil,
            skeletonsVisible: skeletonsVisible, skeletonsStyle: skeletonsVisible ? style : nil,
            skeletonsOpacity: skeletonsVisible ? fade : 0, skeletonsRows: skeletonsVisible ? rows : 0,
            skeletonsMuted: world.settings.colorScheme == .dark, skeletons: skeletons, cards: cards,
            revealStartedAt: revealStart?.milliseconds, revealEndsAt: revealEnd?.milliseconds, counters: counters)
    }
}
