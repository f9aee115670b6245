import ChoreoJSON
import ChoreoMotion

extension AnimationCurve {
    /// The curve as JSON, in the same shape `motion.sample` and `lab.animate` accept (times in seconds, as SwiftUI
    /// spells them), springs as they were written; feeding it back gives the same curve.
    public var json: JSONValue {
        var object: [String: JSONValue]
        switch curve {
        case .spring(let spring, let initialVelocity):
            var body: [String: JSONValue]
            switch springSpelling {
            case .response:
                body = ["response": .number(spring.response), "dampingFraction": .number(spring.dampingRatio)]
            case .interpolating:
                body = ["stiffness": .number(spring.stiffness), "damping": .number(spring.damping)]
                if spring.mass != 1 { body["mass"] = .number(spring.mass) }
            }
            if initialVelocity != 0 { body["initialVelocity"] = .number(initialVelocity) }
            if let blend = writtenSpring?.blendDuration, blend > 0 { body["blendDuration"] = .number(blend) }
            object = [springSpelling == .response ? "spring" : "interpolatingSpring": .object(body)]
        case .timing(let function, let duration):
            switch function {
            case .linear: object = ["linear": ["duration": .number(duration)]]
            case .easeIn: object = ["easeIn": ["duration": .number(duration)]]
            case .easeOut: object = ["easeOut": ["duration": .number(duration)]]
            case .easeInOut: object = ["easeInOut": ["duration": .number(duration)]]
            case .bezier(let b):
                object = [
                    "bezier": [
                        "x1": .number(b.x1), "y1": .number(b.y1), "x2": .number(b.x2), "y2": .number(b.y2),
                        "duration": .number(duration),
                    ]
                ]
            }
        }
        if delay != .zero { object["delay"] = .number(delay.seconds) }
        switch repetition {
        case .forever(let autoreverses): object["repeatForever"] = ["autoreverses": .bool(autoreverses)]
        case .count(let count, let autoreverses):
            object["repeatCount"] = ["count": .int(Int64(count)), "autoreverses": .bool(autoreverses)]
        case nil: break
        }
        return .object(object)
    }
}
