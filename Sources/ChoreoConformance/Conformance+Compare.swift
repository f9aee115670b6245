import ChoreoEngine
import ChoreoMotion

extension Conformance {
    /// `animation`, `haptic` or `transition`: what a site's value is.
    static func kind(of value: CodeValue) -> String {
        switch value {
        case .curve, .noAnimation: return "animation"
        case .haptic: return "haptic"
        case .transition: return "transition"
        case .variants(let values):
            return values.values.map(kind(of:)).first { $0 != "other" } ?? "other"
        default: return "other"
        }
    }

    static func kindMatches(_ value: CodeValue, _ anchor: CodeAnchor) -> Bool { kind(of: value) == anchor.kind }

    /// The code's value as Swift spells it (per variant when it varies).
    static func spelling(_ value: CodeValue) -> String {
        switch value {
        case .curve(let curve): return curve.swiftSpelling
        case .noAnimation: return "nil"
        case .haptic(let style, _): return style.rawValue
        case .transition(let text, _): return text
        case .variants(let values):
            let order = CodeAnchor.Variant.allCases.filter { values[$0] != nil }
            return order.map { "\($0.rawValue): \(spelling(values[$0]!))" }.joined(separator: "; ")
        case .number(let number): return "\(number)"
        default: return "\(value)"
        }
    }

    /// The comparisons a site's value makes with an anchor's variants: the variants it selects by, or else its one
    /// value against the first (full-mode, 120 fps) variant.
    static func comparisons(
        _ value: CodeValue, _ variants: [CodeAnchor.VariantCurve]
    ) -> [(variant: CodeAnchor.VariantCurve, code: CodeValue)] {
        if case .variants(let map) = value {
            let shared = variants.filter { map[$0.variant] != nil }
            if !shared.isEmpty { return shared.map { ($0, map[$0.variant]!) } }
            let primary = map[.full] ?? map[.fps120] ?? map.values.first!
            return variants.first.map { [($0, primary)] } ?? []
        }
        return variants.first.map { [($0, value)] } ?? []
    }

    /// Whether a site's value equals the anchor's model everywhere it is compared.
    static func matches(_ value: CodeValue, _ anchor: CodeAnchor) -> Bool {
        switch anchor.subject {
        case .animation(let variants):
            let pairs = comparisons(value, variants)
            return !pairs.isEmpty && pairs.allSatisfy { same($0.code, $0.variant.curve) }
        case .haptic(let styles):
            if case .haptic(let style, _) = value { return styles.contains(style) }
            return false
        case .transition(let text):
            if case .transition(let code, _) = value { return code == TransitionSpelling.normalized(text) }
            return false
        }
    }

    /// Whether an unmatched site is the same kind of curve as the anchor's first one (a spring, or the same timing
    /// function; repeating or not), or the same transition or haptic kind.
    static func sameFamily(_ value: CodeValue, _ anchor: CodeAnchor) -> Bool {
        guard case .animation(let variants) = anchor.subject else { return kindMatches(value, anchor) }
        guard let pair = comparisons(value, variants).first, case .curve(let code) = pair.code,
            let model = pair.variant.curve
        else { return false }
        guard code.curve.repetition == model.repetition else { return false }
        switch (code.curve.curve, model.curve) {
        case (.spring, .spring): return true
        case (.timing(let a, _), .timing(let b, _)): return a.bezier == b.bezier
        default: return false
        }
    }

    /// A code value against the model's curve (nil: no animation).
    static func same(_ code: CodeValue, _ model: AnimationCurve?) -> Bool {
        switch (code, model) {
        case (.noAnimation, nil): return true
        case (.curve(let curve), let model?): return same(curve, model)
        default: return false
        }
    }

