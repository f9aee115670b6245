import ChoreoApps
import ChoreoEngine
import ChoreoMotion
import Testing

/// A timeline under the `swiftui` physics against figures computed by `scripts/swiftui_physics.py`
/// (`sample_property` with the render loop's phases, printed with `repr`), at 60 and 120 fps: values, and the records' milestones being SwiftUI's
/// logical-completion and removal frames.
struct SwiftUIPhysicsTimelineTests {
    let ms = VirtualTime.milliseconds

    /// One scenario: the expected value at `readMs`, and the frames (s) of logical completion and removal.
    struct Expected: Sendable {
        let fps: Int
        let value: Double
        let logical: Double
        let removed: Double
    }

    private func frame(_ seconds: Double) -> VirtualTime { VirtualTime(seconds: seconds) }

    @Test(arguments: [
        Expected(fps: 60, value: 30.640860834660288, logical: 0.43333333333333335, removed: 1.05),
        Expected(fps: 120, value: 43.91715876313265, logical: 0.4166666666666667, removed: 1.025),
    ])
    func theHeroSpringRunsTheFluidIntegrator(_ expected: Expected) {
        var timeline = Timeline(physics: .swiftui, fps: expected.fps)
        let record = timeline.animate(
            "hero", from: 0, to: 100, curve: .spring(response: 0.4, dampingFraction: 0.8), source: "test", at: .zero)
        #expect(abs(timeline.value("hero", at: ms(100))! - expected.value) <= 1e-9 * 100)
        #expect(record.logicallyCompleteAt == frame(expected.logical))
        #expect(record.settledAt == frame(expected.removed))
        #expect(timeline.value("hero", at: frame(expected.removed)) == 100)
        // The frame before the removal frame still shows the spring (a read between them may already show 100:
        // it is what a frame drawn then would show).
        #expect(timeline.value("hero", at: frame(expected.removed - 1 / Double(expected.fps)))! != 100)
    }

    @Test(arguments: [
        // The entry's time is whole frames since its own (6 at 60 fps, 12 at 120): removed on the first frame after
        // 0.35 s of them, 22 and 43 frames later (the difference of the two times in seconds, 0.35000000000000003,
        // removed it a frame early, at 450 ms).
        Expected(fps: 60, value: 72.0516159584804, logical: 28.0 / 60, removed: 28.0 / 60),
        Expected(fps: 120, value: 78.85885691139265, logical: 55.0 / 120, removed: 55.0 / 120),
    ])
    func easeInOutRetargetedAt100MillisecondsIsCombined(_ expected: Expected) {
        var timeline = Timeline(physics: .swiftui, fps: expected.fps)
        _ = timeline.animate("x", from: 0, to: 100, curve: .easeInOut(0.35), source: "test", at: .zero)
        let second = timeline.animate("x", to: 200, curve: .easeInOut(0.35), source: "test", at: ms(100))
        #expect(abs(timeline.value("x", at: ms(200))! - expected.value) <= 1e-9 * 200)
        #expect(second.logicallyCompleteAt == frame(expected.logical))
        #expect(second.settledAt == frame(expected.removed))
    }

    @Test(arguments: [
        Expected(fps: 60, value: 54.206675699679295, logical: 0.7166666666666667, removed: 1.3833333333333333),
        Expected(fps: 120, value: 54.20500080635051, logical: 0.7083333333333334, removed: 1.3833333333333333),
    ])
    func theStandardInterpolatingSpringRetargetedAt150MillisecondsIsCombined(_ expected: Expected) {
        var timeline = Timeline(physics: .swiftui, fps: expected.fps)
        let spring = AnimationCurve.interpolatingSpring(stiffness: 130, damping: 12)
        _ = timeline.animate("card", from: 0, to: 100, curve: spring, source: "test", at: .zero)
        let second = timeline.animate("card", to: 50, curve: spring, source: "test", at: ms(150))
        #expect(abs(timeline.value("card", at: ms(350))! - expected.value) <= 1e-9 * 100)
        #expect(second.logicallyCompleteAt == frame(expected.logical))
        #expect(second.settledAt == frame(expected.removed))
    }

    @Test(arguments: [
        // Merged on frame 9 (60 fps) or 18 (120 fps), the spring's own clock starts there: logically complete 0.25 s
        // of whole frames later (15, 30), its integrator from 0 on that clock.
        Expected(fps: 60, value: 50.360727681336016, logical: 24.0 / 60, removed: 45.0 / 60),
        Expected(fps: 120, value: 50.00110445028304, logical: 48.0 / 120, removed: 89.0 / 120),
    ])
    func aSpringRetargetedByASpringWithAnotherResponseMerges(_ expected: Expected) {
        var timeline = Timeline(physics: .swiftui, fps: expected.fps)
        _ = timeline.animate(
            "x", from: 0, to: 100, curve: .spring(response: 0.4, dampingFraction: 0.8), source: "test", at: .zero)
        let second = timeline.animate(
            "x", to: 50, curve: .spring(response: 0.25, dampingFraction: 0.7), source: "test", at: ms(150))
        #expect(abs(timeline.value("x", at: ms(300))! - expected.value) <= 1e-9 * 100)
        #expect(second.logicallyCompleteAt == frame(expected.logical))
        #expect(second.settledAt == frame(expected.removed))
    }

    @Test func theIdealPhysicsIsTheDefaultAndKeepsTheClosedForm() {
        var timeline = Timeline()
        #expect(timeline.physics == .ideal)
        let record = timeline.animate(
            "hero", from: 0, to: 1, curve: .spring(response: 0.4, dampingFraction: 0.8), source: "test", at: .zero)
        #expect(abs(timeline.value("hero", at: ms(100))! - 0.5257054313385321) < 1e-9)
        #expect(record.logicallyCompleteAt == ms(400))
    }

    @Test func aSessionCarriesItsPhysics() throws {
        var config = SessionConfig()
        config.physics = .swiftui
        let world = try Simulation(config: config).world
        #expect(world.physics == .swiftui)
        #expect(world.timeline.physics == .swiftui)
    }
}

@Suite struct SwiftUIUnchangedTargetTests {
    /// SwiftUI starts no animation when the value does not change: a 0 → 0 move (AirFit's ring with a goal of 0)
    /// is complete and settled at once, instead of blocking `clock.settle` until the 600 s removal limit.
    @Test(arguments: [60, 120])
    func anUnchangedTargetIsDoneAtOnce(fps: Int) {
        var timeline = Timeline(physics: .swiftui, fps: fps)
        let spring = AnimationCurve.interpolatingSpring(stiffness: 130, damping: 12)
        let start = VirtualTime(milliseconds: 100)!
        let record = timeline.animate("ring", from: 0, to: 0, curve: spring, source: "test", at: start)
        #expect(record.logicallyCompleteAt == start)
        #expect(record.settledAt == start)
        #expect(timeline.moving(at: VirtualTime(milliseconds: 200)!).isEmpty)
    }
}
