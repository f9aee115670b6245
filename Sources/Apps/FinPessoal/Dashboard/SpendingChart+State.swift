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
    func state(data: FinData, world: World) -> JSONValue {
        let series = SpendingSeries(days: data.chartDays, data: data, world: world)
        func time(_ offset: VirtualTime) -> JSONValue {
            guard let revealStart, revealStyle == "animated" else { return .null }
            return .number((revealStart + offset).milliseconds)
        }
        let maxValue = series.maxValue
        let points: [JSONValue] = series.points.enumerated().map { i, point in
            let appear = world.value(.chartPointAppear(i))
            let highlight = world.value(.chartPointHighlight(i))
            let bounce = world.value(.chartPointBounce(i))
            return [
                "index": .int(Int64(i)), "date": .string(point.date),
                "weekday": .string(CalendarText.weekday(point.day)),
                "value": .number(point.value), "transactions": .array(point.transactions.map { .string($0) }),
                "x": .number(series.x(i)), "y": .number(maxValue > 0 ? point.value / maxValue : 0),
                "appear": .number(appear), "scale": .number(appear * highlight * bounce),
                "visible": .bool(!hidden && appear > 0), "highlighted": .bool(touch?.index == i),
                "selected": .bool(selected == i), "glow": .bool(touch?.index == i),
                "appearsAt": i < pointOffsets.count ? time(pointOffsets[i]) : .null,
                "accessibilityLabel": .string(point.accessibilityLabel),
            ]
        }
        func labels(_ axis: PropertyKey.ChartAxis) -> JSONValue {
            let progress = world.value(.chartAxisLabels(axis))
            return ["opacity": .number(min(max(progress, 0), 1)), "scale": .number(0.8 + 0.2 * progress)]
        }
        let grid: [JSONValue] = (0..<DashboardTiming.gridLineCount).map { i in
            let offset =
                DashboardTiming.gridStart
                + VirtualTime(nanoseconds: DashboardTiming.gridStagger.nanoseconds * Int64(i))
            return [
                "opacity": .number(world.value(.chartGridOpacity(i))),
                "value": .number(maxValue * Double(i + 1) / Double(DashboardTiming.gridLineCount)),
                "startsAt": time(offset),
            ]
        }
        let trim = world.value(.chartLineTrim)
        let reveal: JSONValue = [
            "phase": .string(revealPhase(at: world.now).rawValue), "style": .string(revealStyle),
            "startedAt": revealStart.map { .number($0.milliseconds) } ?? .null,
            "endsAt": revealEnd.map { .number($0.milliseconds) } ?? .null,
            "container": [
                "opacity": .number(hidden ? 0 : world.value(.chartContainerOpacity)),
                "scale": .number(world.value(.chartContainerScale)),
            ],
            "axes": [
                "x": [
                    "trim": .number(world.value(.chartAxisTrim(.x))), "direction": "leftToRight",
                    "startsAt": time(.zero),
                    "labels": labels(.x),
                ],
                "y": [
                    "trim": .number(world.value(.chartAxisTrim(.y))), "direction": "bottomToTop",
                    "startsAt": time(DashboardTiming.axisStagger), "labels": labels(.y),
                ],
            ],
            "grid": .array(grid),
            "line": [
                "trim": .number(trim), "fill": .number(trim), "startsAt": time(DashboardTiming.lineStart),
                "endsAt": revealStyle == "animated" ? lineEnd.map { .number($0.milliseconds) } ?? .null : .null,
            ],
        ]
        var callout: JSONValue = ["visible": false, "opacity": .number(world.value(.chartCalloutOpacity))]
        if let index = calloutIndex, index < series.points.count {
            let point = series.points[index]
            let shown = world.valueIfKnown(.chartCalloutValue) ?? point.value
            callout = [
                "visible": .bool(touch != nil), "opacity": .number(world.value(.chartCalloutOpacity)),
                "index": .int(Int64(index)), "date": .string(CalendarText.shortDate(point.day)),
                "amount": .number(point.value), "value": .number(shown), "text": .string(CalendarText.money(shown)),
                "accessibilityLabel": .string(point.accessibilityLabel),
            ]
        }
        var selection: JSONValue = .null
        if let selected, selected < series.points.count {
            let point = series.points[selected]
            let transactions: [JSONValue] = point.transactions.compactMap { id in
                // The fields as the data gives them (a description that is not text is shown as given).
                guard let given = data.transactions.item(id: id)?.json else { return nil }
                return [
                    "id": .string(id), "description": given["description"] ?? .null, "amount": given["amount"] ?? .null,
                ]
            }
            selection = [
                "index": .int(Int64(selected)), "date": .string(point.date), "value": .number(point.value),
                "accessibilityLabel": .string(point.accessibilityLabel), "transactions": .array(transactions),
            ]
        }
        var burstState: JSONValue = .null
        if let burst {
            let progress = min(max(world.value(.chartBurstProgress), 0), 1)
            let travelled = Self.burstTravel(
                elapsed: world.shownElapsed(since: burst.startedAt), progress: progress, physics: world.physics)
            burstState = [
                "point": .int(Int64(burst.point)), "color": "gold", "count": .int(Int64(burst.particles.count)),
                "startedAt": .number(burst.startedAt.milliseconds), "progress": .number(progress),
                "particles": .array(
                    burst.particles.map { particle in
                        [
                            "angle": .number(particle.angle), "distance": .number(particle.distance * travelled),
                            "opacity": .number(1 - progress),
                        ]
                    }),
            ]
        }
        return [
            "target": .string(Self.target), "range": .int(Int64(series.days)), "available": .bool(!hidden),
            "points": .array(points), "maxValue": .number(maxValue), "minValue": .number(series.minValue),
            "total": .number(series.total), "trend": .string(series.trend.rawValue),
            "dateRange": [
                "from": .string(series.points.first?.date ?? ""), "to": .string(series.points.last?.date ?? ""),
            ],
            "reveal": reveal,
            "scrubber": touch.map { t in ["visible": true, "x": .number(t.x), "index": .int(Int64(t.index))] }
                ?? ["visible": false],
            "dim": touch.map { t in ["from": .number(t.x), "to": 1, "opacity": 0.5] } ?? .null,
            "callout": callout, "selected": selection, "burst": burstState,
            "series": .object(
                Dictionary(
                    uniqueKeysWithValues: SpendingSeries.ranges.map { days in
                        ("days\(days)", SpendingSeries(days: days, data: data, world: world).json)
                    })),
            "accessibility": [
                "label": .string(series.summary), "hint": "Touch and hold to explore daily spending",
                "points": .array(series.points.map { .string($0.accessibilityLabel) }),
            ],
        ]
    }
}
