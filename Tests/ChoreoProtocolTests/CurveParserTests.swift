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
    ]

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
