import ChoreoEngine
import ChoreoMotion
import SwiftSyntax

extension Evaluator {
    /// SwiftUI's animation constructors (`Animation.spring(response:dampingFraction:)`, `.interpolatingSpring`,
    /// `.spring(duration:bounce:)`, `.smooth`/`.snappy`/`.bouncy(duration:extraBounce:)`, `.easeIn/Out/InOut` and
    /// `.linear(duration:)`, `.timingCurve`) with their documented defaults; nil for anything else or an argument it
    /// cannot resolve.
    /// The names of SwiftUI's animation constructors (an implicit `.easeInOut(duration: x)` is one of them, never an
    /// enum case of the app's).
    static let animationConstructors: Set<String> = [
        "spring", "interpolatingSpring", "interactiveSpring", "smooth", "snappy", "bouncy", "linear", "easeIn",
        "easeOut", "easeInOut", "timingCurve",
    ]

    func animationConstructor(
        _ name: String, _ arguments: [(label: String?, expr: ExprSyntax)], origin: CodeLocation
    ) -> CodeValue? {
        var labels: [String: ExprSyntax] = [:]
        var unlabeled: [ExprSyntax] = []
        for argument in arguments {
            if let label = argument.label { labels[label] = argument.expr } else { unlabeled.append(argument.expr) }
        }
        let allowed: Set<String>
        switch name {
        case "spring": allowed = ["response", "dampingFraction", "blendDuration", "duration", "bounce"]
        case "interpolatingSpring": allowed = ["mass", "stiffness", "damping", "initialVelocity", "duration", "bounce"]
        case "interactiveSpring":
            allowed = ["response", "dampingFraction", "blendDuration", "duration", "extraBounce"]
        case "smooth", "snappy", "bouncy": allowed = ["duration", "extraBounce"]
        case "linear", "easeIn", "easeOut", "easeInOut": allowed = ["duration"]
        case "timingCurve": allowed = ["duration"]
        default: return nil
        }
        // `.timingCurve(.easeInOut, duration:)`: a UnitCurve preset.
        if name == "timingCurve", unlabeled.count == 1, let unit = unlabeled[0].as(MemberAccessExprSyntax.self),
            unit.base == nil || unit.base?.trimmedDescription == "UnitCurve"
        {
            let function: [String: TimingFunction] = [
                "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInOut,
            ]
            guard let chosen = function[unit.declName.baseName.text] else { return nil }
            guard let durationExpr = labels["duration"] else {
                return .curve(CodeCurve(curve: .timing(chosen, seconds: 0.35), origin: origin))
            }
            guard let duration = evaluate(durationExpr) else { return nil }
            return lift([duration]) { values in
                values[0].number.map { .curve(CodeCurve(curve: .timing(chosen, seconds: $0), origin: origin)) }
            }
        }
        // `.spring(Spring(duration: 0.4, bounce: 0.2))`, `.spring(.bouncy)`: a `Spring` value (its own constructor
        // or preset), the same fluid spring.
        if name == "spring", labels.isEmpty || Set(labels.keys) == ["blendDuration"], unlabeled.count == 1,
            let spring = springValue(unlabeled[0])
        {
            return lift([spring] + (labels["blendDuration"].flatMap { evaluate($0) }.map { [$0] } ?? [])) { values in
                guard case .curve(var curve) = values[0] else { return nil }
                if values.count > 1, let blend = values[1].number { curve.curve.writtenSpring?.blendDuration = blend }
                curve.origin = origin
                return .curve(curve)
            }
        }
        guard Set(labels.keys).isSubset(of: allowed), name == "timingCurve" || unlabeled.isEmpty else { return nil }
        // Every argument resolved (a value per variant when one varies), in a fixed order.
        let order = labels.keys.sorted()
        var values: [CodeValue] = []
        for label in order {
            guard let value = evaluate(labels[label]!) else { return nil }
            values.append(value)
        }
        for expr in unlabeled {
            guard let value = evaluate(expr) else { return nil }
            values.append(value)
        }
        return lift(values) { resolved in
            var named: [String: Double] = [:]
            for (index, label) in order.enumerated() {
                guard let number = resolved[index].number else { return nil }
                named[label] = number
            }
            let positional = resolved[order.count...].compactMap(\.number)
            guard positional.count == unlabeled.count else { return nil }
            guard let curve = Self.curve(name, named, positional) else { return nil }
            return .curve(CodeCurve(curve: curve, origin: origin))
        }
    }

