import ChoreoJSON
import ChoreoMotion

/// The motion audit: every animation the apps define, with its completion times and overshoot computed from the
/// physics, checked against the budgets the designs state — so a claim the physics contradicts shows up.
public enum MotionAudit {
    /// A stated budget.
    public enum Budget: Sendable, Hashable {
        /// Settles (within 0.1% with negligible velocity) within this many milliseconds.
        case settlesWithin(Double)
        /// Logically complete (spring: its response; curve: its duration; under `swiftui` a timing curve on the frame
        /// it ends on) within this many milliseconds.
        case logicallyCompleteWithin(Double)
        /// Overshoots its target by at most this fraction of the change (0: no bounce).
        case overshootAtMost(Double)
        /// A spring's damping fraction lies in this range.
        case dampingFractionIn(ClosedRange<Double>)
        /// A claim of the design checked by the app against its own figures (not read off the curve): `name`
        /// reports as the budget, `limit` what the claim allows, `actual` what the model does, and `detail` says why
        /// when it fails (e.g. a comment that contradicts the formula it annotates).
        case finding(name: String, limit: Double, actual: Double, passed: Bool, detail: String)
    }

    /// An animation an app defines.
    public struct Entry: Sendable, Hashable {
        public var app: String
        public var name: String
        public var curve: AnimationCurve
        /// Where the design defines it.
        public var source: String
        /// The design's budgets, each with the words that state it.
        public var budgets: [(budget: Budget, claim: String)]

        public init(
            app: String, name: String, curve: AnimationCurve, source: String,
            budgets: [(budget: Budget, claim: String)]
        ) {
            self.app = app
            self.name = name
            self.curve = curve
            self.source = source
            self.budgets = budgets
        }

        public static func == (lhs: Entry, rhs: Entry) -> Bool { lhs.app == rhs.app && lhs.name == rhs.name }
        public func hash(into hasher: inout Hasher) {
            hasher.combine(app)
            hasher.combine(name)
        }
    }

    /// The frame rate of the `swiftui` figures' `settleMs` and `logicallyCompleteFrameMs` (`settleMs120`: at 120).
    public static let swiftUIFPS = 60

    /// An animation's figures under one physics, over a change of 0 → 1 from rest (milliseconds).
    struct Figures {
        var logicalMs: Double
        var settleMs: Double
        var overshoot: (fraction: Double, time: Double)
        var dampingFraction: Double?
    }

    /// An entry's figures and the verdict on each budget (its own and `extra`): the closed forms (`ideal`) at the
    /// top level, and SwiftUI's runtime (`swiftui`: logical completion unrounded, removal at 60 and 120 fps) in
    /// `swiftui`, each verdict naming the physics it was judged under.
    public static func evaluate(_ entry: Entry, extra: [(budget: Budget, claim: String)] = []) -> JSONValue {
        let curve = entry.curve.curve
        let infinite = entry.curve.isInfinite
        // Times count from the call, so a delayed curve (a glyph after its stagger) includes its delay.
        let delay = entry.curve.delay.seconds
        var dampingFraction: Double? = nil
        var overshoot = (fraction: 0.0, time: 0.0)
        if case .spring(let spring, let velocity) = curve {
            overshoot = SpringMotion(spring: spring, initialDisplacement: -1, initialVelocity: velocity).overshoot
            if overshoot.fraction > 0 { overshoot.time += delay }
            dampingFraction = spring.dampingRatio
        }
        let ideal = Figures(
            logicalMs: (delay + curve.logicallyCompleteTime) * 1000, settleMs: (delay + curve.settleTime) * 1000,
            overshoot: overshoot, dampingFraction: dampingFraction)
        let budgets = infinite ? [] : entry.budgets + extra
        let (verdicts, passedAll) = judge(budgets, entry: entry, figures: ideal, physics: "ideal")
        var object: [String: JSONValue] = [
            "app": .string(entry.app), "name": .string(entry.name), "source": .string(entry.source),
            "curve": entry.curve.json, "infinite": .bool(infinite),
            "logicallyCompleteMs": infinite ? .null : .number(ideal.logicalMs),
            "settleMs": infinite ? .null : .number(ideal.settleMs),
            "overshoot": ["fraction": .number(overshoot.fraction), "atMs": .number(overshoot.time * 1000)],
            "budgets": .array(verdicts), "passed": .bool(passedAll),
        ]
        if let dampingFraction { object["dampingFraction"] = .number(dampingFraction) }
        object["swiftui"] = swiftUI(entry, budgets: budgets, dampingFraction: dampingFraction, delay: delay)
        object["passedUnderSwiftUI"] = object["swiftui"]?["passed"] ?? .bool(true)
        return .object(object)
    }

