import ChoreoEngine
import ChoreoJSON
import FinPessoal

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
            let p = try Params(params, allowed: ["session", "target", "point"])
            let point =
                p.has("point") ? Int(try p.integer("point", in: 0...100_000, expected: "a data point index ≥ 0")) : nil
            return try perform(&state, p, "ui.tap", .tap(target: try p.string("target"), point: point))
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
        Method("ui.pull") { state, params, _ throws(RPCError) in
            let p = try Params(params, allowed: ["session", "distance"])
            let distance = try p.number(
                "distance", in: 0...10_000, expected: "the finger's pull distance in points, ≥ 0")
            return try perform(&state, p, "ui.pull", .pull(distance: distance))
        },
        Method("ui.release") { state, params, _ throws(RPCError) in
            let p = try Params(params, allowed: ["session"])
            return try perform(&state, p, "ui.release", .release)
        },
        Method("ui.touch") { state, params, _ throws(RPCError) in
            let p = try Params(params, allowed: ["session", "target", "x"])
            let x = try p.number("x", in: 0...1, expected: "the position across the target, 0 to 1")
            return try perform(&state, p, "ui.touch", .touch(target: try p.string("target"), x: x))
        },
        Method("ui.drag") { state, params, _ throws(RPCError) in
            let p = try Params(params, allowed: ["session", "target", "x", "y", "velocity"])
            let x = try p.optionalNumber("x", in: 0...1, expected: "the position across the target, 0 to 1")
            let y = try p.optionalNumber("y", in: -1e5...1e5, expected: "a vertical offset in points")
            let velocity = try p.optionalNumber("velocity", in: -1e6...1e6, expected: "points per second")
            return try perform(
                &state, p, "ui.drag", .drag(target: try p.optionalString("target"), x: x, y: y, velocity: velocity))
        },
        Method("ui.deviceMotion") { state, params, _ throws(RPCError) in
            let p = try Params(params, allowed: ["session", "pitch", "roll", "rotationRate"])
            let pitch = try p.number("pitch", in: -180...180, expected: "degrees of pitch, -180 to 180")
            let roll = try p.number("roll", in: -180...180, expected: "degrees of roll, -180 to 180")
            let rate = try p.optionalNumber("rotationRate", in: -1e5...1e5, expected: "degrees per second")
            return try perform(
                &state, p, "ui.deviceMotion", .deviceMotion(pitch: pitch, roll: roll, rotationRate: rate))
        },
        Method("app.finishLoading") { state, params, _ throws(RPCError) in
            let p = try Params(params, allowed: ["session", "ok"])
            return try perform(
                &state, p, "app.finishLoading",
                .command(FinPessoalCommand.finishLoading(ok: try p.optionalBool("ok") ?? true)))
        },
        Method("app.contribute") { state, params, _ throws(RPCError) in
            let p = try Params(params, allowed: ["session", "goal", "amount"])
            let amount = try p.number("amount", in: -1e12...1e12, expected: "an amount of money")
            return try perform(
                &state, p, "app.contribute",
                .command(FinPessoalCommand.contribute(goal: try p.string("goal"), amount: amount)))
        },
        Method("app.closeBudgetPeriod") { state, params, _ throws(RPCError) in
            let p = try Params(params, allowed: ["session", "budget"])
            return try perform(
                &state, p, "app.closeBudgetPeriod",
                .command(FinPessoalCommand.closeBudgetPeriod(budget: try p.string("budget"))))
        },
        Method("app.setSavings") { state, params, _ throws(RPCError) in
            let p = try Params(params, allowed: ["session", "amount"])
            let amount = try p.number("amount", in: -1e12...1e12, expected: "an amount of money")
            return try perform(&state, p, "app.setSavings", .command(FinPessoalCommand.setSavings(amount: amount)))
        },
    ]
}