    /// A `Spring` value as a curve: `Spring(duration:bounce:)`, `Spring(response:dampingRatio:)`,
    /// `Spring(mass:stiffness:damping:)`, or a preset (`.smooth`, `.snappy`, `.bouncy`, with `duration:`/
    /// `extraBounce:` too).
    func springValue(_ expr: ExprSyntax) -> CodeValue? {
        let origin = location(of: expr)
        if let access = expr.as(MemberAccessExprSyntax.self),
            access.base == nil || access.base?.trimmedDescription == "Spring",
            ["smooth", "snappy", "bouncy"].contains(access.declName.baseName.text),
            let curve = Self.curve(access.declName.baseName.text, [:], [])
        {
            return .curve(CodeCurve(curve: curve, origin: origin))
        }
        guard let call = expr.as(FunctionCallExprSyntax.self) else { return nil }
        let called = call.calledExpression.trimmedDescription
        let arguments = call.arguments.map { (label: $0.label?.text, expr: $0.expression) }
        if called == "Spring" || called == ".init" {
            var named: [String: CodeValue] = [:]
            for argument in arguments {
                guard let label = argument.label, let value = evaluate(argument.expr) else { return nil }
                named[label] = value
            }
            let order = named.keys.sorted()
            return lift(order.map { named[$0]! }) { values in
                var numbers: [String: Double] = [:]
                for (label, value) in zip(order, values) {
                    guard let number = value.number else { return nil }
                    numbers[label] = number
                }
                let keys = Set(numbers.keys)
                let curve: AnimationCurve
                if keys.isSubset(of: ["duration", "bounce"]) {
                    curve = Self.byDuration(numbers["duration"] ?? 0.5, bounce: numbers["bounce"] ?? 0)
                } else if keys.isSubset(of: ["response", "dampingRatio"]) {
                    curve = .spring(response: numbers["response"] ?? 0.5, dampingFraction: numbers["dampingRatio"] ?? 1)
                } else if keys.isSubset(of: ["mass", "stiffness", "damping"]), let stiffness = numbers["stiffness"],
                    let damping = numbers["damping"]
                {
                    // A Spring by its coefficients runs as a fluid spring of the same response and damping ratio.
                    let mass = numbers["mass"] ?? 1
                    let omega = (stiffness / mass).squareRoot()
                    curve = .spring(
                        response: 2 * Double.pi / omega,
                        dampingFraction: damping / (2 * (stiffness * mass).squareRoot()))
                } else {
                    return nil
                }
                return .curve(CodeCurve(curve: curve, origin: origin))
            }
        }
        if let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            access.base == nil || access.base?.trimmedDescription == "Spring",
            ["smooth", "snappy", "bouncy"].contains(access.declName.baseName.text)
        {
            return animationConstructor(access.declName.baseName.text, arguments, origin: origin)
        }
        return nil
    }

    /// The curve of a constructor with resolved arguments.
    static func curve(_ name: String, _ named: [String: Double], _ positional: [Double]) -> AnimationCurve? {
        switch name {
        case "spring":
            // `.spring` and `.spring()` resolve to the duration/bounce overload under the iOS 17+ SDK (the response
            // overload is disfavoured): response 0.5, damping fraction 1 (SWIFTUI_PHYSICS_NOTES decision 10).
            if named["duration"] != nil || named["bounce"] != nil || named.keys.allSatisfy({ $0 == "blendDuration" }) {
                var curve = byDuration(named["duration"] ?? 0.5, bounce: named["bounce"] ?? 0)
                curve.writtenSpring?.blendDuration = named["blendDuration"] ?? 0
                return curve
            }
            return spring(
                response: named["response"] ?? 0.5, dampingFraction: named["dampingFraction"] ?? 0.825,
                blendDuration: named["blendDuration"] ?? 0)
        case "interpolatingSpring":
            if named["duration"] != nil || named["bounce"] != nil {
                return byDuration(named["duration"] ?? 0.5, bounce: named["bounce"] ?? 0)
            }
            guard let stiffness = named["stiffness"], let damping = named["damping"] else { return nil }
            return .interpolatingSpring(
                stiffness: stiffness, damping: damping, mass: named["mass"] ?? 1,
                initialVelocity: named["initialVelocity"] ?? 0)
        case "interactiveSpring":
            // With response or dampingFraction, the response overload's defaults (0.15, 0.86, 0.25); otherwise, as
            // `.interactiveSpring` and `.interactiveSpring()` resolve under the iOS 17+ SDK, the duration overload:
            // duration 0.15, bounce 0.15 + extraBounce, blend 0.25 (decision 10).
            if named["response"] != nil || named["dampingFraction"] != nil {
                return spring(
                    response: named["response"] ?? 0.15, dampingFraction: named["dampingFraction"] ?? 0.86,
                    blendDuration: named["blendDuration"] ?? 0.25)
            }
            var curve = byDuration(named["duration"] ?? 0.15, bounce: 0.15 + (named["extraBounce"] ?? 0))
            curve.writtenSpring?.blendDuration = named["blendDuration"] ?? 0.25
            return curve
        case "smooth", "snappy", "bouncy":
            let base = name == "smooth" ? 0 : name == "snappy" ? 0.15 : 0.3
            return byDuration(named["duration"] ?? 0.5, bounce: base + (named["extraBounce"] ?? 0))
        case "linear": return .linear(named["duration"] ?? 0.35)
        case "easeIn": return .easeIn(named["duration"] ?? 0.35)
        case "easeOut": return .easeOut(named["duration"] ?? 0.35)
        case "easeInOut": return .easeInOut(named["duration"] ?? 0.35)
        case "timingCurve":
            guard positional.count == 4 else { return nil }
            return .timing(
                .bezier(CubicBezier(x1: positional[0], y1: positional[1], x2: positional[2], y2: positional[3])),
                seconds: named["duration"] ?? 0.35)
        default: return nil
        }
    }

