import ChoreoEngine

/// Every timer FinPessoal schedules, with its payload typed: cancelling one sheet's presentation timer cannot
/// touch another sheet's. The trace names each by ``name`` (`sheet.presented`, `refresh.loaded`, …).
enum FinTimer: TimerKind {
    static let owner = FinPessoalApp.appName

    /// The hero transition is logically complete (`endTransition`).
    case heroEnd
    /// The push or pop with this serial is logically complete.
    case navigationDone(serial: Int)
    /// The sheet with this serial finished presenting.
    case sheetPresented(serial: Int)
    /// The sheet with this serial finished dismissing.
    case sheetDismissed(serial: Int)
    /// The next frame of a screen's throttled parallax update (at most one update per frame).
    case parallaxFrame(screen: FinScreen)
    /// Pull-to-refresh's steps.
    case refresh(RefreshStep)
    /// The dashboard load's steps.
    case loading(LoadingStep)
    /// The spending chart's steps.
    case chart(ChartStep)
    /// The celebration queue's steps.
    case celebration(CelebrationStep)
    /// The wall clock reaches the earliest end of a budget's period (daily, weekly, monthly).
    case budgetPeriodEnd

    /// A budget period's end and midnight under a held finger are dates, not animations: `clock.settle` never
    /// waits days for them (they still fire when an advance or a settle passes them).
    var blocksSettle: Bool {
        switch self {
        case .budgetPeriodEnd, .chart(.dayChanged): return false
        default: return true
        }
    }

    /// Pull-to-refresh's timers.
    enum RefreshStep: String, Sendable, Hashable {
        /// The ready pulse's second half.
        case pulseBack
        /// The refresh's data arrived.
        case loaded
        /// The checkmark has been shown long enough: the indicator fades.
        case fade
        /// The indicator finished fading.
        case done
    }

    /// The dashboard load's timers.
    enum LoadingStep: Sendable, Hashable {
        /// The initial load's data arrived.
        case loaded
        /// The skeletons of load number `load` finished fading.
        case skeletonsHidden(load: Int)
    }

    /// The spending chart's timers.
    enum ChartStep: Sendable, Hashable {
        /// A tapped point springs back from its bounce.
        case bounceBack(point: Int)
        /// The particle burst with this serial ends.
        case burstEnd(serial: Int)
        /// Local midnight under a finger held on the chart: the series shifts a day, and the callout follows.
        case dayChanged
    }

    /// The celebration queue's timers.
    enum CelebrationStep: Sendable, Hashable {
        /// Step `index` of the celebration with this serial starts.
        case step(serial: Int, index: Int)
        /// One tap of a celebration's haptic pattern.
        case haptic(pattern: Celebration.Haptic, style: HapticStyle)
        /// The celebration with this serial ends.
        case end(serial: Int)
    }

    var name: String {
        switch self {
        case .heroEnd: return "hero.end"
        case .navigationDone: return "navigation.done"
        case .sheetPresented: return "sheet.presented"
        case .sheetDismissed: return "sheet.dismissed"
        case .parallaxFrame: return "parallax.frame"
        case .refresh(let step): return "refresh.\(step.rawValue)"
        case .loading(.loaded): return "loading.loaded"
        case .loading(.skeletonsHidden): return "loading.skeletonsHidden"
        case .chart(.bounceBack): return "chart.bounceBack"
        case .chart(.burstEnd): return "chart.burstEnd"
        case .chart(.dayChanged): return "chart.dayChanged"
        case .celebration(.step): return "celebration.step"
        case .celebration(.haptic): return "celebration.haptic"
        case .celebration(.end): return "celebration.end"
        case .budgetPeriodEnd: return "budget.periodEnd"
        }
    }
}
