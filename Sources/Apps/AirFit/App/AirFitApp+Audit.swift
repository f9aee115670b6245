import ChoreoEngine
import ChoreoJSON
import ChoreoMotion

extension AirFitApp {
    /// Every animation AirFit defines, with seed 004's own budgets, for `motion.audit`.
    public static var auditEntries: [MotionAudit.Entry] {
        let seed004 = "seed 004"
        return [
            MotionAudit.Entry(
                app: "airfit", name: "glassCard.120fps", curve: .interpolatingSpring(stiffness: 130, damping: 12),
                source: "\(seed004) GlassCard / Animation Philosophy",
                budgets: [
                    (.settlesWithin(400), "\(seed004): \"Animation Timing: All springs complete within 400ms\""),
                    (.overshootAtMost(0.001), "\(seed004): \"Damping 12: Natural settling without bounce\""),
                    (.logicallyCompleteWithin(400), "\(seed004): \"Card entrances: Spring (≈0.4s)\""),
                ]),
            MotionAudit.Entry(
                app: "airfit", name: "glassCard.60fps", curve: .interpolatingSpring(stiffness: 130, damping: 10.5),
                source: "\(seed004) ProMotion Adaptation",
                budgets: [
                    (.settlesWithin(400), "\(seed004): \"Animation Timing: All springs complete within 400ms\""),
                    (.overshootAtMost(0.001), "\(seed004): \"Adjust spring settling for 60Hz devices\" without bounce"),
                    (.logicallyCompleteWithin(400), "\(seed004): \"Card entrances: Spring (≈0.4s)\""),
                    sixtyHertzTuningFinding,
                ]),
            standardSpringEntry("metricRing", fps: 120, "\(seed004) MetricRing (progress = value/goal, animated)"),
            standardSpringEntry("metricRing", fps: 60, "\(seed004) MetricRing (progress = value/goal, animated)"),
            standardSpringEntry(
                "parallaxContainer", fps: 120, "\(seed004) ParallaxContainer (±4pt device-motion parallax)"),
            standardSpringEntry(
                "parallaxContainer", fps: 60, "\(seed004) ParallaxContainer (±4pt device-motion parallax)"),
            sheetPresentationEntry(fps: 120),
            sheetPresentationEntry(fps: 60),
            sheetSpringBackEntry(fps: 120),
            sheetSpringBackEntry(fps: 60),
            MotionAudit.Entry(
                app: "airfit", name: "gradientCrossfade", curve: .easeInOut(0.6),
                source: "\(seed004) GradientManager.advance",
                budgets: [(.logicallyCompleteWithin(600), "\(seed004): \"Gradient cross-fades: 0.6s easeInOut\"")]),
            cascadeLiteralEntry,
            MotionAudit.Entry(
                app: "airfit", name: "cascadeText.model",
                curve: .easeOut(CascadeText.glyphDuration).delayed(by: .milliseconds(12)),
                source: "\(seed004) CascadeText as modelled: the last glyph, after the largest stagger (12 ms), "
                    + "runs 0.6 − 0.012 s",
                budgets: [(.logicallyCompleteWithin(600), "\(seed004): \"Total animation duration: 0.6s\"")]),
            MotionAudit.Entry(
                app: "airfit", name: "screenTransition", curve: .easeInOut(0.6),
                source: "\(seed004) Screen Transitions",
                budgets: [(.logicallyCompleteWithin(600), "\(seed004): \"Content transitions: 0.6s easeInOut\"")]),
            MotionAudit.Entry(
                app: "airfit", name: "flareButton", curve: .easeOut(0.3), source: "\(seed004) FlareButton",
                budgets: [(.logicallyCompleteWithin(300), "\(seed004): \"Micro-interactions: 0.12s - 0.3s easeOut\"")]),
            MotionAudit.Entry(
                app: "airfit", name: "micRipple",
                curve: AnimationCurve.easeOut(1.5).repeatingForever(autoreverses: false),
                source: "\(seed004) MicRippleView", budgets: []),
        ]
    }

    /// An AirFit element that moves on the standard spring of a frame rate (damping 12 at 120 fps, 10.5 at 60).
    static func standardSpringEntry(_ name: String, fps: Int, _ source: String) -> MotionAudit.Entry {
        MotionAudit.Entry(
            app: "airfit", name: "\(name).\(fps)fps", curve: standardSpring(fps: fps),
            source: "\(source), \(fps) fps", budgets: springBudgets(fps: fps))
    }

    static func springBudgets(fps: Int) -> [(budget: MotionAudit.Budget, claim: String)] {
        [
            (.settlesWithin(400), "seed 004: \"Animation Timing: All springs complete within 400ms\""),
            (
                .overshootAtMost(0.001),
                fps >= 120
                    ? "seed 004: \"Damping 12: Natural settling without bounce\""
                    : "seed 004: \"Adjust spring settling for 60Hz devices\" without bounce"
            ),
        ]
    }

