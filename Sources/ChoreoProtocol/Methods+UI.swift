import ChoreoCore
import ChoreoJSON

extension MethodTable {
    static func perform(
        _ state: inout DaemonState, _ p: Params, _ method: String, _ action: Action
    ) throws(RPCError) -> JSONValue {
        try state.withSession(try p.session()) { (sim: inout Simulation) throws(SimulationError) in
            sim.recordAction(method, params: p.object)
            return try sim.perform(action)
        }
    }

    static let uiMethods: [Method] = [
        Method("ui.navigate") { state, params, _ throws(RPCError) in
            let p = try Params(params, allowed: ["session", "screen"])
            return try perform(&state, p, "ui.navigate", .navigate(screen: try p.string("screen")))
        }
    ]
}
