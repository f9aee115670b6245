import ChoreoEngine
import ChoreoJSON
import ChoreoMotion

/// Reads a curve in the wire shape: exactly one of
/// `{"spring": {"response", "dampingFraction", "blendDuration"?}}`, `{"spring": {"duration", "bounce", "blendDuration"?}}`,
/// `{"interpolatingSpring": {"stiffness", "damping", "mass"?, "initialVelocity"?}}`,
/// `{"linear"|"easeIn"|"easeOut"|"easeInOut": {"duration"}}`, `{"bezier": {"x1","y1","x2","y2","duration"}}`,
/// plus optional `"delay"` (seconds) and either `"repeatForever": {"autoreverses": Bool}` (or `true`: SwiftUI's
/// `.repeatForever()`, which autoreverses) or `"repeatCount": {"count": Int, "autoreverses": Bool}` (or a count:
/// `.repeatCount(n)`, which autoreverses).
///
/// Times are in seconds, as SwiftUI spells them (`response: 0.4`); `durationMs`, `responseMs` and `delayMs`
/// give the same in milliseconds.
public enum CurveParser {
    /// What a value that is not an object is told.
    package static let expected = "a curve object such as {\"spring\": {\"response\": 0.4, \"dampingFraction\": 0.8}}"

    package static let kinds = ["spring", "interpolatingSpring", "linear", "easeIn", "easeOut", "easeInOut", "bezier"]

    /// Parses the curve at parameter `name`.
    public static func parse(_ value: JSONValue, parameter name: String) throws(RPCError) -> AnimationCurve {
        guard let object = value.objectValue else { throw .invalidParams(name, expected: expected, got: value) }
        let present = kinds.filter { object[$0] != nil }
        guard present.count == 1, let kind = present.first else {
            throw .invalidParams(name, expected: "an object with exactly one of " + kinds.joined(separator: ", "))
        }
        for key in object.keys.sorted() where key != kind && !modifiers.contains(key) {
            throw .invalidParams(
                "\(name).\(key)",
                expected: "absent (a curve takes one kind plus delay and repeatForever or repeatCount)")
        }
        let path = "\(name).\(kind)"
        let body = try Params(object[kind], allowed: allowedKeys(kind), prefix: path)
        var curve = try make(kind, body, path: path)
        let outer = try Params(
            .object(object.filter { $0.key != kind }), allowed: Set(modifiers), prefix: name)
        if let delay = try outer.seconds("delay", msName: "delayMs", range: 0...1e6) {
            curve.delay = VirtualTime(seconds: delay)
        }
        if let repeatValue = object["repeatForever"], !repeatValue.isNull {
            // SwiftUI's `.repeatForever(autoreverses: Bool = true)`: `true` and `{}` autoreverse, as in Swift.
            if let flag = repeatValue.boolValue {
                if flag { curve.repetition = .forever(autoreverses: true) }
            } else if let o = repeatValue.objectValue {
                let r = try Params(.object(o), allowed: ["autoreverses"], prefix: "\(name).repeatForever")
                curve.repetition = .forever(autoreverses: try r.optionalBool("autoreverses") ?? true)
            } else {
                throw .invalidParams(
                    "\(name).repeatForever", expected: "true or {\"autoreverses\": Bool}", got: repeatValue)
            }
        }
        if let countValue = object["repeatCount"], !countValue.isNull {
            guard curve.repetition == nil else {
                throw .invalidParams(
                    "\(name).repeatCount", expected: "absent with repeatForever (a curve repeats one way or the other)")
            }
            curve.repetition = try repeatCount(countValue, parameter: "\(name).repeatCount")
        }
        if curve.repetition != nil, !(curve.curve.settleTime > 0) {
            throw .invalidParams("\(name)", expected: "a curve with a positive duration when it repeats")
        }
        return curve
    }

    /// The keys a curve takes besides its kind.
    package static let modifiers = ["delay", "delayMs", "repeatForever", "repeatCount"]

    /// The most passes a `repeatCount` may ask for.
    package static let maxRepeatCount = 1_000_000

    /// `repeatCount`: a count, or `{"count": Int, "autoreverses": Bool}` — SwiftUI's `.repeatCount(_:autoreverses:)`,
    /// whose `autoreverses` defaults to true.
    package static func repeatCount(_ value: JSONValue, parameter: String) throws(RPCError) -> AnimationCurve.Repetition
    {
        let expected = "a count of passes from 1 to \(maxRepeatCount), or {\"count\": Int, \"autoreverses\": Bool}"
        var count: JSONValue = value
        var autoreverses = true
        if let o = value.objectValue {
            let r = try Params(.object(o), allowed: ["count", "autoreverses"], prefix: parameter)
            guard let given = o["count"] else { throw .invalidParams("\(parameter).count", expected: expected) }
            count = given
            autoreverses = try r.optionalBool("autoreverses") ?? true
        }
        guard let passes = count.intValue, passes >= 1, passes <= Int64(maxRepeatCount) else {
            throw .invalidParams(parameter, expected: expected, got: value)
        }
        return .count(Int(passes), autoreverses: autoreverses)
    }

    private static func allowedKeys(_ kind: String) -> Set<String> {
        switch kind {
        case "spring":
            return [
                "response", "responseMs", "dampingFraction", "duration", "durationMs", "bounce", "initialVelocity",
                "blendDuration", "blendDurationMs",
            ]
        case "interpolatingSpring": return ["stiffness", "damping", "mass", "initialVelocity"]
        case "bezier": return ["x1", "y1", "x2", "y2", "duration", "durationMs"]
        default: return ["duration", "durationMs"]
        }
    }