    /// The `swiftui` object: the runtime's figures and the verdicts under them.
    static func swiftUI(
        _ entry: Entry, budgets: [(budget: Budget, claim: String)], dampingFraction: Double?, delay: Double
    ) -> JSONValue {
        guard !entry.curve.isInfinite else {
            return [
                "fps": .int(Int64(swiftUIFPS)), "logicallyCompleteMs": .null, "logicallyCompleteFrameMs": .null,
                "settleMs": .null, "settleMs120": .null, "overshoot": ["fraction": 0, "atMs": 0], "budgets": [],
                "passed": true,
            ]
        }
        let animation = entry.curve.swiftUIAnimation
        // Times count from the call, as the ideal figures do: a delayed curve includes its delay, and its frames
        // are the call's (the render loop does not restart for a delay).
        let at60 = animation.figures(fps: swiftUIFPS, delay: delay)
        let at120 = animation.figures(fps: 120, delay: delay)
        func ms(_ seconds: Double?) -> JSONValue { seconds.map { .number($0 * 1000) } ?? .null }
        var overshoot = at60.overshoot
        if overshoot.fraction > 0 { overshoot.time += delay }
        let logicalMs = (delay + at60.logicalTime) * 1000
        // A timing curve is judged on the frame it ends on (issue 44 #7): SwiftUI marks it complete on its removal
        // frame, never earlier, so a 600 ms budget holds only if that frame is within it.
        var judgedLogicalMs = logicalMs
        if case .timing = entry.curve.curve, let frame = at60.logicalFrameTime { judgedLogicalMs = frame * 1000 }
        let figures = Figures(
            logicalMs: judgedLogicalMs, settleMs: (at60.removalTime ?? .infinity) * 1000,
            overshoot: overshoot, dampingFraction: dampingFraction)
        let (verdicts, passed) = judge(budgets, entry: entry, figures: figures, physics: "swiftui")
        return [
            "fps": .int(Int64(swiftUIFPS)), "logicallyCompleteMs": .number(logicalMs),
            "logicallyCompleteFrameMs": ms(at60.logicalFrameTime), "settleMs": ms(at60.removalTime),
            "settleMs120": ms(at120.removalTime),
            "overshoot": ["fraction": .number(overshoot.fraction), "atMs": .number(overshoot.time * 1000)],
            "budgets": .array(verdicts), "passed": .bool(passed),
        ]
    }

    /// The verdict on each budget under one physics's figures, and whether all passed.
    static func judge(
        _ budgets: [(budget: Budget, claim: String)], entry: Entry, figures: Figures, physics: String
    ) -> (verdicts: [JSONValue], passed: Bool) {
        var verdicts: [JSONValue] = []
        var passedAll = true
        for (budget, claim) in budgets {
            let (name, limit, actual, passed): (String, Double, Double?, Bool)
            switch budget {
            case .settlesWithin(let ms):
                (name, limit, actual, passed) = (
                    "settlesWithin", ms, figures.settleMs, figures.settleMs <= ms + 1e-6
                )
            case .logicallyCompleteWithin(let ms):
                (name, limit, actual, passed) = (
                    "logicallyCompleteWithin", ms, figures.logicalMs, figures.logicalMs <= ms + 1e-6
                )
            case .overshootAtMost(let fraction):
                (name, limit, actual, passed) = (
                    "overshootAtMost", fraction, figures.overshoot.fraction, figures.overshoot.fraction <= fraction
                )
            case .dampingFractionIn(let range):
                let value = figures.dampingFraction ?? 1
                (name, limit, actual, passed) = ("dampingFractionIn", range.lowerBound, value, range.contains(value))
            case .finding(let finding, let findingLimit, let findingActual, let findingPassed, _):
                (name, limit, actual, passed) = (finding, findingLimit, findingActual, findingPassed)
            }
            passedAll = passedAll && passed
            var verdict: [String: JSONValue] = [
                "budget": .string(name), "claim": .string(claim), "limit": .number(limit),
                "actual": actual.map { .number($0) } ?? .null, "passed": .bool(passed), "physics": .string(physics),
            ]
            if case .dampingFractionIn(let range) = budget {
                verdict["limit"] = [.number(range.lowerBound), .number(range.upperBound)]
            }
            if !passed {
                verdict["detail"] = .string(
                    detail(
                        budget, entry: entry, settleMs: figures.settleMs, logicalMs: figures.logicalMs,
                        overshoot: figures.overshoot, physics: physics))
            }
            verdicts.append(.object(verdict))
        }
        return (verdicts, passedAll)
    }

    static func detail(
        _ budget: Budget, entry: Entry, settleMs: Double, logicalMs: Double,
        overshoot: (fraction: Double, time: Double), physics: String = "ideal"
    ) -> String {
        func n(_ v: Double) -> String { JSONValue.number(v).serialized() }
        switch budget {
        case .settlesWithin(let ms):
            if physics == "swiftui" {
                return
                    "removed at \(n(settleMs)) ms at \(swiftUIFPS) fps, \(n(settleMs - ms)) ms over the \(n(ms)) ms budget"
            }
            return "settles at \(n(settleMs)) ms, \(n(settleMs - ms)) ms over the \(n(ms)) ms budget"
        case .logicallyCompleteWithin(let ms):
            if physics == "swiftui", case .timing = entry.curve.curve {
                return "ends on the frame at \(n(logicalMs)) ms at \(swiftUIFPS) fps, \(n(logicalMs - ms)) ms over the "
                    + "\(n(ms)) ms budget"
            }
            return "logically complete at \(n(logicalMs)) ms, \(n(logicalMs - ms)) ms over the \(n(ms)) ms budget"
        case .overshootAtMost(let fraction):
            return
                "overshoots by \(n(overshoot.fraction * 100))% at \(n(overshoot.time * 1000)) ms (budget \(n(fraction * 100))%)"
        case .dampingFractionIn(let range):
            return "damping fraction is outside \(n(range.lowerBound))…\(n(range.upperBound))"
        case .finding(_, _, _, _, let detail):
            return detail
        }
    }
}
