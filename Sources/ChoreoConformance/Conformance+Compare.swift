import ChoreoEngine
import ChoreoMotion

extension Conformance {
    /// `animation`, `haptic` or `transition`: what a site's value is.
    static func kind(of value: CodeValue) -> String {
        switch value {
        case .curve, .noAnimation, .unresolved: return "animation"
        case .haptic, .haptics: return "haptic"
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
        case .haptics(let taps): return taps.map(spelling).joined(separator: ", ")
        case .transition(let text, _): return text
        case .unresolved(let text, _): return "not resolved: \(text)"
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
            if case .transition(let code, _) = value {
                return TransitionSpelling.canonical(code) == TransitionSpelling.canonical(text)
            }
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
        // The model delays the first pass only; `.delay` before `.repeatForever` delays every pass.
        guard code.curve.repetition == model.repetition, !code.delayRepeats else { return false }
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

    /// The rows of an anchor's verdict from the sites assigned to it. A row not found is `allowed` (by
    /// `--allow-missing`) when the code does not have the type yet, or when another variant of an animation was
    /// found (a site that does not select by this one); not when the type is in the code and nothing in it is the
    /// anchor's.
    /// `inCase`: the sites of the `switch` case named after the anchor, in the order they are written (a haptic
    /// pattern's taps).
    func rows(
        _ anchor: CodeAnchor, sites: [CodeSite], typeLocation: CodeLocation?, inCase: [CodeSite] = []
    ) -> [ConformanceReport.Row] {
        var rows: [ConformanceReport.Row]
        switch anchor.subject {
        case .animation(let variants):
            rows = variants.map { variant in
                let label = Self.label(variant.variant, of: variants)
                var conforming: ConformanceReport.Row?
                for site in sites {
                    for pair in Self.comparisons(site.value, variants) where pair.variant.variant == variant.variant {
                        var row = ConformanceReport.Row(
                            variant: label, status: Self.same(pair.code, variant.curve) ? .conforms : .drifted,
                            code: Self.spelling(pair.code), model: variant.curve?.swiftSpelling ?? "nil",
                            location: pair.code.location ?? site.location,
                            usedAt: pair.code.location.flatMap { $0 == site.location ? nil : site.location },
                            via: Self.via(site, except: pair.code.location))
                        if case .unresolved = pair.code { row.status = .unresolved }
                        if row.status != .conforms { return row }
                        conforming = conforming ?? row
                    }
                }
                return conforming
                    ?? ConformanceReport.Row(
                        variant: label, status: .notFound, code: nil, model: variant.curve?.swiftSpelling ?? "nil",
                        location: typeLocation)
            }
        case .haptic(let styles):
            rows = styles.map { style in
                let site = sites.first { if case .haptic(style, _) = $0.value { true } else { false } }
                return ConformanceReport.Row(
                    variant: style.rawValue, status: site == nil ? .notFound : .conforms,
                    code: site.map { _ in style.rawValue }, model: style.rawValue,
                    location: site.flatMap { $0.value.location } ?? (site == nil ? typeLocation : nil),
                    usedAt: site.flatMap { $0.value.location == $0.location ? nil : $0.location },
                    via: site.map { Self.via($0, except: $0.value.location) } ?? [])
            }
            for site in sites {
                guard case .haptic(let style, let origin) = site.value, !styles.contains(style) else { continue }
                let stray = ConformanceReport.Row(
                    variant: style.rawValue, status: .drifted, code: style.rawValue,
                    model: styles.map(\.rawValue).joined(separator: ", "), location: origin,
                    usedAt: origin == site.location ? nil : site.location, via: Self.via(site, except: origin))
                if rows.contains(where: { $0.status == .drifted && $0.code == style.rawValue }) { continue }
                rows.append(stray)
            }
            // One style missing and one played instead: one row, the model's style against the code's.
            let missing = rows.indices.filter { rows[$0].status == .notFound }
            let strays = rows.indices.filter { rows[$0].status == .drifted }
            if missing.count == 1, strays.count == 1 {
                var merged = rows[strays[0]]
                merged.variant = rows[missing[0]].variant
                merged.model = rows[missing[0]].model
                rows[missing[0]] = merged
                rows.remove(at: strays[0])
            }
            // A pattern: the taps of its case, in order and in number.
            let played = inCase.compactMap { site -> HapticStyle? in
                if case .haptic(let style, _) = site.value { return style }
                return nil
            }
            if let pattern = anchor.pattern, !played.isEmpty, played != pattern {
                rows.append(
                    ConformanceReport.Row(
                        variant: "pattern", status: .drifted, code: played.map(\.rawValue).joined(separator: ", "),
                        model: pattern.map(\.rawValue).joined(separator: ", "), location: inCase[0].location))
            }
        case .transition(let text):
            let model = TransitionSpelling.canonical(text)
            let found = sites.compactMap { site -> (code: String, at: CodeLocation)? in
                if case .transition(let code, let at) = site.value { return (code, at) }
                return nil
            }
            if let (code, at) = found.first(where: { TransitionSpelling.canonical($0.code) != model }) {
                rows = [ConformanceReport.Row(variant: nil, status: .drifted, code: code, model: text, location: at)]
            } else if let (code, at) = found.first {
                rows = [ConformanceReport.Row(variant: nil, status: .conforms, code: code, model: text, location: at)]
            } else {
                rows = [
                    ConformanceReport.Row(
                        variant: nil, status: .notFound, code: nil, model: text, location: typeLocation)
                ]
            }
        }
        // What --allow-missing accepts: the type is not in the code yet, or (an animation) another variant was
        // found: a site that does not select by this one. A haptic style missing beside the others is not excused.
        let foundAt = anchor.kind == "animation" ? rows.first { $0.status != .notFound }?.location : nil
        let found = anchor.kind == "animation" && rows.contains { $0.status != .notFound }
        for index in rows.indices where rows[index].status == .notFound {
            rows[index].allowed = found || typeLocation == nil
            // A variant a found site does not select: the row points at that site.
            rows[index].location = found ? foundAt : typeLocation
            rows[index].oneCurve = found
        }
        return rows
    }

    /// The constants and helpers a site's value came through, where they are declared, other than the curve's own
    /// line: `MotionToken.duration at MotionToken.swift:6`.
    static func via(_ site: CodeSite, except origin: CodeLocation?) -> [String] {
        site.followed.filter { $0.value != origin && $0.value != site.location }
            .sorted { ($0.value, $0.key) < ($1.value, $1.key) }
            .map { "\($0.key) at \($0.value)" }
    }

    /// A row's variant label: none for an anchor with one full-mode curve.
    static func label(_ variant: CodeAnchor.Variant, of variants: [CodeAnchor.VariantCurve]) -> String? {
        variants.count == 1 && variant == .full ? nil : variant.rawValue
    }

}
