/// A haptic source a feature plays and where the app's code plays it: one declaration gives the state reference's
/// row, the check that a recorded haptic was declared, and the code anchor `journey conformance` compares.
public struct HapticDeclaration: Sendable {
    /// The source, its styles and when it plays.
    public var source: HapticSource
    /// Where the app's code plays it (nil: no anchor).
    public var site: CodeSite?
    /// For a pattern, the styles in the order they play, checked against the code's calls in that order.
    public var pattern: [HapticStyle]?

    public init(_ source: HapticSource, at site: CodeSite? = nil, pattern: [HapticStyle]? = nil) {
        self.source = source
        self.site = site
        self.pattern = pattern
    }

    /// A source named `name` that plays `styles`, played at `site`.
    public init(
        _ name: String, _ styles: [HapticStyle], _ meaning: String, at site: CodeSite? = nil,
        pattern: [HapticStyle]? = nil
    ) {
        self.init(HapticSource(name, styles, meaning), at: site, pattern: pattern)
    }

    /// Its code anchor, if it has a site.
    public var anchor: CodeAnchor? {
        site?.anchor(source.source, .haptic(source.styles), pattern: pattern)
    }
}
