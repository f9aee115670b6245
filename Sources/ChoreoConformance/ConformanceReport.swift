import ChoreoEngine

/// What `journey conformance` found: a verdict per anchor, and the motion inside anchored types the model does not
/// know.
public struct ConformanceReport: Sendable {
    /// An anchor's (or one of its variants', styles') verdict.
    public enum Status: String, Sendable, Hashable {
        case conforms
        case drifted
        case notFound = "not found"
    }

    /// One comparison: a variant of a curve, a haptic style, or a transition.
    public struct Row: Sendable, Hashable {
        /// The variant (`full`, `120fps`) or the haptic style compared; nil for a single curve or a transition.
        public var variant: String?
        public var status: Status
        /// The code's value, as Swift spells it (nil when not found).
        public var code: String?
        /// The model's value.
        public var model: String
        /// Where the code's value is written (a curve's constructor, a haptic call).
        public var location: CodeLocation?
        /// Where the anchored type uses it, when that is elsewhere (a token's use).
        public var usedAt: CodeLocation?
    }

    /// The verdict on one anchor.
    public struct Verdict: Sendable {
        public var app: String
        public var anchor: CodeAnchor
        public var rows: [Row]

        /// Drifted when any row drifted; not found when any row was not found; else conforms.
        public var status: Status {
            if rows.contains(where: { $0.status == .drifted }) { return .drifted }
            if rows.isEmpty || rows.contains(where: { $0.status == .notFound }) { return .notFound }
            return .conforms
        }
    }

    /// Motion inside an anchored type that no anchor accounts for.
    public struct Unknown: Sendable, Hashable {
        public var app: String
        public var owner: String
        public var location: CodeLocation
        /// The code's value, as Swift spells it.
        public var code: String
        /// The source text of the site.
        public var text: String
    }

    public var verdicts: [Verdict]
    public var unknown: [Unknown]
    /// The files and documents read.
    public var inputs: [String]
    /// How many Swift files or Markdown blocks were parsed.
    public var parsed: Int
    /// The animation, haptic and transition sites found inside anchored types (their own code, not their tokens'):
    /// all but ``unknown``'s are accounted for by an anchor.
    public var sitesInAnchoredTypes: Int

    public func count(_ status: Status) -> Int { verdicts.filter { $0.status == status }.count }

    /// 1 when an anchor drifted, or was not found and `allowMissing` is off; else 0.
    public func exitCode(allowMissing: Bool) -> Int32 {
        if count(.drifted) > 0 { return 1 }
        if !allowMissing && count(.notFound) > 0 { return 1 }
        return 0
    }
}
