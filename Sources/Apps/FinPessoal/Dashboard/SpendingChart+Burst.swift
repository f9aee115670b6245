import ChoreoEngine
import ChoreoMotion

extension SpendingChart {
    /// How far out the burst's particles are, as a fraction of their distance: ease-out over the burst's 600 ms.
    /// Under `ideal` the exact ease-out of the linear `progress`; under `swiftui` SwiftUI's ease-out timing curve of
    /// the `elapsed` seconds (solved and rounded to 2⁻²⁰, 1 from the duration on).
    static func burstTravel(elapsed: Double, progress: Double, physics: Physics) -> Double {
        switch physics {
        case .ideal:
            return TimingFunction.easeOut.progress(atFraction: progress)
        case .swiftui:
            let curve = BezierAnimation(TimingFunction.easeOut.bezier, duration: DashboardTiming.burstDuration.seconds)
            return curve.fraction(elapsed: elapsed) ?? 1
        }
    }
}
