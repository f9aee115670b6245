import ChoreoMotion
import Testing

/// `repeatForever` under the `swiftui` physics against scripts/swiftui_physics.py (`Repeat` over `Bezier` through
/// `sample_property`, via `swiftui_app_scenarios.loop_value(0, 1, name, duration, begin, t, fps, autoreverses)`),
/// not against the engine.
struct RepeatingBezierTests {
    static func loop(_ name: TimingFunction, _ duration: Double, fps: Int, autoreverses: Bool = false)
        -> RepeatingBezier
    {
        RepeatingBezier(BezierAnimation(name.bezier, duration: duration), autoreverses: autoreverses, fps: fps)
    }

    @Test func eachPassStartsOnTheFrameAfterTheLastOneEnded() {
        // easeInOut 1.5 s from 0: the second pass starts at 1516.7 ms (60 fps) or 1508.3 ms (120 fps).
        #expect(abs(Self.loop(.easeInOut, 1.5, fps: 60).fraction(at: 1.6, begin: 0) - 0.005976676940917969) < 1e-12)
        #expect(abs(Self.loop(.easeInOut, 1.5, fps: 120).fraction(at: 1.6, begin: 0) - 0.007248878479003906) < 1e-12)
        // After 66 passes at 60 fps (100 s) the drift is 66 frames.
        #expect(abs(Self.loop(.easeOut, 1.5, fps: 60).fraction(at: 100, begin: 0) - 0.999089241027832) < 1e-12)
    }

    @Test func theFrameThatEndsAPassShowsItsEnd() {
        let linear60 = Self.loop(.linear, 3, fps: 60)
        #expect(linear60.fraction(at: 3, begin: 0) == 1)
        #expect(linear60.fraction(at: 3.01, begin: 0) == 1)  // the pass ends on the 3016.7 ms frame
        #expect(abs(Self.loop(.linear, 3, fps: 120).fraction(at: 3.01, begin: 0) - 0.0005559921264648438) < 1e-12)
    }

    @Test func oddPassesRunBackwardsWhenAutoreversing() {
        let pulse = Self.loop(.easeInOut, 0.75, fps: 60, autoreverses: true)
        #expect(abs(pulse.fraction(at: 1, begin: 0.05) - 0.8766565322875977) < 1e-12)
        #expect(pulse.fraction(at: 0.05, begin: 0.05) == 0)
        #expect(pulse.fraction(at: 0.01, begin: 0.05) == 0)
    }
}
