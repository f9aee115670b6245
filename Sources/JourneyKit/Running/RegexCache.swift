import Foundation

/// Compiled `matches:` patterns. Compiling a Swift `Regex` costs far more than matching one, and suites repeat the
/// same few patterns in many journeys, so each pattern is compiled once per process.
enum RegexCache {
    private final class Store: @unchecked Sendable {
        let lock = NSLock()
        var compiled: [String: Regex<AnyRegexOutput>?] = [:]
    }

    private static let store = Store()

    /// The compiled pattern, or nil when it is not a valid regular expression.
    static func regex(_ pattern: String) -> Regex<AnyRegexOutput>? {
        if let known = store.lock.withLock({ store.compiled[pattern] }) { return known }
        let regex = try? Regex(pattern)
        store.lock.withLock { store.compiled[pattern] = regex }
        return regex
    }
}
