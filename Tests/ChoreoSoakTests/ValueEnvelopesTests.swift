import ChoreoEngine
import ChoreoMotion
import Testing

@testable import ChoreoSoak

/// The soak's envelope of a moving value (issue 43): a bouncy spring's overshoot, retargets and additive timing
/// curves stay inside; a value the curves cannot reach is caught.
struct ValueEnvelopesTests {
    static func frames(_ timeline: Timeline, upTo ms: Int64, envelopes: inout ValueEnvelopes) -> String? {
        var checked = 0
        var time = VirtualTime.zero
        while time.milliseconds <= Double(ms) {
            if let outside = envelopes.check(timeline: timeline, now: time, checked: &checked) {
                return "\(outside.path): \(outside.detail)"
            }
            time = time + VirtualTime(nanoseconds: 16_666_667)
        }
        return nil
    }

    @Test(arguments: [Physics.swiftui, Physics.ideal])
    func overshootsRetargetsAndAdditiveCurvesStayInside(physics: Physics) {
        var timeline = Timeline(physics: physics, fps: 60)
        let bouncy = AnimationCurve.spring(response: 0.5, dampingFraction: 0.3)
        _ = timeline.animate("x", from: 0, to: 10, curve: bouncy, source: "test", at: .zero)
        _ = timeline.animate(
            "x", from: timeline.value("x", at: .milliseconds(150)) ?? 0, to: -4, curve: bouncy, source: "test",
            at: .milliseconds(150))
        let slow = AnimationCurve(.timing(.linear, duration: 3))
        let fast = AnimationCurve(.timing(.easeOut, duration: 0.1))
        _ = timeline.animate("y", from: 0, to: 10, curve: slow, source: "test", at: .zero)
        _ = timeline.animate(
            "y", from: timeline.value("y", at: .milliseconds(50)) ?? 0, to: 0, curve: fast, source: "test",
            at: .milliseconds(50))
        var envelopes = ValueEnvelopes()
        #expect(Self.frames(timeline, upTo: 4000, envelopes: &envelopes) == nil)
    }

    @Test func aValueTheCurvesCannotReachIsCaught() {
        var small = Timeline(physics: .swiftui, fps: 60)
        _ = small.animate(
            "x", from: 0, to: 1, curve: .spring(response: 0.4, dampingFraction: 0.8), source: "t", at: .zero)
        var envelopes = ValueEnvelopes()
        var checked = 0
        #expect(envelopes.check(timeline: small, now: .zero, checked: &checked) == nil)
        // The same animation id going ten times as far: past 1 + its 1.5% overshoot.
        var far = Timeline(physics: .swiftui, fps: 60)
        _ = far.animate(
            "x", from: 0, to: 10, curve: .spring(response: 0.4, dampingFraction: 0.8), source: "t", at: .zero)
        #expect(envelopes.check(timeline: far, now: .milliseconds(300), checked: &checked)?.path == "x")
    }
}
