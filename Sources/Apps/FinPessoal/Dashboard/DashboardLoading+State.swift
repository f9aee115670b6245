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
    static func shapes(of id: String) -> (kind: String, shapes: [JSONValue], shimmerArea: String) {
        switch id {
        case "balance":
            return (
                "balanceCard",
                [
                    ["shape": "roundedRect", "role": "balanceAmount", "size": "large"],
                    ["shape": "roundedRect", "role": "monthlyExpenses", "size": "small"],
                ], "all"
            )
        case "chart":
            return (
                "chart",
                [
                    ["shape": "axes", "role": "axes", "shimmer": false],
                    ["shape": "lineSegments", "role": "placeholderLine", "shimmer": true],
                ], "data"
            )
        default:
            return (
                "transactionRow",
                [
                    ["shape": "circle", "role": "icon"], ["shape": "roundedRect", "role": "title"],
                    ["shape": "roundedRect", "role": "amount"],
                ], "all"
            )
        }
    }

    /// The dashboard's loading state (`dashboard`): skeletons, cards and counters at the current time.
    func state(data: FinData, world: World) -> JSONValue {
        let fade = world.value(.skeletonsOpacity)
        let items: [JSONValue] =
            skeletonsVisible
            ? skeletonIDs.map { id, delay in
                let (kind, shapes, area) = Self.shapes(of: id)
                let pulse = style == .pulse ? world.value(.skeletonPulse(id)) : 1
                return [
                    "id": .string(id), "kind": .string(kind), "view": "SkeletonView",
                    "startDelayMs": .number(delay.milliseconds),
                    "shimmer": style == .shimmer
                        ? ["x": .number(world.value(.skeletonShimmer(id)))] : .null,
                    "pulse": style == .pulse ? .number(pulse) : .null, "opacity": .number(fade * pulse),
                    "shimmerArea": .string(area), "shapes": .array(shapes),
                ]
            } : []
        let dark = world.settings.colorScheme == .dark
        let cards: [JSONValue] = Self.cards.enumerated().map { k, card in
            let opacity = world.value(.cardOpacity(card))
            return [
                "id": .string(card), "visible": .bool(!isLoading && opacity > 0), "opacity": .number(opacity),
                "offsetY": .number(world.value(.cardOffsetY(card))),
                "revealsAt": revealStart.map {
                    k < cardOffsets.count ? .number(($0 + cardOffsets[k]).milliseconds) : .null
                }
                    ?? .null,
            ]
        }
        var counters: [String: JSONValue] = [:]
        for counter in Self.counters {
            // Every counter is set at session start (the data at t = 0, or 0 when the session starts loading) and
            // changes only when a load counts it; the live value is only a fallback that is never read.
            let key = PropertyKey.counter(counter)
            let shown = world.valueIfKnown(key) ?? Self.counterValue(counter, data: data, world: world)
            counters[counter] = [
                "value": .number(shown), "target": .number(world.targetIfKnown(key) ?? shown),
                "text": .string(hasData ? CalendarText.money(shown) : Self.noDataText),
            ]
        }
        return [
            "loading": .bool(isLoading), "phase": .string(phase(at: world.now).rawValue),
            "loadStartedAt": isLoading ? loadStartedAt.map { .number($0.milliseconds) } ?? .null : .null,
            "loadEndsAt": loadEndsAt.map { .number($0.milliseconds) } ?? .null,
            "loads": .int(Int64(loads)),
            "lastLoad": lastLoad.map { ["ok": .bool($0.ok), "at": .number($0.at.milliseconds)] } ?? .null,
            "error": lastLoad?.ok == false
                ? .string(hasData ? Self.refreshFailedText : Self.firstLoadFailedText) : .null,
            "skeletons": [
                "visible": .bool(skeletonsVisible), "style": skeletonsVisible ? .string(style.rawValue) : .null,
                "opacity": .number(skeletonsVisible ? fade : 0), "rows": .int(Int64(skeletonsVisible ? rows : 0)),
                "gradient": ["oldMoney.surface", "oldMoney.divider", "oldMoney.surface"], "muted": .bool(dark),
                "items": .array(items),
            ],
            "cards": .array(cards),
            "revealStartedAt": revealStart.map { .number($0.milliseconds) } ?? .null,
            "revealEndsAt": revealEnd.map { .number($0.milliseconds) } ?? .null,
            "counters": .object(counters),
        ]
    }
}
