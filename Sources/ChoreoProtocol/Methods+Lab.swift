import ChoreoEngine
import ChoreoJSON

extension MethodTable {
    static func labName(_ p: Params) throws(RPCError) -> String {
        let name = try p.string("name")
        let ok =
            !name.isEmpty && name.utf8.count <= 64
            && name.utf8.allSatisfy {
                ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) || $0 == 95 || $0 == 45
            }
        guard ok else { throw .invalidParams("name", expected: "1 to 64 letters, digits, '_' or '-'") }
        return name
    }

    static func lab(
        _ state: inout DaemonState, _ p: Params, _ method: String, _ request: Lab.Request
    ) throws(RPCError) -> JSONValue {
        try state.withSession(try p.session()) { (sim: inout Simulation) throws(SimulationError) in
            sim.recordAction(method, params: p.object)
            return try sim.perform(request)
        }
    }

    static let labMethods: [Method] = [
        Method("lab.animate") { state, params, _ throws(RPCError) in
            let p = try Params(params, allowed: ["session", "name", "from", "to", "curve"])
            let name = try labName(p)
            guard let curveValue = p.object["curve"] else {
                throw .invalidParams("curve", expected: "present (it is required)")
            }
            let curve = try CurveParser.parse(curveValue, parameter: "curve")
            let request = Lab.Request.animate(
                name: name, from: try p.optionalNumber("from"), to: try p.number("to"), curve: curve)
            return try lab(&state, p, "lab.animate", request)
        },
        Method("lab.set") { state, params, _ throws(RPCError) in
            let p = try Params(params, allowed: ["session", "name", "value"])
            return try lab(&state, p, "lab.set", .set(name: try labName(p), value: try p.number("value")))
        },
        Method("lab.timer") { state, params, _ throws(RPCError) in
            let p = try Params(params, allowed: ["session", "name", "afterMs", "haptic"])
            let haptic = p.has("haptic") ? try p.choice("haptic", as: HapticStyle.self) : nil
            let request = Lab.Request.timer(name: try labName(p), after: try p.milliseconds("afterMs"), haptic: haptic)
            return try lab(&state, p, "lab.timer", request)
        },
        Method("lab.haptic") { state, params, _ throws(RPCError) in
            let p = try Params(params, allowed: ["session", "style"])
            return try lab(&state, p, "lab.haptic", .haptic(try p.choice("style", as: HapticStyle.self)))
        },
        Method("lab.announce") { state, params, _ throws(RPCError) in
            let p = try Params(params, allowed: ["session", "text"])
            return try lab(&state, p, "lab.announce", .announce(try p.string("text")))
        },
    ]
}
