import ChoreoEngine
import ChoreoMotion

/// The curves and constants of the dashboard's pull-to-refresh, skeletons, loading-to-data reveal and spending chart
/// (seed 003) in each animation mode, in one place. `nil` means an instant change (minimal mode's rule: state
/// changes without motion). protocol/behavior.md (Seed 003) gives the reasons for each choice.
enum DashboardTiming {
    // MARK: Pull-to-refresh

    /// The indicator returning to rest (0 pt after a cancelled pull, 60 pt while refreshing, 0 pt at the end).
    /// Seed 003: "smooth spring bounce (overdamped)"; the two words contradict, and overdamped (ζ 1.2, no overshoot,
    /// so the indicator never pokes past its rest) is the precise one. Reduced: a shorter critically damped spring.
    static func indicatorReturn(_ mode: AnimationMode) -> AnimationCurve? {
        switch mode {
        case .full: return .spring(response: 0.4, dampingFraction: 1.2)
        case .reduced: return .spring(response: 0.25, dampingFraction: 1.0)
        case .minimal: return nil
        }
    }

    /// Each half of the ready pulse (1.0 → 1.1, then back to 1.0): 150 ms ease-in-out, full mode only.
    static let pulseHalf = AnimationCurve.easeInOut(0.15)
    /// The pulse's peak scale.
    static let pulsePeak = 1.1

    /// The spinner's 360° loop while refreshing: the seed's ease-in-out, one turn a second; reduced: a steady linear
    /// turn every 1.5 s; minimal: a static indicator.
    static func spinner(_ mode: AnimationMode) -> AnimationCurve? {
        switch mode {
        case .full: return AnimationCurve.easeInOut(1.0).repeatingForever(autoreverses: false)
        case .reduced: return AnimationCurve.linear(1.5).repeatingForever(autoreverses: false)
        case .minimal: return nil
        }
    }

    /// The check mark's scale 0 → 1 when the load succeeds: a bouncy pop, a plain ease-out, or at once.
    static func checkmark(_ mode: AnimationMode) -> AnimationCurve? {
        switch mode {
        case .full: return .spring(response: 0.3, dampingFraction: 0.6)
        case .reduced: return .easeOut(0.2)
        case .minimal: return nil
        }
    }

    /// How long the check mark shows before the indicator fades, and the fade itself (seed: 300 ms).
    static let checkmarkHold = VirtualTime.milliseconds(300)
    /// The indicator's fade-out (seed: 300 ms); minimal hides it at once.
    static func indicatorFade(_ mode: AnimationMode) -> AnimationCurve? {
        mode == .minimal ? nil : .easeOut(0.3)
    }

    // MARK: Skeletons and the reveal

    /// The shimmer sweep: x from −1 to 1 over 1.5 s, ease-in-out, looping (full mode).
    static let shimmer = AnimationCurve.easeInOut(1.5).repeatingForever(autoreverses: false)
    /// The reduced-mode pulse: opacity 1.0 ↔ 0.6, 0.75 s each way (a 1.5 s breath, like the shimmer's period).
    static let skeletonPulse = AnimationCurve.easeInOut(0.75).repeatingForever(autoreverses: true)
    /// The pulse's lowest opacity.
    static let skeletonPulseLow = 0.6
    /// Transaction row i starts its shimmer 50 ms after row i − 1.
    static let rowStagger = VirtualTime.milliseconds(50)
    /// Skeletons fade out over 200 ms when data arrives (minimal: at once).
    static let skeletonFadeDuration = VirtualTime.milliseconds(200)
    static func skeletonFade(_ mode: AnimationMode) -> AnimationCurve? {
        mode == .minimal ? nil : .easeOut(0.2)
    }

    /// Card k is revealed 100 ms after card k − 1 (minimal: all at once).
    static let cardStagger = VirtualTime.milliseconds(100)
    /// Cards slide in from this many points below.
    static let cardSlideOffset = 20.0
    /// The slide: spring(response 0.5, dampingFraction 0.8), a little settle past the rest; full mode only.
    static let cardSlide = AnimationCurve.spring(response: 0.5, dampingFraction: 0.8)
    /// A card's fade-in (full and reduced).
    static let cardFade = AnimationCurve.easeOut(0.25)

