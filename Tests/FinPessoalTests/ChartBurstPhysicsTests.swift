import ChoreoEngine
import Testing

@testable import FinPessoal

/// The chart burst's ease-out runs on the session's physics (issue 15). Expected values from
/// scripts/swiftui_app_scenarios.py (`timing_at`, `ideal_timing_at`), not from the engine.
struct ChartBurstPhysicsTests {
    @Test func swiftuiFliesOnSwiftUIsRoundedEaseOut() {
        #expect(
            abs(SpendingChart.burstTravel(elapsed: 0.3, progress: 0.5, physics: .swiftui) - 0.6846427917480469) < 1e-15)
        #expect(
            abs(SpendingChart.burstTravel(elapsed: 0.15, progress: 0.25, physics: .swiftui) - 0.37813854217529297)
                < 1e-15)
        #expect(SpendingChart.burstTravel(elapsed: 0.6, progress: 1, physics: .swiftui) == 1)
        #expect(SpendingChart.burstTravel(elapsed: 0, progress: 0, physics: .swiftui) == 0)
    }

    @Test func idealKeepsTheExactEaseOutOfTheProgress() {
        #expect(abs(SpendingChart.burstTravel(elapsed: 0.3, progress: 0.5, physics: .ideal) - 0.684643187427) < 1e-12)
    }
}
