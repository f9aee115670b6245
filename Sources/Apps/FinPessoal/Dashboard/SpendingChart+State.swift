import ChoreoEngine
import ChoreoJSON
import ChoreoMotion

extension SpendingChart {
    /// Where the reveal is now: `hidden` (a skeleton stands in), `pending` (waiting for its card), `running`,
    /// `complete`.
    func revealPhase(at now: VirtualTime) -> ChartRevealPhase {
        if hidden { return .hidden }
        guard let revealStart, let revealEnd else { return .complete }
        if now < revealStart { return .pending }
        return now < revealEnd ? .running : .complete
    }

    /// The chart as the state shows it (`chart`): the shown series with every point's layout, reveal progress and
    /// highlight, the reveal's parts, the scrubber, callout, selection, burst, both series and VoiceOver's texts.
    func state(data: FinData, world: World) -> ChartView {
        let series = SpendingSeries(days: data.chartDays, data: data, world: world)
        func time(_ offset: VirtualTime) -> Double? {
            guard let revealStart, revealStyle == .animated else { return nil }
            return (revealStart + offset).milliseconds
        }
        let maxValue = series.maxValue
        let points = series.points.enumerated().map { i, point in
            let appear = world.value(.chartPointAppear(i))
            return ChartPointView(
                index: i, point: point, x: series.x(i), y: maxValue > 0 ? point.value / maxValue : 0, appear: appear,
                scale: appear * world.value(.chartPointHighlight(i)) * world.value(.chartPointBounce(i)),
                visible: !hidden && appear > 0, highlighted: touch?.index == i, selected: selected == i,
                appearsAt: i < pointOffsets.count ? time(pointOffsets[i]) : nil)
        }
        func axis(_ axis: PropertyKey.ChartAxis, _ direction: String, startsAt: VirtualTime) -> AxisView {
            AxisView(
                axis: axis, trim: world.value(.chartAxisTrim(axis)), direction: direction, startsAt: time(startsAt),
                labelsProgress: world.value(.chartAxisLabels(axis)))
        }
        let grid = (0..<DashboardTiming.gridLineCount).map { i in
            let offset =
                DashboardTiming.gridStart
                + VirtualTime(nanoseconds: DashboardTiming.gridStagger.nanoseconds * Int64(i))
            return GridLineView(
                index: i, opacity: world.value(.chartGridOpacity(i)),
                value: maxValue * Double(i + 1) / Double(DashboardTiming.gridLineCount), startsAt: time(offset))
        }
        let reveal = ChartRevealView(
            phase: revealPhase(at: world.now), style: revealStyle, startedAt: revealStart?.milliseconds,
            endsAt: revealEnd?.milliseconds, containerOpacity: hidden ? 0 : world.value(.chartContainerOpacity),
            containerScale: world.value(.chartContainerScale), x: axis(.x, "leftToRight", startsAt: .zero),
            y: axis(.y, "bottomToTop", startsAt: DashboardTiming.axisStagger), grid: grid,
            line: LineView(
                trim: world.value(.chartLineTrim), startsAt: time(DashboardTiming.lineStart),
                endsAt: revealStyle == .animated ? lineEnd?.milliseconds : nil))
        var callout = CalloutView(visible: false, opacity: world.value(.chartCalloutOpacity), shown: nil)
        if let index = calloutIndex, index < series.points.count {
            let point = series.points[index]
            callout.visible = touch != nil
            callout.shown = CalloutView.Shown(
                index: index, point: point, value: world.valueIfKnown(.chartCalloutValue) ?? point.value)
        }
        var selection: SelectionView?
        if let selected, selected < series.points.count {
            let point = series.points[selected]
            selection = SelectionView(
                index: selected, point: point,
                transactions: point.transactions.compactMap { id in
                    // The fields as the data gives them (a description that is not text is shown as given).
                    guard let given = data.transactions.item(id: id)?.json else { return nil }
                    return SelectedTransaction(
                        id: id, description: given["description"] ?? .null, amount: given["amount"] ?? .null)
                })
        }
        var burstView: BurstView?
        if let burst {
            let progress = min(max(world.value(.chartBurstProgress), 0), 1)
            let travelled = Self.burstTravel(
                elapsed: world.shownElapsed(since: burst.startedAt), progress: progress, physics: world.physics)
            burstView = BurstView(
                point: burst.point, count: burst.particles.count, startedAt: burst.startedAt.milliseconds,
                progress: progress,
                particles: burst.particles.map { particle in
                    ParticleView(angle: particle.angle, distance: particle.distance * travelled, opacity: 1 - progress)
                })
        }
        var allSeries: [String: SpendingSeries] = [:]
        for days in SpendingSeries.ranges {
            allSeries["days\(days)"] = SpendingSeries(days: days, data: data, world: world)
        }
        return ChartView(
            range: series.days, available: !hidden, points: points, shown: series, reveal: reveal,
            scrubber: ScrubberView(touch: touch), dim: touch.map { DimView(from: $0.x) }, callout: callout,
            selected: selection, burst: burstView, series: allSeries)
    }
}
