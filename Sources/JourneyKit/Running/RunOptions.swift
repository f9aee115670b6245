/// How journeys are run.
public struct RunOptions: Sendable {
    /// Sample animated values, haptics and announcements for the HTML report.
    public var collectTimeline = false
    /// Export each journey's haptics as an AHAP document (`haptics.export`) into its result.
    public var exportAHAP = false
    /// Rewrite golden trace files instead of comparing with them.
    public var updateGolden = false
    /// Stop taking new journeys after the first that does not pass (`--fail-fast`); those not run are left out
    /// of the results.
    public var failFast = false
    /// How many trace events a failure shows.
    public var recentTraceCount = ConsoleReport.traceEventLimit

    public init() {}
}
