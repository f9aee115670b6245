import ChoreoJSON
import ChoreoMotion

/// The motion audit: every animation the apps define, with its completion times and overshoot computed from the
/// physics, checked against the budgets the designs state — so a claim the physics contradicts shows up.
public enum MotionAudit {
    /// A stated budget.
    public enum Budget: Sendable, Hashable {
        /// Settles (within 0.1% with negligible velocity) within this many milliseconds.
        case settlesWithin(Double)
        /// Logically complete (spring: its response; curve: its duration) within this many milliseconds.
        case logicallyCompleteWithin(Double)
        /// Overshoots its target by at most this fraction of the change (0: no bounce).
        case overshootAtMost(Double)
        /// A spring's damping fraction lies in this range.
        case dampingFractionIn(ClosedRange<Double>)
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

        public static func == (lhs: Entry, rhs: Entry) -> Bool { lhs.app == rhs.app && lhs.name == rhs.name }
        public func hash(into hasher: inout Hasher) {
            hasher.combine(app)
            hasher.combine(name)
        }
    }

    /// Every animation of both apps (or one), with the design's own budgets.
    public static func entries(app: String?) -> [Entry] {
        let seed000 = "seed 000"
        let seed004 = "seed 004"
        let all: [Entry] = [
            Entry(
                app: "finpessoal", name: "heroTransition", curve: .spring(response: 0.4, dampingFraction: 0.8),
                source: "\(seed000) AnimationEngine.heroTransition",
                budgets: [
                    (
                        .logicallyCompleteWithin(400),
                        "\(seed000): \"400ms spring animation (response: 0.4, damping: 0.8)\""
                    ),
                    (
                        .settlesWithin(400),
                        "\(seed000): \"400ms spring animation\" read as the time the card comes to rest"
                    ),
                    (.dampingFractionIn(0.7...0.8), "\(seed000): \"Springs: Gentle (damping 0.7-0.8)\""),
                ]),
            Entry(
                app: "finpessoal", name: "heroTransition.reduced", curve: .linear(0.25),
                source: "\(seed000) mode table",
                budgets: [(.logicallyCompleteWithin(250), "\(seed000): \"Simple scale (250ms)\"")]),
            Entry(
                app: "finpessoal", name: "heroTransition.minimal", curve: .linear(0.1), source: "\(seed000) mode table",
                budgets: [(.logicallyCompleteWithin(100), "\(seed000): \"Instant crossfade (100ms)\"")]),
            Entry(
                app: "finpessoal", name: "celebrationPulse", curve: .spring(response: 0.6, dampingFraction: 0.7),
                source: "\(seed000) AnimationEngine.celebrationPulse",
                budgets: [
                    (.logicallyCompleteWithin(600), "\(seed000): \"Pulse (600ms)\""),
                    (.settlesWithin(600), "\(seed000): \"Pulse (600ms)\" read as the time the pulse comes to rest"),
                    (.dampingFractionIn(0.7...0.8), "\(seed000): \"Springs: Gentle (damping 0.7-0.8)\""),
                ]),
            Entry(
                app: "finpessoal", name: "celebrationGlow", curve: .easeInOut(0.8),
                source: "\(seed000) celebrationGlow",
                budgets: [(.logicallyCompleteWithin(800), "\(seed000): \"Glow (800ms)\"")]),
            Entry(
                app: "finpessoal", name: "celebrationFade", curve: .easeOut(0.4), source: "\(seed000) celebrationFade",
                budgets: [(.logicallyCompleteWithin(400), "\(seed000): \"Fade out (400ms)\"")]),
            Entry(
                app: "finpessoal", name: "gradientShift",
                curve: AnimationCurve.linear(3).repeatingForever(autoreverses: false),
                source: "\(seed000) AnimationEngine.gradientShift", budgets: []),
            Entry(
                app: "finpessoal", name: "navBlur", curve: .linear(0.15),
                source: "seed 002 ScrollBlurNavigationModifier",
                budgets: [(.logicallyCompleteWithin(150), "seed 002: \"Full Mode: 150ms linear animation\"")]),
            Entry(
                app: "finpessoal", name: "navBlur.reduced", curve: .linear(0.1),
                source: "seed 002 ScrollBlurNavigationModifier",
                budgets: [(.logicallyCompleteWithin(100), "seed 002: \"Reduced Mode: 100ms linear animation\"")]),
            Entry(
                app: "finpessoal", name: "sheetPresentation", curve: .spring(response: 0.5, dampingFraction: 1.0),
                source: "Choreo decision (seed 002: \"smooth animations\")", budgets: []),
            Entry(
                app: "finpessoal", name: "screenTransition", curve: .easeInOut(0.35), source: "Choreo decision",
                budgets: []),
            Entry(
                app: "airfit", name: "glassCard.120fps", curve: .interpolatingSpring(stiffness: 130, damping: 12),
                source: "\(seed004) GlassCard / Animation Philosophy",
                budgets: [
                    (.settlesWithin(400), "\(seed004): \"Animation Timing: All springs complete within 400ms\""),
                    (.overshootAtMost(0.001), "\(seed004): \"Damping 12: Natural settling without bounce\""),
                    (.logicallyCompleteWithin(400), "\(seed004): \"Card entrances: Spring (≈0.4s)\""),
                ]),
            Entry(
                app: "airfit", name: "glassCard.60fps", curve: .interpolatingSpring(stiffness: 130, damping: 10.5),
                source: "\(seed004) ProMotion Adaptation",
                budgets: [
                    (.settlesWithin(400), "\(seed004): \"Animation Timing: All springs complete within 400ms\""),
                    (.overshootAtMost(0.001), "\(seed004): \"Adjust spring settling for 60Hz devices\" without bounce"),
                    (.logicallyCompleteWithin(400), "\(seed004): \"Card entrances: Spring (≈0.4s)\""),
                ]),
            standardSpringEntry("metricRing", "\(seed004) MetricRing (progress = value/goal, animated)"),
            standardSpringEntry("parallaxContainer", "\(seed004) ParallaxContainer (±4pt device-motion parallax)"),
            standardSpringEntry("dragDismissSheet", "\(seed004) DragDismissSheet presentation and spring-back"),
            Entry(
                app: "airfit", name: "gradientCrossfade", curve: .easeInOut(0.6),
                source: "\(seed004) GradientManager.advance",
                budgets: [(.logicallyCompleteWithin(600), "\(seed004): \"Gradient cross-fades: 0.6s easeInOut\"")]),
            Entry(
                app: "airfit", name: "cascadeText", curve: .easeOut(CascadeText.glyphDuration),
                source: "\(seed004) MotionToken / CascadeText (per glyph, after its stagger)",
                budgets: [
                    (
                        .logicallyCompleteWithin(600 - CascadeText.stagger * 1000),
                        "\(seed004): \"Total animation duration: 0.6s\" with a 0.012 s stagger"
                    )
                ]),
            Entry(
                app: "airfit", name: "screenTransition", curve: .easeInOut(0.6),
                source: "\(seed004) Screen Transitions",
                budgets: [(.logicallyCompleteWithin(600), "\(seed004): \"Content transitions: 0.6s easeInOut\"")]),
            Entry(
                app: "airfit", name: "flareButton", curve: .easeOut(0.3), source: "\(seed004) FlareButton",
                budgets: [(.logicallyCompleteWithin(300), "\(seed004): \"Micro-interactions: 0.12s - 0.3s easeOut\"")]),
            Entry(
                app: "airfit", name: "micRipple",
                curve: AnimationCurve.easeOut(1.5).repeatingForever(autoreverses: false),
                source: "\(seed004) MicRippleView", budgets: []),
        ]
        return all.filter { app == nil || $0.app == app }
    }

