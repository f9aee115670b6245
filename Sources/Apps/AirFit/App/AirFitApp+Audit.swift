import ChoreoEngine

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
                ]),
            standardSpringEntry("metricRing", "\(seed004) MetricRing (progress = value/goal, animated)"),
            standardSpringEntry("parallaxContainer", "\(seed004) ParallaxContainer (±4pt device-motion parallax)"),
            standardSpringEntry("dragDismissSheet", "\(seed004) DragDismissSheet presentation and spring-back"),
            MotionAudit.Entry(
                app: "airfit", name: "gradientCrossfade", curve: .easeInOut(0.6),
                source: "\(seed004) GradientManager.advance",
                budgets: [(.logicallyCompleteWithin(600), "\(seed004): \"Gradient cross-fades: 0.6s easeInOut\"")]),
            MotionAudit.Entry(
                app: "airfit", name: "cascadeText", curve: .easeOut(CascadeText.glyphDuration),
                source: "\(seed004) MotionToken / CascadeText (per glyph, after its stagger)",
                budgets: [
                    (
                        .logicallyCompleteWithin(600 - CascadeText.stagger * 1000),
                        "\(seed004): \"Total animation duration: 0.6s\" with a 0.012 s stagger"
                    )
                ]),
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

    /// An AirFit element that moves on the standard spring (at 120 fps; 60 fps tuning is glassCard.60fps).
    static func standardSpringEntry(_ name: String, _ source: String) -> MotionAudit.Entry {
        MotionAudit.Entry(
            app: "airfit", name: name, curve: .interpolatingSpring(stiffness: 130, damping: 12), source: source,
            budgets: [
                (.settlesWithin(400), "seed 004: \"Animation Timing: All springs complete within 400ms\""),
                (.overshootAtMost(0.001), "seed 004: \"Damping 12: Natural settling without bounce\""),
            ])
    }
}
