import ChoreoJSON
import ChoreoMotion

extension AnimationCurve {
    /// The curve as SwiftUI code spells it, e.g. `.spring(response: 0.4, dampingFraction: 0.8)` or
    /// `.linear(duration: 3).repeatForever(autoreverses: false)` (times in seconds).
    public var swiftSpelling: String {
        let n = Self.spelled
        var out: String
        switch curve {
        case .spring(let spring, let initialVelocity):
            switch springSpelling {
            case .response:
                let response = writtenSpring?.response ?? spring.response
                let fraction = writtenSpring?.dampingFraction ?? spring.dampingRatio
                out = ".spring(response: \(n(response)), dampingFraction: \(n(fraction))"
                if let blend = writtenSpring?.blendDuration, blend > 0 { out += ", blendDuration: \(n(blend))" }
                out += ")"
                if initialVelocity != 0 { out += " (initialVelocity \(n(initialVelocity)))" }
            case .interpolating:
                out = ".interpolatingSpring(stiffness: \(n(spring.stiffness)), damping: \(n(spring.damping))"
                if spring.mass != 1 { out += ", mass: \(n(spring.mass))" }
                if initialVelocity != 0 { out += ", initialVelocity: \(n(initialVelocity))" }
                out += ")"
            }
        case .timing(let function, let duration):
            switch function {
            case .linear: out = ".linear(duration: \(n(duration)))"
            case .easeIn: out = ".easeIn(duration: \(n(duration)))"
            case .easeOut: out = ".easeOut(duration: \(n(duration)))"
            case .easeInOut: out = ".easeInOut(duration: \(n(duration)))"
            case .bezier(let b):
                out = ".timingCurve(\(n(b.x1)), \(n(b.y1)), \(n(b.x2)), \(n(b.y2)), duration: \(n(duration)))"
            }
        }
        // The model delays the first pass only: SwiftUI's `.repeatForever(…).delay(_:)`.
        switch repetition {
        case .forever(let autoreverses): out += ".repeatForever(autoreverses: \(autoreverses))"
        case .count(let count, let autoreverses): out += ".repeatCount(\(count), autoreverses: \(autoreverses))"
        case nil: break
        }
        if delay != .zero { out += ".delay(\(n(delay.seconds)))" }
        return out
    }

    /// A number as the spellings print it: the shortest form that reads back the same.
    public static func spelled(_ value: Double) -> String { JSONValue.number(value).serialized() }
}
