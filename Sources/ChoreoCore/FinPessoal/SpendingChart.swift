import ChoreoJSON

/// The dashboard's SpendingTrendsChart under its ChartAnimationCoordinator (seed 003). Placeholder: filled in by
/// the dashboard-loading work (issue 6).
struct SpendingChart: Sendable, Hashable {
    /// The chart's target on the dashboard.
    static let target = "dashboard/chart"

    /// Whether a finger is on the chart.
    var isTouching: Bool { false }

    mutating func touch(x: Double, data: FinData, world: inout World) throws(SimulationError) -> JSONValue {
        throw .unsupportedAction("ui.touch", app: FinPessoalApp.appName)
    }

    mutating func drag(x: Double, data: FinData, world: inout World) throws(SimulationError) -> JSONValue {
        throw .unsupportedAction("ui.drag", app: FinPessoalApp.appName)
    }

    mutating func release(world: inout World) -> JSONValue { [:] }

    mutating func tap(point: Int, data: FinData, world: inout World) throws(SimulationError) -> JSONValue {
        throw .unsupportedAction("ui.tap", app: FinPessoalApp.appName)
    }

    mutating func handle(_ timer: AppTimer, world: inout World) {}

    func state(data: FinData, world: World) -> JSONValue { [:] }
}
