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
        },
        Method("ui.tap") { state, params, _ throws(RPCError) in
            let p = try Params(params, allowed: ["session", "target"])
            return try perform(&state, p, "ui.tap", .tap(target: try p.string("target")))
        },
        Method("ui.back") { state, params, _ throws(RPCError) in
            let p = try Params(params, allowed: ["session"])
            return try perform(&state, p, "ui.back", .back)
        },
        Method("ui.dismiss") { state, params, _ throws(RPCError) in
            let p = try Params(params, allowed: ["session"])
            return try perform(&state, p, "ui.dismiss", .dismiss)
        },
        Method("ui.present") { state, params, _ throws(RPCError) in
            let p = try Params(params, allowed: ["session", "sheet", "item"])
            return try perform(
                &state, p, "ui.present", .present(sheet: try p.string("sheet"), item: try p.optionalString("item")))
        },
        Method("ui.scroll") { state, params, _ throws(RPCError) in
            let p = try Params(params, allowed: ["session", "screen", "y"])
            let y = try p.number(
                "y", in: -1e7...1e7, expected: "points scrolled from the top (0 at rest, positive down)")
            return try perform(&state, p, "ui.scroll", .scroll(screen: try p.optionalString("screen"), y: y))
        },
    ]
}