    /// PhysicsNumberCounter: a critically damped spring from the old to the new value, so an amount of money never
    /// overshoots (full: response 0.8 s; reduced: 0.4 s; minimal: at once).
    static func counter(_ mode: AnimationMode) -> AnimationCurve? {
        switch mode {
        case .full: return .spring(response: 0.8, dampingFraction: 1.0)
        case .reduced: return .spring(response: 0.4, dampingFraction: 1.0)
        case .minimal: return nil
        }
    }

    // MARK: Chart

    /// The chart's AnimatedCard scale 0.95 → 1 as its container appears.
    static let chartContainerScale = AnimationCurve.spring(response: 0.4, dampingFraction: 0.8)
    /// Each axis draws over 300 ms; the y axis starts 200 ms after the x axis.
    static let axisDraw = AnimationCurve.easeInOut(0.3)
    static let axisStagger = VirtualTime.milliseconds(200)
    /// Axis labels pop in with a spring when their axis is drawn; its 300 ms response makes the y axis's labels
    /// (drawn at 500 ms) logically complete at exactly 800 ms, the end of seed 003's "Initial Reveal (0-800ms)".
    static let axisLabels = AnimationCurve.spring(response: 0.3, dampingFraction: 0.7)
    /// Grid lines fade in one after another, 50 ms apart, from 200 ms.
    static let gridLineCount = 4
    static let gridStart = VirtualTime.milliseconds(200)
    static let gridStagger = VirtualTime.milliseconds(50)
    static let gridFade = AnimationCurve.easeOut(0.2)
    /// The line draws by trim 0 → 1 from 300 ms to 900 ms (ease-in-out, so it ends exactly at 900 ms).
    static let lineStart = VirtualTime.milliseconds(300)
    static let lineDraw = TimingCurve(function: .easeInOut, seconds: 0.6)
    /// Each data point appears 100 ms after the line reaches it, popping in with a spring.
    static let pointDelay = VirtualTime.milliseconds(100)
    static let pointAppear = AnimationCurve.spring(response: 0.3, dampingFraction: 0.6)

    /// The highlight of the snapped point (scale 1.2) and its release.
    static let highlightScale = 1.2
    static func highlight(_ mode: AnimationMode) -> AnimationCurve? {
        switch mode {
        case .full: return .spring(response: 0.25, dampingFraction: 0.7)
        case .reduced: return .easeOut(0.15)
        case .minimal: return nil
        }
    }

    /// The callout's fade in and out.
    static func callout(_ mode: AnimationMode) -> AnimationCurve? {
        mode == .minimal ? nil : .easeOut(0.15)
    }

    /// The callout's amount counting between points (PhysicsNumberCounter, critically damped).
    static func calloutCounter(_ mode: AnimationMode) -> AnimationCurve? {
        switch mode {
        case .full: return .spring(response: 0.3, dampingFraction: 1.0)
        case .reduced: return .spring(response: 0.2, dampingFraction: 1.0)
        case .minimal: return nil
        }
    }

    /// The tap bounce (full mode): up toward 1.3 with a quick spring, then after 100 ms back to 1.0 with a bouncy
    /// one, which keeps position and velocity continuous.
    static let bouncePeak = 1.3
    static let bounceUp = AnimationCurve.spring(response: 0.25, dampingFraction: 0.5)
    static let bounceBackAfter = VirtualTime.milliseconds(100)
    static let bounceBack = AnimationCurve.spring(response: 0.4, dampingFraction: 0.5)

    /// The particle burst (full mode): 12 gold particles flying out over 600 ms.
    static let burstParticles = 12
    static let burstDuration = VirtualTime.milliseconds(600)
}

/// A timing curve given by its function and duration, when the time at which it reaches a progress is needed.
struct TimingCurve: Sendable, Hashable {
    var function: TimingFunction
    var seconds: Double

    var animation: AnimationCurve { .timing(function, seconds: seconds) }

    /// The elapsed seconds at which the curve first reaches `progress` (0…1), by bisection on the monotonic curve.
    func seconds(toReach progress: Double) -> Double {
        if progress <= 0 { return 0 }
        if progress >= 1 { return seconds }
        var low = 0.0
        var high = 1.0
        for _ in 0..<64 {
            let mid = (low + high) / 2
            if function.progress(atFraction: mid) < progress { low = mid } else { high = mid }
        }
        return high * seconds
    }
}
