import ChoreoMotion
import Testing

/// The `swiftui` physics against the Python reference (`SwiftUIReferenceValues.swift`, ported from SwiftUI's
/// sources by someone who did not write the engine): what every frame shows and its velocity within 1e-9 of the
/// change, reads between frames, the same removal and logical-completion frames.
struct SwiftUIRuntimeTests {
    @Test(arguments: swiftUIReferenceScenarios)
    func everyFrameMatchesTheReference(_ scenario: SwiftUIReferenceScenario) {
        let tolerance = 1e-9 * scenario.scale
        for (i, expected) in scenario.values.enumerated() {
            let frame = scenario.firstFrame + i
            let shown = scenario.animator(through: frame)
            #expect(
                isClose(shown.shown, expected, within: tolerance), "frame \(frame): \(shown.shown), ref \(expected)")
            let velocity = scenario.velocities[i]
            #expect(
                isClose(shown.shownVelocity, velocity, within: 1e-9 * max(scenario.scale, abs(velocity))),
                "frame \(frame) velocity: \(shown.shownVelocity), ref \(velocity)")
        }
    }

    @Test(arguments: swiftUIReferenceScenarios)
    func readsBetweenFramesMatchTheReference(_ scenario: SwiftUIReferenceScenario) {
        for (ms, expected) in scenario.reads {
            let frame = scenario.frame(atOrBefore: ms)
            let value = frame < scenario.firstFrame ? scenario.start : scenario.animator(through: frame).shown
            #expect(isClose(value, expected, within: 1e-9 * scenario.scale), "at \(ms) ms: \(value), ref \(expected)")
        }
    }

    @Test(arguments: swiftUIReferenceScenarios)
    func removalAndLogicalCompletionFramesMatchTheReference(_ scenario: SwiftUIReferenceScenario) {
        let last = scenario.firstFrame + scenario.values.count - 1
        let animator = scenario.animator(through: last)
        #expect(animator.removedFrame == scenario.removedAt)
        #expect(animator.logicallyCompleteFrame == scenario.logicallyCompleteAt)
    }

    @Test func largestDeviationPerFamilyIsReported() {
        var worst: [String: Double] = [:]
        for scenario in swiftUIReferenceScenarios {
            let key = "\(scenario.family) @\(scenario.fps)"
            var animator = scenario.animator(through: scenario.firstFrame)
            for (i, expected) in scenario.values.enumerated() {
                let frame = scenario.firstFrame + i
                if i > 0 {
                    // Changes after the first are taken on their frames: replay to this frame.
                    animator = scenario.animator(through: frame)
                }
                worst[key] = max(worst[key] ?? 0, abs(animator.shown - expected) / scenario.scale)
            }
        }
        for key in worst.keys.sorted() {
            print("swiftui physics: max |Swift − reference| / change, \(key): \(worst[key]!)")
        }
        #expect(worst.values.allSatisfy { $0 <= 1e-9 })
    }
}
