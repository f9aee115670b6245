import ChoreoEngine
import ChoreoJSON
import Testing

struct ClockTests {
    func makeSimulation() throws -> Simulation {
        try Simulation.labOnly()
    }

    @Test func firesTimersInDeadlineOrderEachAtItsOwnTime() throws {
        var sim = try makeSimulation()
        _ = try sim.perform(Lab.Request.timer(name: "late", after: .milliseconds(300), haptic: .heavy))
        _ = try sim.perform(Lab.Request.timer(name: "early", after: .milliseconds(100), haptic: .light))
        _ = try sim.perform(Lab.Request.timer(name: "same", after: .milliseconds(100), haptic: .medium))
        let fired = try sim.advance(to: .milliseconds(1000), maxEvents: 100)
        #expect(fired == 3)
        #expect(sim.now == .milliseconds(1000))
        #expect(sim.world.haptics.map(\.style) == [.light, .medium, .heavy], "ties fire in scheduling order")
        #expect(sim.world.haptics.map(\.time) == [.milliseconds(100), .milliseconds(100), .milliseconds(300)])
    }

    @Test func advancingAnHourWithNothingScheduledFiresNothing() throws {
        var sim = try makeSimulation()
        #expect(try sim.advance(to: .milliseconds(3_600_000), maxEvents: 10) == 0)
        #expect(sim.now.milliseconds == 3_600_000)
    }

    @Test func timeIsExactNanoseconds() throws {
        var sim = try makeSimulation()
        for _ in 0..<1000 { _ = try sim.advance(to: sim.now + VirtualTime(milliseconds: 0.1)!, maxEvents: 10) }
        #expect(sim.now == .milliseconds(100), "no floating-point drift")
    }

    @Test func settleWaitsForSpringsToSettleAndIgnoresLoops() throws {
        var sim = try makeSimulation()
        _ = try sim.perform(
            Lab.Request.animate(name: "x", from: 0, to: 1, curve: .spring(response: 0.4, dampingFraction: 0.8)))
        _ = try sim.perform(
            Lab.Request.animate(
                name: "loop", from: 0, to: 1, curve: AnimationCurve.linear(3).repeatingForever(autoreverses: false)))
        let outcome = try sim.settle(timeout: .milliseconds(10_000), maxEvents: 100)
        #expect(outcome.settled)
        let settle = try #require(sim.world.timeline.activeRecord(for: "lab.values.x")?.settledAt)
        #expect(sim.now == settle)
        #expect(abs(settle.milliseconds - 571.0) < 0.1)
        let loop = outcome.running.first { $0["path"] == "lab.values.loop" }
        #expect(loop?["infinite"] == true)
        #expect(outcome.running.allSatisfy { $0["infinite"] == true }, "only endless loops remain")
        #expect(try sim.state(at: "lab.values.x") == 1, "settled values snap to their target")
    }

    @Test func settleTimesOutWithoutPretending() throws {
        var sim = try makeSimulation()
        _ = try sim.perform(Lab.Request.animate(name: "x", from: 0, to: 100, curve: .linear(5)))
        let outcome = try sim.settle(timeout: .milliseconds(1000), maxEvents: 100)
        #expect(!outcome.settled)
        #expect(sim.now == .milliseconds(1000))
        let x = outcome.running.first { $0["path"] == "lab.values.x" }
        #expect(x?["value"] == 20)
        #expect(x?["settlesAt"] == 5000)
    }

    @Test func forkingCopiesPendingTimersAndLeavesTheOriginalAlone() throws {
        var original = try makeSimulation()
        _ = try original.perform(Lab.Request.timer(name: "t", after: .milliseconds(50), haptic: .success))
        var fork = original
        _ = try fork.advance(to: .milliseconds(100), maxEvents: 10)
        #expect(fork.world.haptics.count == 1)
        #expect(original.world.haptics.isEmpty)
        #expect(original.now == .zero)
    }
}