    /// Two curves agree: the same repetition, delay (unless the code's is computed at run time) and motion, to a
    /// relative 1e-9 (a spring's stiffness and damping per unit mass and its initial velocity; a timing curve's
    /// control points and duration).
    static func same(_ code: CodeCurve, _ model: AnimationCurve) -> Bool {
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(a), abs(b)) }
        guard code.curve.repetition == model.repetition else { return false }
        if !code.dynamicDelay, !close(code.curve.delay.seconds, model.delay.seconds) { return false }
        switch (code.curve.curve, model.curve) {
        case (.spring(let a, let va), .spring(let b, let vb)):
            return close(a.stiffness / a.mass, b.stiffness / b.mass) && close(a.damping / a.mass, b.damping / b.mass)
                && close(va, vb)
        case (.timing(let fa, let da), .timing(let fb, let db)):
            let (a, b) = (fa.bezier, fb.bezier)
            return close(da, db) && close(a.x1, b.x1) && close(a.y1, b.y1) && close(a.x2, b.x2) && close(a.y2, b.y2)
        default:
            return false
        }
    }

    /// The rows of an anchor's verdict from the sites assigned to it.
    func rows(_ anchor: CodeAnchor, sites: [CodeSite]) -> [ConformanceReport.Row] {
        switch anchor.subject {
        case .animation(let variants):
            return variants.map { variant in
                var conforming: ConformanceReport.Row?
                for site in sites {
                    for pair in Self.comparisons(site.value, variants) where pair.variant.variant == variant.variant {
                        let row = ConformanceReport.Row(
                            variant: Self.label(variant.variant, of: variants),
                            status: Self.same(pair.code, variant.curve) ? .conforms : .drifted,
                            code: Self.spelling(pair.code), model: variant.curve?.swiftSpelling ?? "nil",
                            location: Self.origin(pair.code) ?? site.location,
                            usedAt: Self.origin(pair.code).flatMap { $0 == site.location ? nil : site.location })
                        if row.status == .drifted { return row }
                        conforming = conforming ?? row
                    }
                }
                return conforming
                    ?? ConformanceReport.Row(
                        variant: Self.label(variant.variant, of: variants), status: .notFound, code: nil,
                        model: variant.curve?.swiftSpelling ?? "nil", location: nil, usedAt: nil)
            }
        case .haptic(let styles):
            var rows: [ConformanceReport.Row] = styles.map { style in
                let site = sites.first { if case .haptic(style, _) = $0.value { true } else { false } }
                return ConformanceReport.Row(
                    variant: style.rawValue, status: site == nil ? .notFound : .conforms,
                    code: site.map { _ in style.rawValue },
                    model: style.rawValue, location: site.flatMap { Self.origin($0.value) }, usedAt: nil)
            }
            for site in sites {
                guard case .haptic(let style, let origin) = site.value, !styles.contains(style) else { continue }
                rows.append(
                    ConformanceReport.Row(
                        variant: style.rawValue, status: .drifted, code: style.rawValue,
                        model: styles.map(\.rawValue).joined(separator: ", "), location: origin, usedAt: nil))
            }
            return rows
        case .transition(let text):
            let model = TransitionSpelling.normalized(text)
            guard let site = sites.first(where: { if case .transition = $0.value { true } else { false } }),
                case .transition(let code, let origin) = site.value
            else {
                return [
                    ConformanceReport.Row(
                        variant: nil, status: .notFound, code: nil, model: text, location: nil, usedAt: nil)
                ]
            }
            let drifted = sites.first {
                if case .transition(let other, _) = $0.value { other != model } else { false }
            }
            if let drifted, case .transition(let other, let at) = drifted.value {
                return [
                    ConformanceReport.Row(
                        variant: nil, status: .drifted, code: other, model: text, location: at, usedAt: nil)
                ]
            }
            return [
                ConformanceReport.Row(
                    variant: nil, status: .conforms, code: code, model: text, location: origin, usedAt: nil)
            ]
        }
    }

    /// A row's variant label: none for an anchor with one full-mode curve.
    static func label(_ variant: CodeAnchor.Variant, of variants: [CodeAnchor.VariantCurve]) -> String? {
        variants.count == 1 && variant == .full ? nil : variant.rawValue
    }

    /// Where a value is written: a curve's constructor, a haptic call, a transition.
    static func origin(_ value: CodeValue) -> CodeLocation? {
        switch value {
        case .curve(let curve): curve.origin
        case .haptic(_, let location), .transition(_, let location): location
        default: nil
        }
    }
}
