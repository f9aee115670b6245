/// Compiled `matches:` patterns. Compiling a Swift `Regex` costs far more than matching one, and suites repeat the
/// same few patterns in many journeys, so each pattern is compiled once per process.
enum RegexCache {
    private static let compiled = MemoCache<String, Regex<AnyRegexOutput>?>()

    /// The compiled pattern, or nil when it is not a valid regular expression.
    static func regex(_ pattern: String) -> Regex<AnyRegexOutput>? {
        compiled.value(for: pattern) { try? Regex($0) }
    }
}
