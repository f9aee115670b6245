import ChoreoMotion
import Testing

@testable import ChoreoEngine

/// A property retargeted 10,000 times under the `swiftui` physics, with each curve kind: what stays in flight is
/// bounded by how long the curves run (a frame between retargets lets finished animations fold away; a repeat
/// started from a value, as the apps start their loops, starts an animator of its own — one requested without
/// `from` is combined and never finishes, RL17), and the session keeps two pieces of the property, whatever its
/// history.
@Suite struct TimelineRetargetTests {
    static let kinds: [(String, [AnimationCurve])] = [
        ("spring", [.spring(response: 0.4, dampingFraction: 0.8)]),
        ("interpolatingSpring", [.interpolatingSpring(stiffness: 130, damping: 12)]),
        ("easeInOut", [.easeInOut(0.4)]),
        ("delayed", [AnimationCurve.easeInOut(0.4).delayed(by: VirtualTime(seconds: 0.05))]),
        ("repeating", [AnimationCurve.easeInOut(0.4).repeatingForever(autoreverses: true)]),
        (
            "combined",
            [
                .easeInOut(0.4), .interpolatingSpring(stiffness: 130, damping: 12),
                AnimationCurve.linear(0.25).delayed(by: VirtualTime(seconds: 0.02)),
            ]
        ),
    ]

    @Test("10,000 retargets leave as much in flight as the curves' length", arguments: kinds.indices, [1, 2])
    func retargetsLeaveABoundedChain(kind: Int, framesBetween: Int) {
        let curves = Self.kinds[kind].1
        var timeline = Timeline(physics: .swiftui, fps: 60)
        let clock = FrameClock(fps: 60)
        // From −1, so that every retarget changes the target (one that changes nothing starts nothing).
        timeline.set("x", to: -1, at: .zero)
        var longest = 0
        for step in 0..<10_000 {
            let time = clock.time(ofFrame: 10 + step * framesBetween)
            let curve = curves[step % curves.count]
            let record = timeline.animate(
                "x", from: curve.isInfinite ? -1 : nil, to: Double(step % 3), curve: curve, source: "test", at: time)
            #expect(record.id == step + 1)
            longest = max(longest, timeline.layers("x", at: time)?.count ?? 0)
        }
        if framesBetween > 1 || kind == 0 || kind == 4 {
            // No curve here runs past 2 s: 60 animations at one every other frame. A spring merges; a repeat restarts.
            #expect(longest <= 62, "\(Self.kinds[kind].0): \(longest) in flight")
        } else {
            // On every frame the animator stays pending and every animation is replayed when the retargets stop.
            #expect(longest > 1_000, "\(Self.kinds[kind].0): \(longest) in flight")
        }
    }
}
