/// How journeys are run.
public struct RunOptions: Sendable {
    /// Sample animated values, haptics and announcements for the HTML report.
    public var collectTimeline = false
    /// Export each journey's haptics as an AHAP document (`haptics.export`) into its result.
    public var exportAHAP = false
    /// Export each journey's session (`session.export`) into its result, to draw its screen afterwards
    /// (``ScreenFilm``: `journey film`, the HTML report's screens).
    public var keepSnapshot = false
    /// Draw the screen where a journey failed (`screen.render`) into its result (`journey run --screens DIR`).
    public var screenOnFailure = false
    /// Rewrite golden trace files instead of comparing with them.
    public var updateGolden = false
    /// Stop taking new journeys after the first that does not pass (`--fail-fast`); those not run are left out
    /// of the results.
    public var failFast = false
    /// Keep each journey's whole trace in its outcome (``JourneyRunner/Outcome/trace``), to compare runs
    /// (`--repeat`); without it the trace is not asked for.
    public var keepTrace = false
    /// How many trace events a failure shows.
    public var recentTraceCount = ConsoleReport.traceEventLimit

    public init() {}
}
