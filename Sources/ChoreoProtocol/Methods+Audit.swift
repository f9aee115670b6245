import ChoreoApps
import ChoreoEngine
import ChoreoJSON

extension MethodTable {
    static let auditMethods: [Method] = [
        Method("motion.audit") { state, params, _ throws(RPCError) in
            let p = try Params(params, allowed: ["session", "app", "budgets"])
            // The session is always checked, so a wrong or unknown one is an error even when `app` is given; when both
            // are given, `app` must name the session's own app.
            let sessionApp = try p.optionalString("session").map { id throws(RPCError) in try state.session(id).appName
            }
            let app = try p.optionalString("app") ?? sessionApp
            if let app, !AppCatalog.names.contains(app) {
                throw RPCError(.unknownApp(app, available: AppCatalog.names))
            }
            if let sessionApp, let app, app != sessionApp {
                throw .invalidParams("app", expected: "the app of `session` (\(sessionApp)) or absent")
            }
            var extra: [(MotionAudit.Budget, String)] = []
            if p.has("budgets") {
                let b = try Params(
                    .object(try p.objectParam("budgets")), allowed: ["maxSettleMs", "maxLogicalMs", "maxOvershoot"],
                    prefix: "budgets")
                if let ms = try b.optionalNumber("maxSettleMs", in: 0...1e7, expected: "milliseconds ≥ 0") {
                    extra.append((.settlesWithin(ms), "caller: settles within \(JSONValue.number(ms).serialized()) ms"))
                }
                if let ms = try b.optionalNumber("maxLogicalMs", in: 0...1e7, expected: "milliseconds ≥ 0") {
                    extra.append(
                        (
                            .logicallyCompleteWithin(ms),
                            "caller: logically complete within \(JSONValue.number(ms).serialized()) ms"
                        ))
                }
                if let f = try b.optionalNumber("maxOvershoot", in: 0...10, expected: "a fraction of the change ≥ 0") {
                    extra.append((.overshootAtMost(f), "caller: overshoot at most \(JSONValue.number(f).serialized())"))
                }
            }
            let results = AppCatalog.auditEntries(app: app).map { MotionAudit.evaluate($0, extra: extra) }
            let failed = results.filter { $0["passed"] == false }
            return [
                "animations": .array(results), "total": .int(Int64(results.count)), "failed": .int(Int64(failed.count)),
                "failures": .array(failed.compactMap { $0["name"] }),
            ]
        }
    ]
}
