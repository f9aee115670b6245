import ChoreoEngine

/// What `journey conformance` found: a verdict per anchor, and the motion inside anchored types the model does not
/// know.
public struct ConformanceReport: Sendable {
    /// An anchor's (or one of its variants', styles') verdict.
    public enum Status: String, Sendable, Hashable {
        case conforms
        case drifted
        /// The code's value here could not be resolved (known only at run time, or a modifier Choreo does not
        /// model): it fails, as a value that cannot be checked.
        case unresolved
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
        /// The constants and helpers the value came through, with where each is declared.
        public var via: [String] = []
        /// For a row not found: whether `--allow-missing` accepts it (the type is not in the code, or another
        /// variant was found).
        public var allowed = false
        /// For a row not found: another variant was found, at ``location``, whose site does not select by this one.
        public var oneCurve = false
        /// For a drifted row: the decision that accepts it (`--accept`), which keeps it from failing the run.
        public var accepted: String?

        public init(
            variant: String?, status: Status, code: String?, model: String, location: CodeLocation?,
            usedAt: CodeLocation? = nil, via: [String] = []
        ) {
            self.variant = variant
            self.status = status
            self.code = code
            self.model = model
            self.location = location
            self.usedAt = usedAt
            self.via = via
        }
    }

    /// The verdict on one anchor.
    public struct Verdict: Sendable {
        public var app: String
        public var anchor: CodeAnchor
        public var rows: [Row]

        /// Drifted when any row drifted; unresolved when any row could not be resolved; not found when any row was
        /// not found; else conforms.
        public var status: Status {
            if rows.contains(where: { $0.status == .drifted }) { return .drifted }
            if rows.contains(where: { $0.status == .unresolved }) { return .unresolved }
            if rows.isEmpty || rows.contains(where: { $0.status == .notFound }) { return .notFound }
            return .conforms
        }

        /// Drifted, and every drifted row accepted by a decision (`--accept`), with nothing else failing.
        public var accepted: Bool {
            status == .drifted
                && rows.allSatisfy { $0.status == .conforms || ($0.status == .drifted && $0.accepted != nil) }
        }

        /// Whether `--allow-missing` lets this verdict pass: only rows not found that it accepts.
        public var allowedMissing: Bool {
            status == .notFound && rows.allSatisfy { $0.status == .conforms || ($0.status == .notFound && $0.allowed) }
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
    /// The `--accept` entries no drifted row matched (reported; they do not fail the run).
    public var stale: [ConformanceBaseline.Entry] = []

    public func count(_ status: Status) -> Int { verdicts.filter { $0.status == status }.count }

    /// No anchor conforms at all: the sources are not the app's (or `--app` names another), which never passes.
    public var nothingConforms: Bool {
        !verdicts.isEmpty && count(.conforms) == 0 && !verdicts.contains { $0.rows.contains { $0.status == .conforms } }
    }

    /// Whether a verdict fails the run.
    public func fails(_ verdict: Verdict, allowMissing: Bool) -> Bool {
        switch verdict.status {
        case .conforms: false
        case .drifted: !verdict.accepted
        case .unresolved: true
        case .notFound: !(allowMissing && verdict.allowedMissing)
        }
    }

    /// 1 when an anchor drifted or could not be resolved, or was not found (`--allow-missing` accepts anchors whose
    /// type the code does not have yet, and variants a found site does not select); 1 with `failOnUnknown` when
    /// motion in an anchored type is unknown; else 0.
    public func exitCode(allowMissing: Bool, failOnUnknown: Bool = false) -> Int32 {
        if verdicts.contains(where: { fails($0, allowMissing: allowMissing) }) { return 1 }
        if nothingConforms { return 1 }
        if failOnUnknown && !unknown.isEmpty { return 1 }
        return 0
    }
}
