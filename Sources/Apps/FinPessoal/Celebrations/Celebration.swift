import ChoreoEngine
import ChoreoJSON

/// One CelebrationView (seed 000): what it celebrates, how it looks and feels, and its choreography.
struct Celebration: Sendable, Hashable {
    enum Style: String, Sendable, Hashable {
        /// Scale pulse to 1.05 and a soft gold glow.
        case refined
        /// Check mark only.
        case minimal
        /// Refined plus a subtle shimmer.
        case joyful
    }

    enum Haptic: String, Sendable, Hashable {
        /// Triple taps: light, light, medium.
        case success
        /// A crescendo: light, medium, heavy.
        case achievement
        case none

        /// The taps of the pattern and their offsets from the pattern's start. Decision: 100 ms apart for
        /// success, 150 ms for the slower crescendo; the spacing does not scale with the celebration's duration.
        var taps: [(offset: VirtualTime, style: HapticStyle)] {
            switch self {
            case .success: return [(.zero, .light), (.milliseconds(100), .light), (.milliseconds(200), .medium)]
            case .achievement: return [(.zero, .light), (.milliseconds(150), .medium), (.milliseconds(300), .heavy)]
            case .none: return []
            }
        }
    }

    /// What is celebrated (named `occasion`, not `kind`, which is every trace event's own member).
    enum Occasion: String, Sendable, Hashable, CaseIterable, StateChoice {
        case goal, budget, milestone
    }

    /// What triggered it: a goal, a budget or a savings milestone.
    var occasion: Occasion
    /// The goal or budget id, or the milestone amount.
    var source: JSONValue
    /// The name used in the announcement.
    var name: String
    var style: Style
    var haptic: Haptic
    /// The requested duration, in seconds (2.0 by default).
    var duration: Double

    /// The VoiceOver announcement (seed 000 gives the goal's; the others follow its shape).
    var announcement: String {
        switch occasion {
        case .goal: return "Goal completed! \(name)"
        case .budget: return "Budget met! \(name)"
        case .milestone: return "Savings milestone reached! \(name)"
        }
    }

    /// One step of the choreography: at `offset`, enter `phase` and start these animations.
    struct Step: Sendable, Hashable {
        var offset: VirtualTime
        var phase: CelebrationPhase
        var animations: [(key: PropertyKey, to: Double, curve: AnimationCurve)]

        static func == (lhs: Step, rhs: Step) -> Bool { lhs.offset == rhs.offset && lhs.phase == rhs.phase }
        func hash(into hasher: inout Hasher) {
            hasher.combine(offset)
            hasher.combine(phase)
        }
    }

    /// The choreography in a mode: its steps, when the haptic pattern starts, and the total length.
    ///
    /// Full mode, 2 s refined (seed 000): fade in 200 ms (ease-out), pulse 600 ms (spring 0.6/0.7 to 1.05),
    /// glow 800 ms (ease-in-out to 0.3, the scale springs back), fade out 400 ms (ease-out); another duration
    /// scales every phase by duration / 2 s. Reduced: a quick pulse, 800 ms in all. Minimal: fade only, 400 ms.
    /// The haptic pattern starts when the entrance peaks (the end of the fade-in). The glow runs 0 → 1 (its peak);
    /// its opacity is scaled by ``glowPeak(highContrast:)`` when read, so High Contrast applies at once.
    func plan(mode: AnimationMode) -> (steps: [Step], hapticAt: VirtualTime, total: VirtualTime) {
        func ms(_ v: Double) -> VirtualTime { VirtualTime(milliseconds: v)! }
        switch mode {
        case .full:
            let f = duration / 2.0
            var steps = [Step(offset: .zero, phase: .fadeIn, animations: [(.celebrationOpacity, 1, .easeOut(0.2 * f))])]
            if style == .minimal {
                steps.append(Step(offset: ms(200 * f), phase: .hold, animations: []))
            } else {
                let pulse = AnimationCurve.spring(response: 0.6 * f, dampingFraction: 0.7)
                var pulseAnimations: [(key: PropertyKey, to: Double, curve: AnimationCurve)] = [
                    (.celebrationScale, 1.05, pulse)
                ]
                // Joyful: a shimmer sweeps once across the pulse and the glow.
                if style == .joyful { pulseAnimations.append((.celebrationShimmer, 1, .linear(1.4 * f))) }
                steps.append(Step(offset: ms(200 * f), phase: .pulse, animations: pulseAnimations))
                steps.append(
                    Step(
                        offset: ms(800 * f), phase: .glow,
                        animations: [
                            (.celebrationGlow, 1, .easeInOut(0.8 * f)), (.celebrationScale, 1.0, pulse),
                        ]))
            }
            steps.append(
                Step(offset: ms(1600 * f), phase: .fadeOut, animations: [(.celebrationOpacity, 0, .easeOut(0.4 * f))]))
            return (steps, ms(200 * f), ms(2000 * f))
        case .reduced:
            var steps = [Step(offset: .zero, phase: .fadeIn, animations: [(.celebrationOpacity, 1, .easeOut(0.1))])]
            if style != .minimal {
                steps.append(
                    Step(offset: ms(100), phase: .pulse, animations: [(.celebrationScale, 1.05, .easeOut(0.2))]))
                steps.append(
                    Step(offset: ms(300), phase: .pulse, animations: [(.celebrationScale, 1.0, .easeOut(0.2))]))
            } else {
                steps.append(Step(offset: ms(100), phase: .hold, animations: []))
            }
            steps.append(Step(offset: ms(500), phase: .fadeOut, animations: [(.celebrationOpacity, 0, .easeOut(0.3))]))
            return (steps, ms(100), ms(800))
        case .minimal:
            return (
                [
                    Step(offset: .zero, phase: .fadeIn, animations: [(.celebrationOpacity, 1, .linear(0.2))]),
                    Step(offset: ms(200), phase: .fadeOut, animations: [(.celebrationOpacity, 0, .linear(0.2))]),
                ], ms(200), ms(400)
            )
        }
    }

    /// The glow's peak opacity (seed 000: `accent.opacity(0.3)`, 0.5 with High Contrast), read from the settings of
    /// the moment: switching High Contrast mid-celebration changes the glow at once, on the same curve.
    static func glowPeak(highContrast: Bool) -> Double { highContrast ? 0.5 : 0.3 }

    /// The check mark's size in points: 60 at the default size, 42 at the smallest and 84 at xxxLarge and above
    /// (seed 000's @ScaledMetric range).
    static func checkmarkSize(_ size: DynamicTypeSize) -> Double {
        switch size {
        case .xSmall: return 42
        case .small: return 48
        case .medium: return 54
        case .large: return 60
        case .xLarge: return 68
        case .xxLarge: return 76
        default: return 84
        }
    }
}
