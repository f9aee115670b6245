import ChoreoEngine

extension FinPessoalApp {
    /// Every animation FinPessoal defines, with the seeds' own budgets (seeds 000–003), for `motion.audit`.
    public static var auditEntries: [MotionAudit.Entry] {
        let seed000 = "seed 000"
        return [
            MotionAudit.Entry(
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
            MotionAudit.Entry(
                app: "finpessoal", name: "heroTransition.reduced", curve: .linear(0.25),
                source: "\(seed000) mode table",
                budgets: [(.logicallyCompleteWithin(250), "\(seed000): \"Simple scale (250ms)\"")]),
            MotionAudit.Entry(
                app: "finpessoal", name: "heroTransition.minimal", curve: .linear(0.1), source: "\(seed000) mode table",
                budgets: [(.logicallyCompleteWithin(100), "\(seed000): \"Instant crossfade (100ms)\"")]),
            MotionAudit.Entry(
                app: "finpessoal", name: "celebrationPulse", curve: .spring(response: 0.6, dampingFraction: 0.7),
                source: "\(seed000) AnimationEngine.celebrationPulse",
                budgets: [
                    (.logicallyCompleteWithin(600), "\(seed000): \"Pulse (600ms)\""),
                    (.settlesWithin(600), "\(seed000): \"Pulse (600ms)\" read as the time the pulse comes to rest"),
                    (.dampingFractionIn(0.7...0.8), "\(seed000): \"Springs: Gentle (damping 0.7-0.8)\""),
                ]),
            MotionAudit.Entry(
                app: "finpessoal", name: "celebrationGlow", curve: .easeInOut(0.8),
                source: "\(seed000) celebrationGlow",
                budgets: [(.logicallyCompleteWithin(800), "\(seed000): \"Glow (800ms)\"")]),
            MotionAudit.Entry(
                app: "finpessoal", name: "celebrationFade", curve: .easeOut(0.4), source: "\(seed000) celebrationFade",
                budgets: [(.logicallyCompleteWithin(400), "\(seed000): \"Fade out (400ms)\"")]),
            MotionAudit.Entry(
                app: "finpessoal", name: "gradientShift",
                curve: AnimationCurve.linear(3).repeatingForever(autoreverses: false),
                source: "\(seed000) AnimationEngine.gradientShift", budgets: []),
            MotionAudit.Entry(
                app: "finpessoal", name: "navBlur", curve: .linear(0.15),
                source: "seed 002 ScrollBlurNavigationModifier",
                budgets: [(.logicallyCompleteWithin(150), "seed 002: \"Full Mode: 150ms linear animation\"")]),
            MotionAudit.Entry(
                app: "finpessoal", name: "navBlur.reduced", curve: .linear(0.1),
                source: "seed 002 ScrollBlurNavigationModifier",
                budgets: [(.logicallyCompleteWithin(100), "seed 002: \"Reduced Mode: 100ms linear animation\"")]),
            MotionAudit.Entry(
                app: "finpessoal", name: "sheetPresentation", curve: .spring(response: 0.5, dampingFraction: 1.0),
                source: "Choreo decision (seed 002: \"smooth animations\")", budgets: []),
            MotionAudit.Entry(
                app: "finpessoal", name: "screenTransition", curve: .easeInOut(0.35), source: "Choreo decision",
                budgets: []),
        ]
    }
}
