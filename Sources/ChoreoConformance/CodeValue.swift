import ChoreoEngine
import ChoreoMotion

/// Where the code writes a value: `path:line`.
public struct CodeLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var path: String
    public var line: Int

    public init(path: String, line: Int) {
        self.path = path
        self.line = line
    }

    public var description: String { "\(path):\(line)" }

    public static func < (lhs: CodeLocation, rhs: CodeLocation) -> Bool {
        (lhs.path, lhs.line) < (rhs.path, rhs.line)
    }
}

/// A curve as the code writes it, resolved to the model's terms.
public struct CodeCurve: Sendable, Hashable {
    public var curve: AnimationCurve
    /// The delay is computed at run time (a per-element stagger): it is not compared.
    public var dynamicDelay = false
    /// `.delay(_:)` comes before `.repeatForever`: the delay repeats with every pass, where the model delays the
    /// first pass only.
    public var delayRepeats = false
    /// Where the curve's constructor is written.
    public var origin: CodeLocation

    /// As Swift spells it, e.g. `.easeOut(duration: 0.4)`.
    public var swiftSpelling: String {
        guard dynamicDelay || delayRepeats else { return curve.swiftSpelling }
        var plain = curve
        plain.delay = .zero
        plain.repetition = nil
        let delay =
            dynamicDelay ? ".delay(<computed at run time>)" : ".delay(\(AnimationCurve.spelled(curve.delay.seconds)))"
        var repeating = ""
        switch curve.repetition {
        case .forever(let autoreverses): repeating = ".repeatForever(autoreverses: \(autoreverses))"
        case .count(let count, let autoreverses): repeating = ".repeatCount(\(count), autoreverses: \(autoreverses))"
        case nil: break
        }
        return plain.swiftSpelling + (delayRepeats ? delay + repeating : repeating + delay)
    }
}

/// A value the evaluator resolved from Swift code: a literal, a curve, a haptic, a transition, or one of them per
/// mode or frame rate.
indirect enum CodeValue: Sendable, Hashable {
    case number(Double)
    case bool(Bool)
    case string(String)
    /// `.soft`, `.full`: an implicit member whose type the evaluator does not know.
    case implicitMember(String)
    /// A type's name, e.g. `Animation` or `MotionToken`.
    case typeName(String)
    case curve(CodeCurve)
    /// `nil` where a curve is expected: the change is instant.
    case noAnimation
    case haptic(HapticStyle, CodeLocation)
    /// Taps played one after the other (a wrapper method playing `light(); heavy()`, or a tap and a delayed tap),
    /// each a ``haptic(_:_:)``, in the order written.
    case haptics([CodeValue])
    /// A feedback generator made but not yet played (its style when it has one).
    case generator(HapticStyle?)
    case transition(String, CodeLocation)
    /// An enum case with its associated values (`.notification(.success)`, `.dataRefresh(intensity: 0.6)`), each
    /// nil when it cannot be resolved.
    case enumCase(String, [CodeValue?])
    /// An instance of a type of the module (`HapticEngine.shared`), whose methods are looked up.
    case instance(String)
    /// Motion the evaluator cannot resolve (a value known only at run time, an unmodelled modifier), with what it
    /// is and where.
    case unresolved(String, CodeLocation)
    /// A value selected by the animation mode or the frame rate.
    case variants([CodeAnchor.Variant: CodeValue])

    /// Whether this is motion the report is about (a curve, an instant change, a haptic or a transition, or
    /// variants of them).
    var isMotion: Bool {
        switch self {
        case .curve, .haptic, .haptics, .transition: return true
        case .variants(let values): return values.values.contains { $0.isMotion }
        default: return false
        }
    }

    /// The value in one variant (itself when it does not vary).
    func value(in variant: CodeAnchor.Variant) -> CodeValue? {
        if case .variants(let values) = self { return values[variant] }
        return self
    }

    /// Where the value is written, when it says.
    var location: CodeLocation? {
        switch self {
        case .curve(let curve): curve.origin
        case .haptic(_, let location), .transition(_, let location), .unresolved(_, let location): location
        case .haptics(let taps): taps.first?.location
        case .variants(let values): values.values.lazy.compactMap(\.location).first
        default: nil
        }
    }

    /// The taps it plays, in order (none for a value that is not a haptic).
    var taps: [CodeValue] {
        switch self {
        case .haptic: [self]
        case .haptics(let taps): taps
        default: []
        }
    }

    /// The same taps, each placed at `origin` (a wrapper's call, where the app plays them).
    func placed(at origin: CodeLocation) -> CodeValue {
        switch self {
        case .haptic(let style, _): .haptic(style, origin)
        case .haptics(let taps): .haptics(taps.map { $0.placed(at: origin) })
        default: self
        }
    }

    var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }
}

extension CodeAnchor.Variant {
    /// The variants a mode switch selects among.
    static let modes: [CodeAnchor.Variant] = [.full, .reduced, .minimal]
    /// The variants a frame-rate condition selects among.
    static let frameRates: [CodeAnchor.Variant] = [.fps120, .fps60]

    /// The frame rate of an fps variant.
    var framesPerSecond: Double? {
        switch self {
        case .fps120: 120
        case .fps60: 60
        default: nil
        }
    }
}

/// Applies `transform` to values that may vary by mode or frame rate, variant by variant; nil when any variant fails.
/// Where the transform fails on an unresolved input, the result is that input (what could not be read).
func lift(_ values: [CodeValue], _ transform: ([CodeValue]) -> CodeValue?) -> CodeValue? {
    func apply(_ picked: [CodeValue]) -> CodeValue? {
        if let result = transform(picked) { return result }
        return picked.first { if case .unresolved = $0 { true } else { false } }
    }
    guard
        let keys = values.lazy.compactMap({ value -> [CodeAnchor.Variant]? in
            if case .variants(let map) = value { return Array(map.keys) }
            return nil
        }).first
    else { return apply(values) }
    var out: [CodeAnchor.Variant: CodeValue] = [:]
    for key in keys {
        var picked: [CodeValue] = []
        for value in values {
            guard let one = value.value(in: key) else { return nil }
            picked.append(one)
        }
        guard let result = apply(picked) else { return nil }
        out[key] = result
    }
    return .variants(out)
}
