import ChoreoEngine
import ChoreoJSON

/// The engine tests' own app: a screen with nothing on it, so that what a test sees is the engine's alone (the clock,
/// the lab, the recorders) and no real app's timers or animations. It answers every action -32005.
struct LabOnlyApp: AppModel {
    static let appName = "labOnly"
    static let stateSchema = [StateField("screen", .text, "Always `empty`.")]
    static let traceEvents: [TraceEventKind] = []
    static let hapticSources: [HapticSource] = []
    static let auditEntries: [MotionAudit.Entry] = []
    static let actionResults: [any ActionResult.Type] = []

    init(data: [String: JSONValue], world: inout World) throws(SimulationError) {}

    mutating func apply(_ action: Action, world: inout World) throws(SimulationError) -> any ActionResult {
        throw .unsupportedAction(action.methodName, app: Self.appName)
    }

    mutating func handle(_ timer: ScheduledTimer, world: inout World) {}

    func stateNode(world: World, key: String) -> (any StateValue)? { key == "screen" ? "empty" : nil }
}

extension Simulation {
    /// A session of the engine tests' own app.
    static func labOnly(_ config: SessionConfig = .idealPhysics) throws -> Simulation {
        try Simulation(config: config, apps: AppRegistry([LabOnlyApp.self]))
    }
}