    /// An AirFit element that moves on the standard spring (at 120 fps; 60 fps tuning is glassCard.60fps).
    static func standardSpringEntry(_ name: String, _ source: String) -> Entry {
        Entry(
            app: "airfit", name: name, curve: .interpolatingSpring(stiffness: 130, damping: 12), source: source,
            budgets: [
                (.settlesWithin(400), "seed 004: \"Animation Timing: All springs complete within 400ms\""),
                (.overshootAtMost(0.001), "seed 004: \"Damping 12: Natural settling without bounce\""),
            ])
    }

    /// An entry's figures and the verdict on each budget (its own and `extra`).
    public static func evaluate(_ entry: Entry, extra: [(budget: Budget, claim: String)] = []) -> JSONValue {
        let curve = entry.curve.curve
        let infinite = entry.curve.isInfinite
        let logicalMs = curve.logicallyCompleteTime * 1000
        let settleMs = curve.settleTime * 1000
        var overshoot = (fraction: 0.0, time: 0.0)
        var dampingFraction: Double? = nil
        if case .spring(let spring, let velocity) = curve {
            overshoot = SpringMotion(spring: spring, initialDisplacement: -1, initialVelocity: velocity).overshoot
            dampingFraction = spring.dampingRatio
        }
        var verdicts: [JSONValue] = []
        var passedAll = true
        for (budget, claim) in infinite ? [] : entry.budgets + extra {
            let (name, limit, actual, passed): (String, Double, Double?, Bool)
            switch budget {
            case .settlesWithin(let ms):
                (name, limit, actual, passed) = ("settlesWithin", ms, settleMs, settleMs <= ms + 1e-6)
            case .logicallyCompleteWithin(let ms):
                (name, limit, actual, passed) = ("logicallyCompleteWithin", ms, logicalMs, logicalMs <= ms + 1e-6)
            case .overshootAtMost(let fraction):
                (name, limit, actual, passed) = (
                    "overshootAtMost", fraction, overshoot.fraction, overshoot.fraction <= fraction
                )
            case .dampingFractionIn(let range):
                let value = dampingFraction ?? 1
                (name, limit, actual, passed) = ("dampingFractionIn", range.lowerBound, value, range.contains(value))
            }
            passedAll = passedAll && passed
            var verdict: [String: JSONValue] = [
                "budget": .string(name), "claim": .string(claim), "limit": .number(limit),
                "actual": actual.map { .number($0) } ?? .null, "passed": .bool(passed),
            ]
            if case .dampingFractionIn(let range) = budget {
                verdict["limit"] = [.number(range.lowerBound), .number(range.upperBound)]
            }
            if !passed {
                verdict["detail"] = .string(
                    detail(budget, entry: entry, settleMs: settleMs, logicalMs: logicalMs, overshoot: overshoot))
            }
            verdicts.append(.object(verdict))
        }
        var object: [String: JSONValue] = [
            "app": .string(entry.app), "name": .string(entry.name), "source": .string(entry.source),
            "curve": entry.curve.json, "infinite": .bool(infinite),
            "logicallyCompleteMs": infinite ? .null : .number(logicalMs),
            "settleMs": infinite ? .null : .number(settleMs),
            "overshoot": ["fraction": .number(overshoot.fraction), "atMs": .number(overshoot.time * 1000)],
            "budgets": .array(verdicts), "passed": .bool(passedAll),
        ]
        if let dampingFraction { object["dampingFraction"] = .number(dampingFraction) }
        return .object(object)
    }

    static func detail(
        _ budget: Budget, entry: Entry, settleMs: Double, logicalMs: Double, overshoot: (fraction: Double, time: Double)
    ) -> String {
        func n(_ v: Double) -> String { JSONValue.number(v).serialized() }
        switch budget {
        case .settlesWithin(let ms):
            return "settles at \(n(settleMs)) ms, \(n(settleMs - ms)) ms over the \(n(ms)) ms budget"
        case .logicallyCompleteWithin(let ms):
            return "logically complete at \(n(logicalMs)) ms, \(n(logicalMs - ms)) ms over the \(n(ms)) ms budget"
        case .overshootAtMost(let fraction):
            return
                "overshoots by \(n(overshoot.fraction * 100))% at \(n(overshoot.time * 1000)) ms (budget \(n(fraction * 100))%)"
        case .dampingFractionIn(let range):
            return "damping fraction is outside \(n(range.lowerBound))…\(n(range.upperBound))"
        }
    }
}
