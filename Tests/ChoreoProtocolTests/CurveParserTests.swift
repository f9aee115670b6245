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