    /// "Adjust spring settling for 60Hz devices": damping 10.5 settles later than damping 12.
    static var sixtyHertzTuningFinding: (budget: MotionAudit.Budget, claim: String) {
        let at120 = standardSpring(fps: 120).curve.settleTime * 1000
        let at60 = standardSpring(fps: 60).curve.settleTime * 1000
        return (
            .finding(
                name: "settlesNoLaterThan120fps", limit: at120, actual: at60, passed: at60 <= at120,
                detail: "damping 10.5 settles at \(n(at60)) ms, \(n(at60 - at120)) ms later than damping 12 "
                    + "(\(n(at120)) ms): the 60 Hz adjustment makes the settle worse"),
            "seed 004: \"Adjust spring settling for 60Hz devices\" (let damping = fps >= 120 ? 12 : 10.5)"
        )
    }

    static func n(_ value: Double) -> String { JSONValue.number(value).serialized() }

    /// The sheet's presentation, 600 → 0 pt: its overshoot carries it above its resting place, in points.
    static func sheetPresentationEntry(fps: Int) -> MotionAudit.Entry {
        let curve = standardSpring(fps: fps)
        var overshoot = (fraction: 0.0, time: 0.0)
        if case .spring(let spring, let velocity) = curve.curve {
            overshoot = SpringMotion(spring: spring, initialDisplacement: -1, initialVelocity: velocity).overshoot
        }
        let points = overshoot.fraction * sheetHeight
        let allowed = 0.001 * sheetHeight
        return MotionAudit.Entry(
            app: "airfit", name: "dragDismissSheet.\(fps)fps", curve: curve,
            source: "seed 004 DragDismissSheet presentation (600 → 0 pt), \(fps) fps",
            budgets: springBudgets(fps: fps) + [
                (
                    .finding(
                        name: "overshootPointsAtMost", limit: allowed, actual: points, passed: points <= allowed,
                        detail:
                            "the sheet rises \(n(points)) pt above its resting place at \(n(overshoot.time * 1000)) "
                            + "ms on its way up from 600 pt (budget \(n(allowed)) pt, 0.1% of the height)"),
                    "seed 004: \"Damping 12: Natural settling without bounce\" (the sheet's presentation)"
                )
            ])
    }

    /// The spring-back after a release that does not dismiss, carrying the finger's velocity: the fastest one, just
    /// under 800 pt/s down at just under 35% (210 pt), starts at −800/210 of the change per second.
    static func sheetSpringBackEntry(fps: Int) -> MotionAudit.Entry {
        let velocity = -flickVelocity / (sheetHeight * dismissFraction)
        return MotionAudit.Entry(
            app: "airfit", name: "dragDismissSheet.springBack.\(fps)fps",
            curve: standardSpring(fps: fps, initialVelocity: velocity),
            source: "seed 004 DragDismissSheet spring-back with the finger's velocity (released just under 210 pt at "
                + "just under 800 pt/s down), \(fps) fps",
            budgets: springBudgets(fps: fps))
    }

    /// Seed 004's cascade read literally: each glyph runs MotionToken.duration (0.6 s) after its stagger, the
    /// largest sin(i/n·π)·12 ms = 12 ms (a title of even length, "Settings"); and the stagger's comment and prose
    /// against the formula they annotate, for "Daily Dashboard" (n = 15).
    static var cascadeLiteralEntry: MotionAudit.Entry {
        let title = Array(AirFitCatalog.title("dashboard"))
        let count = title.count
        let delays = (0..<count).map { CascadeText.delay(index: $0, count: count) * 1000 }
        let gaps = (1..<count).map { delays[$0] - delays[$0 - 1] }
        let largestGap = gaps.map(abs).max() ?? 0
        let middle = delays.max() ?? 0
        let asGaps = Double(count - 1) * CascadeText.stagger * 1000
        return MotionAudit.Entry(
            app: "airfit", name: "cascadeText",
            curve: .easeOut(CascadeText.duration).delayed(by: .milliseconds(12)),
            source: "seed 004 MotionToken / CascadeText read literally: the last glyph runs 0.6 s after the largest "
                + "stagger, sin(i/n·π)·0.012 s ≤ 12 ms",
            budgets: [
                (.logicallyCompleteWithin(600), "seed 004: \"Total animation duration: 0.6s\""),
                (
                    .finding(
                        name: "delayBetweenGlyphs", limit: CascadeText.stagger * 1000, actual: largestGap,
                        passed: abs(largestGap - CascadeText.stagger * 1000) < 1e-9,
                        detail: "sin(i/n·π)·12 ms is each glyph's own delay, not a gap: successive glyphs of "
                            + "\"Daily Dashboard\" (n = \(count)) start at most \(n(largestGap)) ms apart (0 in the "
                            + "middle); 12 ms between glyphs would start the last at \(n(asGaps)) ms"),
                    "seed 004: \"static let stagger: Double = 0.012 // Delay between glyphs\""
                ),
                (
                    .finding(
                        name: "middleStartsFirst", limit: delays[0], actual: middle, passed: middle <= delays[0],
                        detail: "the formula delays the middle glyphs most (\(n(middle)) ms) and the first glyph least "
                            + "(\(n(delays[0])) ms), and every glyph runs the same time: the middle is the last to "
                            + "start, not faster; successive delays differ most at the edges (\(n(largestGap)) ms)"),
                    "seed 004: \"Kinetic Stagger: Sine-curved delay (faster in middle, slower at edges)\""
                ),
            ])
    }
}
