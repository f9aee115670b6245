import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON

extension MethodTable {
    static let auditMethods = [motionAudit]

    /// A budget's verdict in `motion.audit`.
    private static let verdict = JSONSchema.object(
        properties: [
            "budget": .string(), "claim": .string(), "passed": .boolean(), "detail": .string(),
            "physics": .ref("Physics", "The physics the budget was judged under."),
        ], required: ["budget", "claim", "passed", "physics"])

    static let motionAudit = Method(
        outsideLock: "motion.audit",
        summary: "Audits every animation the apps define against the designs' own budgets.",
        description: """
            Lists each animation (both apps, or one by `app` or by the app of `session`) with its curve, \
            logical-completion and settle times (ms), overshoot (fraction of the change and when, ms), and a \
            verdict per budget the seeds state (e.g. seed 004's "all springs complete within 400 ms" and \
            "damping 12: no bounce", seed 000's "400ms spring"). `budgets` adds the caller's own limits to \
            every finite animation. Failed budgets carry `detail` with the numbers that break them. The top-level \
            figures and verdicts are the `ideal` physics (closed forms; settled within 0.1%); `swiftui` holds the \
            same under SwiftUI's runtime over a change of 0 → 1 from rest: `logicallyCompleteMs` unrounded (a \
            spring's response, 2π/√stiffness, a curve's duration), `logicallyCompleteFrameMs` and `settleMs` (the \
            removal frame) at 60 fps, `settleMs120` at 120 fps, `overshoot` (fluid springs on the 1/300 s grid), \
            and the verdicts judged on those (settle: removal at 60 fps; a timing curve's logical budget: the \
            frame it ends on). Every verdict names its `physics`; \
            `failures` are ideal's, `swiftuiFailures` swiftui's.
            """,
        params: Param.string(
            "session",
            "Audit this session's app. Checked even when `app` is given, which must then name the same app "
                + "(-32602 otherwise)."
        ).documented(as: .ref("SessionId")).optional,
        Param.string("app", "One app daemon.info lists (default: every app).").optional,
        Param.object("budgets", "Extra limits.", fields: AuditBudgets.parameter).optional,
        result: MethodResult(
            "audit",
            .object(
                properties: [
                    "animations": .array(
                        of: .object(
                            properties: [
                                "app": .string(), "name": .string(), "source": .string(),
                                "curve": .ref("CurveDescription"), "infinite": .boolean(),
                                "logicallyCompleteMs": .number().orNull(), "settleMs": .number().orNull(),
                                "overshoot": .object(properties: ["fraction": .number(), "atMs": .number()]),
                                "budgets": .array(of: verdict), "passed": .boolean(),
                                "passedUnderSwiftUI": .boolean(),
                                "swiftui": .object(
                                    properties: [
                                        "fps": .integer(), "logicallyCompleteMs": .number().orNull(),
                                        "logicallyCompleteFrameMs": .number().orNull(),
                                        "settleMs": .number().orNull(), "settleMs120": .number().orNull(),
                                        "overshoot": .object(properties: ["fraction": .number(), "atMs": .number()]),
                                        "budgets": .array(of: verdict), "passed": .boolean(),
                                    ],
                                    required: [
                                        "fps", "logicallyCompleteMs", "settleMs", "settleMs120", "overshoot",
                                        "budgets", "passed",
                                    ]),
                            ], required: ["app", "name", "curve", "budgets", "passed", "swiftui", "passedUnderSwiftUI"]
                        )), "total": .integer(),
                    "failed": .integer(), "failures": .array(of: .string()), "swiftuiFailed": .integer(),
                    "swiftuiFailures": .array(of: .string()),
                ], required: ["animations", "total", "failed", "failures", "swiftuiFailed", "swiftuiFailures"])),
        errors: [.unknownApp],
        examples: []
    ) { state, _, session, app, budgets throws(RPCError) in
        // The session is always checked, so a wrong or unknown one is an error even when `app` is given; when both
        // are given, `app` must name the session's own app.
        let sessionApp = try session.map { id throws(RPCError) in try state.slot(id).appName }
        let app = app ?? sessionApp
        if let app, state.apps.app(named: app) == nil {
            throw RPCError(.unknownApp(app, available: state.apps.names))
        }
        if let sessionApp, let app, app != sessionApp {
            throw .invalidParams("app", expected: "the app of `session` (\(sessionApp)) or absent")
        }
        let entries = state.apps.auditEntries(app: app)
        // Evaluated outside the daemon's lock: every curve is sampled to settling.
        return Method.Later { _ throws(RPCError) in
            let results = entries.map { MotionAudit.evaluate($0, extra: budgets?.extra ?? []) }
            let failed = results.filter { $0["passed"] == false }
            let failedUnderSwiftUI = results.filter { $0["passedUnderSwiftUI"] == false }
            return [
                "animations": .array(results), "total": .int(Int64(results.count)),
                "failed": .int(Int64(failed.count)), "failures": .array(failed.compactMap { $0["name"] }),
                "swiftuiFailed": .int(Int64(failedUnderSwiftUI.count)),
                "swiftuiFailures": .array(failedUnderSwiftUI.compactMap { $0["name"] }),
            ]
        }
    }
}
