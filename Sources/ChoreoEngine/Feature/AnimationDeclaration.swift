/// An animation a feature runs, declared once: the model's curve in each variant (taken from the model's own curve
/// functions, never restated), where the app's code runs it, and the design's budgets for `motion.audit`. The code
/// anchor and the audit entries are derived from it.
public struct AnimationDeclaration: Sendable {
    /// The model's name, as `motion.audit`, `animations.list` and `app.describe` name it, e.g. `heroTransition`.
    public var name: String
    /// The model's curve in each variant (nil: the variant changes the value without animating), the full-mode
    /// (120 fps) one first.
    public var curves: [CodeAnchor.VariantCurve]
    /// Where the app's code runs it (nil: no anchor).
    public var site: CodeSite?
    /// The `.transition(…)` that carries it, as Swift spells it, and where: anchored as `<name>.transition`.
    public var transition: (spelling: String, site: CodeSite)?
    /// What the design promises of it, one `motion.audit` entry each.
    public var audit: [AuditClaim]

    public init(
        _ name: String, curves: [CodeAnchor.VariantCurve], at site: CodeSite? = nil,
        transition: (spelling: String, site: CodeSite)? = nil, audit: [AuditClaim] = []
    ) {
        self.name = name
        self.curves = curves
        self.site = site
        self.transition = transition
        self.audit = audit
    }

    /// An animation that runs `curve` whatever the mode.
    public static func single(
        _ name: String, _ curve: AnimationCurve, at site: CodeSite? = nil,
        transition: (spelling: String, site: CodeSite)? = nil, audit: [AuditClaim] = []
    ) -> AnimationDeclaration {
        AnimationDeclaration(
            name, curves: [CodeAnchor.VariantCurve(.full, curve)], at: site, transition: transition, audit: audit)
    }

    /// An animation whose curve follows the animation mode.
    public static func byMode(
        _ name: String, _ curve: (AnimationMode) -> AnimationCurve?, at site: CodeSite? = nil,
        audit: [AuditClaim] = []
    ) -> AnimationDeclaration {
        AnimationDeclaration(
            name, curves: AnimationMode.allCases.map { CodeAnchor.VariantCurve(.init($0), curve($0)) }, at: site,
            audit: audit)
    }

    /// An animation tuned to the display's frame rate (120 fps, then 60 fps).
    public static func byFrameRate(
        _ name: String, _ curve: (Int) -> AnimationCurve, at site: CodeSite? = nil, audit: [AuditClaim] = []
    ) -> AnimationDeclaration {
        AnimationDeclaration(
            name, curves: [CodeAnchor.VariantCurve(.fps120, curve(120)), CodeAnchor.VariantCurve(.fps60, curve(60))],
            at: site, audit: audit)
    }

    /// The model's curve in `variant` (nil: none declared, or the variant does not animate).
    public func curve(_ variant: CodeAnchor.Variant) -> AnimationCurve? {
        curves.first { $0.variant == variant }?.curve
    }

    /// Its code anchors: the curve's, then the transition's.
    public var anchors: [CodeAnchor] {
        var anchors: [CodeAnchor] = []
        if let site { anchors.append(site.anchor(name, .animation(curves))) }
        if let transition {
            anchors.append(transition.site.anchor("\(name).transition", .transition(transition.spelling)))
        }
        return anchors
    }

    /// The variant a claim audits: the one it names, else the declaration's first.
    func variant(of claim: AuditClaim) -> CodeAnchor.Variant {
        claim.variant ?? curves.first?.variant ?? .full
    }

    /// Its `motion.audit` entries, as `app` audits them: one per claim whose curve is known (``problems`` names the
    /// others).
    public func auditEntries(app: String) -> [MotionAudit.Entry] {
        audit.compactMap { claim in
            let variant = variant(of: claim)
            guard let curve = claim.curve ?? curve(variant) else { return nil }
            let suffix = variant == .full ? "" : ".\(variant.rawValue)"
            return MotionAudit.Entry(
                app: app, name: claim.name ?? name + suffix, curve: curve, source: claim.source, budgets: claim.budgets)
        }
    }
}

extension AnimationDeclaration {
    /// What is wrong with the declaration, in words naming the fix: a claim that audits a variant without a curve
    /// (it would give no `motion.audit` entry).
    public var problems: [String] {
        audit.compactMap { claim in
            let variant = variant(of: claim)
            guard claim.curve == nil, curve(variant) == nil else { return nil }
            let declared = curves.filter { $0.curve != nil }.map(\.variant.rawValue).joined(separator: ", ")
            return
                "the audit claim of `\(name)` (\(claim.source)) audits the \(variant.rawValue) variant, which has no "
                + "curve: name one of \(declared.isEmpty ? "no variants" : declared) or give the claim its `curve:`"
        }
    }
}

/// What a design promises of one animation in one variant: a `motion.audit` entry, its curve the model's unless the
/// claim audits another one (a reading of the design the model does not follow, a spring started with a velocity).
public struct AuditClaim: Sendable {
    /// The variant whose curve it audits (nil: the declaration's first, e.g. `full`, or `120fps` for an animation
    /// tuned to the frame rate).
    public var variant: CodeAnchor.Variant?
    /// The entry's name (nil: the animation's, followed by `.<variant>` unless the variant is `full`).
    public var name: String?
    /// The curve audited (nil: the model's curve in ``variant``).
    public var curve: AnimationCurve?
    /// Where the design defines it.
    public var source: String
    /// The design's budgets, each with the words that state it.
    public var budgets: [(budget: MotionAudit.Budget, claim: String)]

    public init(
        _ variant: CodeAnchor.Variant? = nil, name: String? = nil, curve: AnimationCurve? = nil, source: String,
        budgets: [(budget: MotionAudit.Budget, claim: String)] = []
    ) {
        self.variant = variant
        self.name = name
        self.curve = curve
        self.source = source
        self.budgets = budgets
    }
}