    /// `spring(response:dampingFraction:blendDuration:)`.
    static func spring(response: Double, dampingFraction: Double, blendDuration: Double) -> AnimationCurve {
        var curve = AnimationCurve.spring(response: response, dampingFraction: dampingFraction)
        curve.writtenSpring?.blendDuration = blendDuration
        return curve
    }

    /// `spring(duration:bounce:)`: the response is the duration; the damping fraction 1 − bounce (1 / (1 + bounce)
    /// below zero).
    static func byDuration(_ duration: Double, bounce: Double) -> AnimationCurve {
        .spring(response: duration, dampingFraction: bounce >= 0 ? 1 - bounce : 1 / (1 + bounce))
    }

    /// A preset written without a call: `.easeInOut` (0.35 s), `.linear`, `.spring`, `.smooth`, `.snappy`,
    /// `.bouncy`, `.interactiveSpring`.
    static func preset(_ name: String, origin: CodeLocation) -> CodeCurve? {
        guard
            ["linear", "easeIn", "easeOut", "easeInOut", "spring", "smooth", "snappy", "bouncy", "interactiveSpring"]
                .contains(name), let curve = curve(name, [:], [])
        else { return nil }
        return CodeCurve(curve: curve, origin: origin)
    }

    /// `.delay(_:)`, `.speed(_:)` and `.repeatForever(autoreverses:)` on a curve (variant by variant); a delay the
    /// evaluator cannot resolve is computed at run time (a stagger) and not compared.
    func curveModifier(
        _ name: String, _ arguments: [(label: String?, expr: ExprSyntax)], on base: CodeValue
    ) -> CodeValue? {
        switch name {
        case "delay":
            guard let first = arguments.first else { return nil }
            let delay = evaluate(first.expr)
            return lift([base, delay ?? .noAnimation]) { values in
                guard case .curve(var curve) = values[0] else { return values[0] == .noAnimation ? .noAnimation : nil }
                if let seconds = values[1].number {
                    curve.curve = curve.curve.delayed(by: VirtualTime(seconds: seconds))
                } else {
                    curve.dynamicDelay = true
                }
                return .curve(curve)
            }
        case "speed":
            guard let first = arguments.first, let speed = evaluate(first.expr) else { return nil }
            return lift([base, speed]) { values in
                guard case .curve(var curve) = values[0] else { return values[0] == .noAnimation ? .noAnimation : nil }
                guard let factor = values[1].number, factor > 0 else { return nil }
                curve.curve = Self.scaled(curve.curve, speed: factor)
                return .curve(curve)
            }
        case "repeatForever":
            var autoreverses: CodeValue = .bool(true)
            if let argument = arguments.first(where: { $0.label == "autoreverses" }) {
                guard let value = evaluate(argument.expr) else { return nil }
                autoreverses = value
            }
            return lift([base, autoreverses]) { values in
                guard case .curve(var curve) = values[0] else { return values[0] == .noAnimation ? .noAnimation : nil }
                guard case .bool(let flag) = values[1] else { return nil }
                curve.delayRepeats = curve.dynamicDelay || curve.curve.delay != .zero
                curve.curve = curve.curve.repeatingForever(autoreverses: flag)
                return .curve(curve)
            }
        default:
            // `.repeatCount`, `.logicallyComplete(after:)` and the like: not modelled, never equal to a curve.
            return .unresolved(
                ".\(name)(…), which Choreo does not model", base.location ?? CodeLocation(path: "?", line: 0))
        }
    }

    /// A curve played `speed` times as fast: durations and the delay divided by it, a spring's stiffness times its
    /// square and its damping and initial velocity times it (the same motion on a faster clock).
    static func scaled(_ curve: AnimationCurve, speed: Double) -> AnimationCurve {
        var out = curve
        switch curve.curve {
        case .timing(let function, let duration):
            out.curve = .timing(function, duration: duration / speed)
        case .spring(let spring, let velocity):
            out.curve = .spring(
                Spring(stiffness: spring.stiffness * speed * speed, damping: spring.damping * speed, mass: spring.mass),
                initialVelocity: velocity * speed)
            if var written = out.writtenSpring {
                written.response /= speed
                out.writtenSpring = written
            }
        }
        out.delay = VirtualTime(seconds: curve.delay.seconds / speed)
        return out
    }
}
