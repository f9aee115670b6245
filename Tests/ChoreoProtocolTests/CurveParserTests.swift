import ChoreoEngine
import ChoreoJSON
import ChoreoProtocol
import Testing

struct CurveParserTests {
    static let curves: [JSONValue] = [
        ["spring": ["response": 0.4, "dampingFraction": 0.8]],
        ["interpolatingSpring": ["stiffness": 130, "damping": 12]],
        ["interpolatingSpring": ["stiffness": 130, "damping": 12, "mass": 2, "initialVelocity": 0.5]],
        ["easeInOut": ["duration": 0.8]],
        ["bezier": ["x1": 0.2, "y1": 0, "x2": 0, "y2": 1, "duration": 0.3], "delay": 0.1],
        ["linear": ["duration": 3], "repeatForever": ["autoreverses": true]],
        ["easeInOut": ["duration": 0.75], "repeatCount": ["count": 3, "autoreverses": false]],
    ]

    /// SwiftUI's `.repeatForever()` and `.repeatCount(_:)` autoreverse unless told otherwise; so do their shorthands.
    @Test func theRepeatShorthandsMeanWhatSwiftUIMeans() throws {
        let forever = try CurveParser.parse(["linear": ["duration": 1], "repeatForever": true], parameter: "curve")
        #expect(forever.repetition == .forever(autoreverses: true))
        let empty = try CurveParser.parse(["linear": ["duration": 1], "repeatForever": [:]], parameter: "curve")
        #expect(empty.repetition == .forever(autoreverses: true))
        let count = try CurveParser.parse(["linear": ["duration": 1], "repeatCount": 4], parameter: "curve")
        #expect(count.repetition == .count(4, autoreverses: true))
        #expect(count.swiftSpelling == ".linear(duration: 1).repeatCount(4, autoreverses: true)")
        #expect(!count.isInfinite)
        let counted = try CurveParser.parse(
            ["linear": ["duration": 1], "repeatCount": ["count": 2, "autoreverses": false]], parameter: "curve")
        #expect(counted.repetition == .count(2, autoreverses: false))
        for bad: JSONValue in [
            ["linear": ["duration": 1], "repeatCount": 0],
            ["linear": ["duration": 1], "repeatCount": 2.5],
            ["linear": ["duration": 1], "repeatCount": ["autoreverses": true]],
            ["linear": ["duration": 1], "repeatCount": 2, "repeatForever": true],
            ["linear": ["duration": 0], "repeatCount": 2],
        ] {
            #expect(throws: RPCError.self, "\(bad)") { try CurveParser.parse(bad, parameter: "curve") }
        }
    }

    /// A spring whose fluid-spring integrator diverges is refused where it is written, naming the damping (or the
    /// bounce) and the limit (behavior.md RL21); the stiffest stable ones and the seeds' springs are accepted.
    @Test func aSpringTheRuntimeCannotIntegrateIsRefused() throws {
        for (bad, parameter): (JSONValue, String) in [
            (["spring": ["response": 0.0001, "dampingFraction": 1000]], "curve.spring.dampingFraction"),
            (["spring": ["responseMs": 16.667, "dampingFraction": 16.667]], "curve.spring.dampingFraction"),
            (["spring": ["duration": 0.01, "bounce": -0.9]], "curve.spring.bounce"),
        ] {
            do {
                _ = try CurveParser.parse(bad, parameter: "curve")
                Issue.record("\(bad) was accepted")
            } catch {
                #expect(error.data.objectValue?["parameter"]?.stringValue == parameter)
                #expect(error.message.contains("below 1.2"), "\(error.message)")
            }
        }
        for good: JSONValue in [
            ["spring": ["response": 0.0001, "dampingFraction": 1.2]],
            ["spring": ["response": 0.4, "dampingFraction": 0.8]],
            ["spring": ["duration": 0.5, "bounce": -0.5]],
        ] {
            _ = try CurveParser.parse(good, parameter: "curve")
        }
    }

    /// An initial velocity past 10 × ω₀ is refused (behavior.md RL22), in every spelling of a spring.
    @Test func aKickPastTenChangesIsRefused() throws {
        for bad: JSONValue in [
            ["spring": ["response": 575.101, "dampingFraction": 947.302, "initialVelocity": -999_999.99]],
            ["spring": ["response": 0.4, "dampingFraction": 0.8, "initialVelocity": 158]],
            ["spring": ["duration": 0.4, "bounce": 0.2, "initialVelocity": -158]],
            ["interpolatingSpring": ["stiffness": 100, "damping": 10, "initialVelocity": 101]],
        ] {
            #expect(throws: RPCError.self, "\(bad)") { try CurveParser.parse(bad, parameter: "curve") }
        }
        // 10 × 2π/0.4 = 157.08 and 10 × √100 = 100 are the limits.
        _ = try CurveParser.parse(
            ["spring": ["response": 0.4, "dampingFraction": 0.8, "initialVelocity": 157]], parameter: "curve")
        _ = try CurveParser.parse(
            ["interpolatingSpring": ["stiffness": 100, "damping": 10, "initialVelocity": -100]], parameter: "curve")
    }

    @Test(arguments: curves)
    func aReportedCurveReadsBackAsTheSameCurve(_ json: JSONValue) throws {
        let curve = try CurveParser.parse(json, parameter: "curve")
        #expect(curve.json == json, "reported as written")
        let again = try CurveParser.parse(curve.json, parameter: "curve")
        #expect(again == curve)
    }

    @Test func springDurationAndBounceMatchSwiftUI() throws {
        let curve = try CurveParser.parse(["spring": ["durationMs": 500, "bounce": 0.3]], parameter: "curve")
        #expect(abs(curve.curve.logicallyCompleteTime - 0.5) < 1e-12)
        #expect(curve.json["spring"]?["dampingFraction"] == 0.7)
    }

    @Test func aMixOfSpringSpellingsIsRefused() {
        #expect(throws: RPCError.self) {
            try CurveParser.parse(["spring": ["response": 0.4, "bounce": 0.2]], parameter: "curve")
        }
    }
}
