import ChoreoEngine
import ChoreoJSON

/// The engine tests' own app: a screen with nothing on it, so that what a test sees is the engine's alone (the clock,
/// the lab, the recorders) and no real app's timers or animations. It answers every action -32005.
struct LabOnlyApp: AppModel {
    static let appName = "labOnly"
    static let features = [
        Feature<LabOnlyApp>(
            "screen", state: [StateProperty(StateField("screen", .text, "Always `empty`.")) { _ in "empty" }])
    ]

    init(data: [String: JSONValue], world: inout World) throws(SimulationError) {}

    mutating func apply(_ action: Action, world: inout World) throws(SimulationError) -> any ActionResult {
        throw .unsupportedAction(action.methodName, app: Self.appName)
    }

    mutating func handle(_ timer: ScheduledTimer, world: inout World) {}
}

extension Simulation {
    /// A session of the engine tests' own app.
    static func labOnly(_ config: SessionConfig = .idealPhysics) throws -> Simulation {
        try Simulation(config: config, apps: AppRegistry([LabOnlyApp.self]))
    }
}
