import ChoreoMotion
import Testing

/// The `swiftui` physics against the Python reference (`SwiftUIReferenceValues.swift`): every frame within 1e-9 of
/// the change, the same removal and logical-completion frames.
struct SwiftUIRuntimeTests {
    @Test(arguments: swiftUIReferenceScenarios)
    func everyFrameMatchesTheReference(_ scenario: SwiftUIReferenceScenario) {
        let tolerance = 1e-9 * scenario.scale
        for (n, expected) in scenario.frames.enumerated() {
            let time = Double(n) / Double(scenario.fps)
            let value = scenario.animator(at: time).value(at: time)
            #expect(isClose(value, expected, within: tolerance), "frame \(n) (\(time) s): \(value), ref \(expected)")
        }
    }

    @Test(arguments: swiftUIReferenceScenarios)
    func readsBetweenFramesMatchTheReference(_ scenario: SwiftUIReferenceScenario) {
        for (time, expected) in scenario.reads {
            let value = scenario.animator(at: time).value(at: time)
            #expect(isClose(value, expected, within: 1e-9 * scenario.scale), "at \(time) s: \(value), ref \(expected)")
        }
    }

    @Test(arguments: swiftUIReferenceScenarios)
    func removalAndLogicalCompletionFramesMatchTheReference(_ scenario: SwiftUIReferenceScenario) {
        var animator = scenario.animator(at: .infinity)
        let removed = animator.runUntilRemoved(limit: 60)
        #expect(removed == scenario.removedAt)
        #expect(animator.logicallyCompleteAt == scenario.logicallyCompleteAt)
    }

    @Test func largestDeviationPerFamilyIsReported() {
        var worst: [String: Double] = [:]
        for scenario in swiftUIReferenceScenarios {
            let key = "\(scenario.family) @\(scenario.fps)"
            for (n, expected) in scenario.frames.enumerated() {
                let time = Double(n) / Double(scenario.fps)
                let deviation = abs(scenario.animator(at: time).value(at: time) - expected) / scenario.scale
                worst[key] = max(worst[key] ?? 0, deviation)
            }
        }
        for key in worst.keys.sorted() {
            print("swiftui physics: max |Swift − reference| / change, \(key): \(worst[key]!)")
        }
        #expect(worst.values.allSatisfy { $0 <= 1e-9 })
    }
}
