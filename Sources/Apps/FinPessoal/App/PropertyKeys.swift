import ChoreoEngine

/// Every animated property of FinPessoal, declared once: a misspelt key is a compile error. The paths are the names
/// the trace and the state use. Keys with an `initial` read as it (in their own unit) until first set or animated;
/// the others must be set or animated before they are read (see ``PropertyKey``).
extension PropertyKey {
    // MARK: Navigation, hero, sheets

    /// The push transition's progress, 0 to 1.
    static let navigationProgress = PropertyKey("navigation.progress")
    /// The hero transition's progress, 0 (collapsed) to 1 (expanded).
    static let heroProgress = PropertyKey("hero.progress")

    /// A sheet's presentation progress, 0 (off screen) to 1 (presented), by the sheet's serial number.
    static func sheetProgress(_ serial: Int) -> PropertyKey { PropertyKey("sheet.\(serial).progress") }

    /// A screen's nav-bar blur, 0 (clear) to 1 (fully frosted); clear until the screen first scrolls.
    static func navBlur(_ screen: FinScreen) -> PropertyKey {
        PropertyKey("screens.\(screen.rawValue).navBlur", initial: 0)
    }

    /// A gradient overlay's loop phase, 0 to 1, by the overlay's target.
    static func gradientPhase(_ target: String) -> PropertyKey { PropertyKey("gradients.\(target).phase") }

    // MARK: Celebrations

    /// The running celebration's opacity, 0 to 1.
    static let celebrationOpacity = PropertyKey("celebration.opacity")
    /// The running celebration's scale (1 is its natural size).
    static let celebrationScale = PropertyKey("celebration.scale")
    /// The running celebration's glow, 0 (none) to 1 (the glow's peak) on the celebration's own curve; the state's
    /// `glowOpacity` is it times the peak opacity High Contrast chooses when the state is read (0.5, else 0.3).
    static let celebrationGlow = PropertyKey("celebration.glow")
    /// The running celebration's shimmer sweep, 0 to 1.
    static let celebrationShimmer = PropertyKey("celebration.shimmer")

    // MARK: Pull to refresh

    /// How far the refresh indicator is pulled, in points; not pulled (0) until the first pull.
    static let refreshPullDistance = PropertyKey("refresh.pullDistance", initial: 0)
    /// The indicator's pulse scale (1 at rest).
    static let refreshPulse = PropertyKey("refresh.pulse", initial: 1)
    /// The spinner's rotation, in degrees.
    static let refreshSpinner = PropertyKey("refresh.spinner")
    /// The check mark's drawing progress, 0 to 1.
    static let refreshCheckmark = PropertyKey("refresh.checkmark")
    /// The indicator's opacity, 0 to 1 (opaque at rest).
    static let refreshOpacity = PropertyKey("refresh.opacity", initial: 1)

    // MARK: Dashboard loading

    /// The skeletons' common opacity, 0 to 1 (opaque until they fade).
    static let skeletonsOpacity = PropertyKey("dashboard.skeletons.opacity", initial: 1)
    /// A skeleton's shimmer position, −1 (left) to 1 (right), by skeleton id; at the left at rest.
    static func skeletonShimmer(_ id: String) -> PropertyKey {
        PropertyKey("dashboard.skeletons.\(id).shimmer", initial: -1)
    }
    /// A skeleton's pulse opacity, 0 to 1, by skeleton id; opaque at rest.
    static func skeletonPulse(_ id: String) -> PropertyKey {
        PropertyKey("dashboard.skeletons.\(id).pulse", initial: 1)
    }
    /// A dashboard card's opacity, 0 to 1; shown in a session that starts loaded.
    static func cardOpacity(_ card: DashboardCard) -> PropertyKey {
        PropertyKey("dashboard.cards.\(card.rawValue).opacity", initial: 1)
    }
    /// A dashboard card's vertical offset, in points; in place in a session that starts loaded.
    static func cardOffsetY(_ card: DashboardCard) -> PropertyKey {
        PropertyKey("dashboard.cards.\(card.rawValue).offsetY", initial: 0)
    }
    /// A balance-card number (PhysicsNumberCounter) as shown, in the data's currency; the live value until it first
    /// counts, which the caller supplies (no declared initial).
    static func counter(_ counter: DashboardCounter) -> PropertyKey {
        PropertyKey("dashboard.counters.\(counter.rawValue)")
    }

    // MARK: Spending chart

    /// A chart axis.
    enum ChartAxis: String, Sendable {
        case x, y
    }

    /// The chart container's opacity, 0 to 1: the chart card's fade (the same property as `cardOpacity("chart")`).
    static let chartContainerOpacity = cardOpacity(.chart)
    /// The chart container's scale (1 at rest); drawn in a session that starts loaded.
    static let chartContainerScale = PropertyKey("chart.container.scale", initial: 1)
    /// The line's trim, 0 to 1; drawn in a session that starts loaded.
    static let chartLineTrim = PropertyKey("chart.line.trim", initial: 1)
    /// An axis's trim, 0 to 1; drawn in a session that starts loaded.
    static func chartAxisTrim(_ axis: ChartAxis) -> PropertyKey {
        PropertyKey("chart.axes.\(axis.rawValue).trim", initial: 1)
    }
    /// An axis's labels' reveal progress, 0 to 1; shown in a session that starts loaded.
    static func chartAxisLabels(_ axis: ChartAxis) -> PropertyKey {
        PropertyKey("chart.axes.\(axis.rawValue).labels", initial: 1)
    }
    /// Grid line i's opacity, 0 to 1; shown in a session that starts loaded.
    static func chartGridOpacity(_ i: Int) -> PropertyKey { PropertyKey("chart.grid.\(i).opacity", initial: 1) }
    /// Point i's appearance, 0 to 1; shown in a session that starts loaded.
    static func chartPointAppear(_ i: Int) -> PropertyKey { PropertyKey("chart.points.\(i).appear", initial: 1) }
    /// Point i's highlight scale (1 at its resting size).
    static func chartPointHighlight(_ i: Int) -> PropertyKey {
        PropertyKey("chart.points.\(i).highlight", initial: 1)
    }
    /// Point i's bounce scale (1 at its resting size).
    static func chartPointBounce(_ i: Int) -> PropertyKey { PropertyKey("chart.points.\(i).bounce", initial: 1) }
    /// The callout's opacity, 0 to 1; hidden until a first touch.
    static let chartCalloutOpacity = PropertyKey("chart.callout.opacity", initial: 0)
    /// The amount the callout shows, in the data's currency; the touched point's own amount until it first counts,
    /// which the caller supplies (no declared initial).
    static let chartCalloutValue = PropertyKey("chart.callout.value")
    /// The particle burst's progress, 0 to 1; over (1) when no burst ever started.
    static let chartBurstProgress = PropertyKey("chart.burst.progress", initial: 1)
}
