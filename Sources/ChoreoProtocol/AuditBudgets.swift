import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON

/// `motion.audit`'s `budgets`: limits the caller adds to every animation's own.
struct AuditBudgets: Sendable {
    /// The budgets with the claim each states in the audit.
    var extra: [(budget: MotionAudit.Budget, claim: String)]

    /// The members, declared once.
    static let parameter = Param.group(
        Param.number(
            "maxSettleMs", "Every animation settles within this many milliseconds.", in: 0...1e7,
            expected: "milliseconds ≥ 0"
        ).describingSchema.optional,
        Param.number(
            "maxLogicalMs", "Every animation is logically complete within this many milliseconds.", in: 0...1e7,
            expected: "milliseconds ≥ 0"
        ).describingSchema.optional,
        Param.number(
            "maxOvershoot", "Every animation overshoots its target by at most this fraction of the change.",
            in: 0...10, expected: "a fraction of the change ≥ 0"
        ).describingSchema.optional
    ) { maxSettleMs, maxLogicalMs, maxOvershoot in
        var extra: [(budget: MotionAudit.Budget, claim: String)] = []
        if let ms = maxSettleMs {
            extra.append((.settlesWithin(ms), "caller: settles within \(JSONValue.number(ms).serialized()) ms"))
        }
        if let ms = maxLogicalMs {
            extra.append(
                (
                    .logicallyCompleteWithin(ms),
                    "caller: logically complete within \(JSONValue.number(ms).serialized()) ms"
                ))
        }
        if let f = maxOvershoot {
            extra.append((.overshootAtMost(f), "caller: overshoot at most \(JSONValue.number(f).serialized())"))
        }
        return AuditBudgets(extra: extra)
    }
}
