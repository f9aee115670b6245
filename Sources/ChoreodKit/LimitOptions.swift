import ArgumentParser
import ChoreoProtocol

/// choreod's limit options: one per ``Limits/declarations`` entry, named after it (`maxSessions` →
/// `--max-sessions`), with its default, help and smallest value taken from the declaration.
///
/// `Tests/e2e/test_openrpc_document.py` starts choreod with every limit the document lists set through its option
/// and checks that `daemon.info` reports them all.
struct LimitOptions: ParsableArguments {
    private static let defaults = Limits()

    @Option(help: help("maxSessions")) var maxSessions = defaults.maxSessions
    @Option(help: help("maxLineBytes")) var maxLineBytes = defaults.maxLineBytes
    @Option(help: help("maxEventsPerAdvance")) var maxEventsPerAdvance = defaults.maxEventsPerAdvance
    @Option(help: help("maxSubscriptionsPerConnection"))
    var maxSubscriptionsPerConnection = defaults.maxSubscriptionsPerConnection
    @Option(help: help("maxTimersPerSession")) var maxTimersPerSession = defaults.maxTimersPerSession
    @Option(help: help("maxAnimationsPerSession")) var maxAnimationsPerSession = defaults.maxAnimationsPerSession
    @Option(help: help("maxQueuedOutputBytes")) var maxQueuedOutputBytes = defaults.maxQueuedOutputBytes
    @Option(help: help("slowClientSeconds")) var slowClientSeconds = defaults.slowClientSeconds
    @Option(help: help("sessionIdleSeconds")) var sessionIdleSeconds = defaults.sessionIdleSeconds
    @Option(help: help("defaultSettleTimeoutMs")) var defaultSettleTimeoutMs = defaults.defaultSettleTimeoutMs
    @Option(help: help("maxReplyBytes")) var maxReplyBytes = defaults.maxReplyBytes
    @Option(help: help("maxConnections")) var maxConnections = defaults.maxConnections
    @Option(help: help("maxSampleFrames")) var maxSampleFrames = defaults.maxSampleFrames
    @Option(help: help("maxPendingInputBytes")) var maxPendingInputBytes = defaults.maxPendingInputBytes

    /// The limits the options give.
    var limits: Limits {
        var limits = Limits()
        limits.maxSessions = maxSessions
        limits.maxLineBytes = maxLineBytes
        limits.maxEventsPerAdvance = maxEventsPerAdvance
        limits.maxSubscriptionsPerConnection = maxSubscriptionsPerConnection
        limits.maxTimersPerSession = maxTimersPerSession
        limits.maxAnimationsPerSession = maxAnimationsPerSession
        limits.maxQueuedOutputBytes = maxQueuedOutputBytes
        limits.slowClientSeconds = slowClientSeconds
        limits.sessionIdleSeconds = sessionIdleSeconds
        limits.defaultSettleTimeoutMs = defaultSettleTimeoutMs
        limits.maxReplyBytes = maxReplyBytes
        limits.maxConnections = maxConnections
        limits.maxSampleFrames = maxSampleFrames
        limits.maxPendingInputBytes = maxPendingInputBytes
        return limits
    }

    func validate() throws {
        let limits = self.limits
        for declaration in Limits.declarations {
            if let problem = declaration.problem(with: declaration.value(in: limits)) {
                throw ValidationError(problem)
            }
        }
    }

    /// The help of the limit named `name`: its summary, unit and what 0 means (the parser adds the default).
    private static func help(_ name: String) -> ArgumentHelp {
        guard let declaration = Limits.declaration(named: name) else {
            preconditionFailure("no limit named \(name) in Limits.declarations")
        }
        let notes = [
            declaration.unit == .count ? nil : declaration.unit.rawValue, declaration.zeroMeans.map { "0 = \($0)" },
        ].compactMap { $0 }
        return ArgumentHelp(declaration.summary + (notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))") + ".")
    }
}