    /// Refuses a spring SwiftUI's runtime cannot run: its integrator diverges past
    /// ``FluidSpringAnimation/largestStableDampingFraction(response:)`` (behavior.md, "Springs the runtime cannot
    /// integrate").
    private static func refuseDiverging(_ spring: FluidSpringAnimation, bounce: Bool, path: String) throws(RPCError) {
        guard spring.diverges else { return }
        let limit = FluidSpringAnimation.largestStableDampingFraction(response: spring.response)
        let what =
            bounce
            ? "bounce must stay above \(((1 / limit - 1) * 1000).rounded(.up) / 1000) (damping fraction "
                + "1/(1 + bounce) below \((limit * 1000).rounded(.down) / 1000))"
            : "damping fraction must stay below \((limit * 1000).rounded(.down) / 1000)"
        throw .invalidParams(
            "\(path).\(bounce ? "bounce" : "dampingFraction")",
            expected: "a spring SwiftUI's runtime can integrate: at a response of \(spring.response) s the \(what); "
                + "its 1/300 s integrator diverges past it and the app would draw values running off to infinity. "
                + "Lower the damping or lengthen the response")
    }

    /// How far a spring's initial velocity alone may carry a value, in changes: |initialVelocity| / ω₀ ≤ 10.
    package static let largestKick = 10.0

    /// Refuses an initial velocity that would carry a value more than ``largestKick`` times its change away from its
    /// start (|v₀|/ω₀, the kick's excursion scale, behavior.md RL22): with values up to ±10¹⁵ such a kick reports
    /// numbers past ±10¹⁸, which the daemon treats as diverged.
    private static func refuseFarKick(_ velocity: Double, _ spring: Spring, path: String) throws(RPCError) {
        let omega = spring.naturalFrequency
        guard !(abs(velocity) <= largestKick * omega) else { return }
        throw .invalidParams(
            "\(path).initialVelocity",
            expected: "at most \(largestKick) × the spring's natural frequency (\((omega * 1e6).rounded() / 1e6) rad/s "
                + "here), in changes per second: a larger kick carries the value more than \(Int(largestKick)) times "
                + "its change away from where it starts")
    }

    private static func make(_ kind: String, _ p: Params, path: String) throws(RPCError) -> AnimationCurve {
        let velocity = try p.optionalNumber("initialVelocity", in: -1e6...1e6) ?? 0
        switch kind {
        case "spring":
            let blend = try p.seconds("blendDuration", msName: "blendDurationMs", range: 0...1e4) ?? 0
            let byResponse = p.has("response") || p.has("responseMs") || p.has("dampingFraction")
            let byDuration = p.has("duration") || p.has("durationMs") || p.has("bounce")
            if byResponse && byDuration {
                throw .invalidParams(
                    path, expected: "either response + dampingFraction or duration + bounce, not a mix of both")
            }
            if let response = try p.seconds("response", msName: "responseMs", range: 1e-4...1e4) {
                let fraction = try p.number(
                    "dampingFraction", in: 0...1e3, expected: "a damping fraction ≥ 0 (1 = critical)")
                let spring = Spring(response: response, dampingFraction: fraction)
                try refuseFarKick(velocity, spring, path: path)
                var curve = AnimationCurve(.spring(spring, initialVelocity: velocity))
                let written = FluidSpringAnimation(response: response, dampingFraction: fraction, blendDuration: blend)
                try refuseDiverging(written, bounce: false, path: path)
                curve.writtenSpring = written
                return curve
            }
            guard let duration = try p.seconds("duration", msName: "durationMs", range: 1e-4...1e4) else {
                throw .invalidParams(
                    "\(path).response", expected: "present: give response + dampingFraction or duration + bounce")
            }
            let bounce = try p.optionalNumber("bounce", in: -0.999...1, expected: "a bounce from -0.999 to 1") ?? 0
            let spring = Spring(duration: duration, bounce: bounce)
            try refuseFarKick(velocity, spring, path: path)
            var curve = AnimationCurve(.spring(spring, initialVelocity: velocity))
            let written = FluidSpringAnimation(
                response: duration, dampingFraction: bounce >= 0 ? 1 - bounce : 1 / (1 + bounce),
                blendDuration: blend)
            try refuseDiverging(written, bounce: true, path: path)
            curve.writtenSpring = written
            return curve
        case "interpolatingSpring":
            let stiffness = try p.number("stiffness", in: 1e-6...1e9, expected: "a positive stiffness")
            let damping = try p.number("damping", in: 0...1e9, expected: "a damping coefficient ≥ 0")
            let mass = try p.optionalNumber("mass", in: 1e-6...1e9, expected: "a positive mass") ?? 1
            guard damping > 0 else {
                throw .invalidParams("\(path).damping", expected: "greater than 0 (an undamped spring never settles)")
            }
            try refuseFarKick(velocity, Spring(stiffness: stiffness, damping: damping, mass: mass), path: path)
            return .interpolatingSpring(stiffness: stiffness, damping: damping, mass: mass, initialVelocity: velocity)
        default:
            guard let duration = try p.seconds("duration", msName: "durationMs", range: 0...1e6) else {
                throw .invalidParams("\(path).duration", expected: "present: the duration in seconds")
            }
            let function: TimingFunction
            switch kind {
            case "linear": function = .linear
            case "easeIn": function = .easeIn
            case "easeOut": function = .easeOut
            case "easeInOut": function = .easeInOut
            default:
                let x1 = try p.number("x1", in: 0...1, expected: "a control point x from 0 to 1")
                let y1 = try p.number("y1", in: -10...10)
                let x2 = try p.number("x2", in: 0...1, expected: "a control point x from 0 to 1")
                let y2 = try p.number("y2", in: -10...10)
                function = .bezier(CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2))
            }
            return AnimationCurve(.timing(function, duration: duration))
        }
    }
}
