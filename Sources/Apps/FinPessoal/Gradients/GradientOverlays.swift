import ChoreoEngine
import ChoreoJSON

/// GradientAnimationView and `withGradientAnimation` (seeds 000 and 001) where the app uses them: the dashboard's
/// premium card, goal progress bars above 80% and budget cards above 90% used. Each is a phase looping 0 → 1 for
/// ever (it never blocks a settle); they appear and disappear as the data crosses the thresholds. A loop runs only
/// while its screen is on screen (seed 000 "Cancel animation timers on view disappear"): leaving the screen stops it
/// (phase 0, nothing left running), coming back restarts it from phase 0.
struct GradientOverlays: Sendable, Hashable {
    struct Overlay: Sendable, Hashable {
        /// The screen the overlaid card is on.
        var screen: FinScreen
        /// The overlaid card's target (`goals/card/g1`).
        var target: String
        var color: GradientColour
        var opacity: Double
        /// The loop length in full mode, in seconds.
        var duration: Double

        /// The overlay of the card `id` on `screen`.
        init(card id: String, on screen: FinScreen, color: GradientColour, opacity: Double, duration: Double) {
            self.screen = screen
            target = "\(screen.rawValue)/card/\(id)"
            self.color = color
            self.opacity = opacity
            self.duration = duration
        }
    }

    /// The overlays the data calls for now, by target.
    var active: [String: Overlay] = [:]
    /// The overlays whose screen is on screen: their loops run (or, in minimal mode, they show the static phase 0).
    var appeared: Set<String> = []

    /// High Contrast raises saturation by this factor (decision: +30%).
    static let highContrastSaturation = 1.3

    /// The loop length in a mode: as given in full, 5/3 as long in reduced (seed 000: 3 s becomes 5 s), static in
    /// minimal.
    static func loopDuration(_ base: Double, mode: AnimationMode) -> Double? {
        switch mode {
        case .full: return base
        case .reduced: return base * 5 / 3
        case .minimal: return nil
        }
    }

    /// The overlays the data calls for.
    static func wanted(data: FinData) -> [Overlay] {
        var list = [Overlay(card: "premium", on: .dashboard, color: .accent, opacity: 0.1, duration: 3)]
        for goal in data.goals {
            guard let target = goal.target, target > 0, let saved = goal.saved, saved / target > 0.8 else { continue }
            list.append(Overlay(card: goal.id, on: .goals, color: .accent, opacity: 0.2, duration: 3))
        }
        for budget in data.budgets {
            guard let limit = budget.limit, limit > 0, let spent = budget.spent, spent / limit > 0.9 else { continue }
            list.append(Overlay(card: budget.id, on: .budgets, color: .warning, opacity: 0.15, duration: 4))
        }
        return list
    }

    /// Adds the overlays the data calls for and removes the others; starts the loop of every overlay whose screen
    /// is in `onScreen` and was not (from phase 0), stops the loops of the others (phase 0, not animating).
    /// `restart` restarts every running loop from phase 0 (after a mode change).
    mutating func sync(data: FinData, onScreen: Set<FinScreen>, world: inout World, restart: Bool = false) {
        let wanted = Dictionary(uniqueKeysWithValues: GradientOverlays.wanted(data: data).map { ($0.target, $0) })
        for target in active.keys.sorted() where wanted[target] == nil {
            active[target] = nil
            appeared.remove(target)
            world.set(.gradientPhase(target), to: 0)
            world.record(GradientRemovedEvent(target: target))
        }
        for target in wanted.keys.sorted() {
            let overlay = wanted[target]!
            if active[target] == nil {
                active[target] = overlay
                world.set(.gradientPhase(target), to: 0)
                world.record(GradientAddedEvent(target: target))
            }
            let visible = onScreen.contains(overlay.screen)
            if visible, !appeared.contains(target) || restart {
                appeared.insert(target)
                if let duration = GradientOverlays.loopDuration(overlay.duration, mode: world.mode) {
                    world.animate(
                        .gradientPhase(target), from: 0, to: 1,
                        curve: AnimationCurve.linear(duration).repeatingForever(autoreverses: false),
                        source: "gradient")
                } else {
                    world.set(.gradientPhase(target), to: 0)
                }
            } else if !visible, appeared.contains(target) {
                // The view disappeared: its loop is cancelled (seed 000), nothing of it keeps running.
                appeared.remove(target)
                world.set(.gradientPhase(target), to: 0)
            }
        }
    }

    func state(world: World) -> [String: GradientView] {
        active.mapValues { overlay in
            let duration = GradientOverlays.loopDuration(overlay.duration, mode: world.mode)
            let onScreen = appeared.contains(overlay.target)
            return GradientView(
                color: overlay.color, opacity: overlay.opacity, baseDuration: overlay.duration, duration: duration,
                animating: duration != nil && onScreen, onScreen: onScreen,
                phase: world.value(.gradientPhase(overlay.target)),
                saturation: world.settings.highContrast ? GradientOverlays.highContrastSaturation : 1)
        }
    }
}
