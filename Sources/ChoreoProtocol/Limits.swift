import ChoreoAppKit
import ChoreoJSON

/// The daemon's limits. Every limit has a default and a clear error when reached; each is declared once in
/// ``declarations`` (name, unit, description, smallest value), from which come `daemon.info` → `limits` (``json``),
/// its schema in the OpenRPC document, choreod's options (`--max-sessions`, …) and the README's limits table check.
public struct Limits: Sendable, Hashable {
    /// Open sessions per daemon.
    public var maxSessions = 1000
    /// Bytes in one request line; enforced by the server's framing.
    public var maxLineBytes = 8 * 1024 * 1024
    /// Timers and milestones one `clock.advance` or `clock.settle` may fire before it stops with an error.
    public var maxEventsPerAdvance = 1_000_000
    /// Subscriptions per connection.
    public var maxSubscriptionsPerConnection = 64
    /// Timers one session may have pending at once. A request that would add one more to a session already holding
    /// this many fails with -32010 `timersPerSession` and has no effect.
    public var maxTimersPerSession = 10_000
    /// Animations one session may start over its life; every animation stays in `animations.list`. Past it, a
    /// request that would start another fails with -32010 `animationsPerSession` and has no effect.
    public var maxAnimationsPerSession = 100_000
    /// Reply bytes queued for one connection: past this the daemon stops reading that connection's requests until
    /// the client reads, and drops its subscriptions. Enforced by the server.
    public var maxQueuedOutputBytes = 4 * 1024 * 1024
    /// Seconds a connection may stay above ``maxQueuedOutputBytes`` without reading anything before it is closed.
    /// Enforced by the server.
    public var slowClientSeconds = 30.0
    /// Seconds of wall time a session may go without any request naming it before it is closed (0 = never).
    /// Enforced by the server.
    public var sessionIdleSeconds = 3600.0
    /// The `clock.settle` timeout when the call gives none, in virtual milliseconds.
    public var defaultSettleTimeoutMs = 30_000.0
    /// Bytes of the replies to one batch line, counted together as they are made: past it the rest of the batch does
    /// not run and the line is answered with one -32010 `replyBytes` error. Enforced by the protocol.
    public var maxReplyBytes = 16 * 1024 * 1024
    /// Connections open at once: past it a new connection is answered with one -32010 `connections` error line and
    /// closed, with a warning in the log. Enforced by the server.
    public var maxConnections = 1000
    /// Frames `motion.sample` may step to evaluate one curve under the `swiftui` physics (SwiftUI's runtime runs an
    /// animation frame by frame until it is removed): a request that would step more (a curve that never settles,
    /// sampled hours in) fails with -32010 `sampleFrames`, having stepped at most this many.
    public var maxSampleFrames = 1_000_000
    /// Bytes of unfinished request lines (read, their newline not yet arrived) held across all connections: a read
    /// that would hold more is answered with one -32010 `pendingInputBytes` error line and its connection is closed.
    /// Enforced by the server.
    public var maxPendingInputBytes = 256 * 1024 * 1024

    public init() {}

    /// The limits as `daemon.info` reports them: every declared limit by name.
    public var json: JSONValue {
        .object(Dictionary(uniqueKeysWithValues: Limits.declarations.map { ($0.name, $0.json(in: self)) }))
    }

    /// The schema of ``json`` in the OpenRPC document.
    static var schema: JSONSchema {
        .object(
            "The limits in force; each has a choreod option of the same name in kebab case.",
            propertyList: Limits.declarations.map { ($0.name, $0.schema) },
            required: Limits.declarations.map(\.name), additionalProperties: true)
    }
}

/// One limit, declared once: what `daemon.info` calls it, its unit, what it bounds and its smallest allowed value.
/// Its default is the initial value of its ``Limits`` property; its choreod option is ``option``.
public struct LimitDeclaration: Sendable {
    /// The unit a limit counts in.
    public enum Unit: String, Sendable {
        case count, bytes, seconds, milliseconds

        /// How the unit reads after a number in help texts.
        var label: String {
            switch self {
            case .count: ""
            case .bytes: " bytes"
            case .seconds: " s"
            case .milliseconds: " ms"
            }
        }
    }

    /// The name `daemon.info` reports it under (`maxSessions`).
    public let name: String
    /// Its unit.
    public let unit: Unit
    /// What it bounds and what happens when it is reached, in one or two sentences.
    public let summary: String
    /// The smallest value choreod accepts for it.
    public let minimum: Double
    /// The largest value choreod accepts for it (infinity: no bound but the type's).
    public let maximum: Double
    /// What 0 means, when 0 turns it off (`sessionIdleSeconds`: never expire).
    public let zeroMeans: String?
    /// Whether it is a whole number (reported as a JSON integer).
    public let isInteger: Bool
    private let read: @Sendable (Limits) -> Double
    private let write: @Sendable (inout Limits, Double) -> Void

    init(
        _ keyPath: WritableKeyPath<Limits, Int> & Sendable, _ name: String, _ unit: Unit, minimum: Int,
        _ summary: String
    ) {
        self.name = name
        self.unit = unit
        self.summary = summary
        self.minimum = Double(minimum)
        self.maximum = .infinity
        self.zeroMeans = nil
        self.isInteger = true
        self.read = { Double($0[keyPath: keyPath]) }
        self.write = { $0[keyPath: keyPath] = Int($1) }
    }

    init(
        _ keyPath: WritableKeyPath<Limits, Double> & Sendable, _ name: String, _ unit: Unit, minimum: Double,
        maximum: Double = .infinity, zeroMeans: String? = nil, _ summary: String
    ) {
        self.name = name
        self.unit = unit
        self.summary = summary
        self.minimum = minimum
        self.maximum = maximum
        self.zeroMeans = zeroMeans
        self.isInteger = false
        self.read = { $0[keyPath: keyPath] }
        self.write = { $0[keyPath: keyPath] = $1 }
    }

    /// choreod's option for it: the name in kebab case (`--max-sessions`).
    public var option: String {
        "--"
            + name.reduce(into: "") { out, character in
                if character.isUppercase { out += "-" + character.lowercased() } else { out.append(character) }
            }
    }

    /// Its value in `limits`.
    public func value(in limits: Limits) -> Double { read(limits) }

    /// Sets its value in `limits` (a whole number for an integer limit).
    public func setValue(_ value: Double, in limits: inout Limits) { write(&limits, value) }

    /// Its default.
    public var defaultValue: Double { read(Limits()) }

    /// Its value in `limits` as JSON: an integer or a number.
    public func json(in limits: Limits) -> JSONValue {
        isInteger ? .int(Int64(read(limits))) : .number(read(limits))
    }

    /// A number as the help texts print it (`8388608`, `0.1`).
    public func format(_ value: Double) -> String {
        isInteger || value == value.rounded() ? String(Int64(value)) : String(value)
    }

    /// Why a value is refused, or nil when it is allowed.
    public func problem(with value: Double) -> String? {
        guard !value.isFinite || value < minimum || value > maximum else { return nil }
        let off = zeroMeans.map { " (0: \($0))" } ?? ""
        let range =
            maximum.isFinite
            ? "from \(format(minimum)) to \(format(maximum))\(unit.label)" : "at least \(format(minimum))\(unit.label)"
        return "\(option) must be \(range)\(off)."
    }

    /// One line for `choreod --help` and the document: the summary, the unit, the default and the option.
    public var help: String {
        let off = zeroMeans.map { "; 0 = \($0)" } ?? ""
        return "\(summary) (\(option), default \(format(defaultValue))\(unit.label)\(off))."
    }

    /// Its schema in the OpenRPC document.
    var schema: JSONSchema {
        let base: JSONSchema = isInteger ? .integer(help) : .number(help)
        var schema = base.minimum(isInteger ? .int(Int64(minimum)) : .number(minimum))
        if maximum.isFinite { schema = schema.maximum(.number(maximum)) }
        return schema.defaultValue(json(in: Limits()))
    }
}

extension Limits {
    /// Every limit, in the order `daemon.info`, the document and `choreod --help` list them.
    public static let declarations: [LimitDeclaration] = [
        LimitDeclaration(
            \.maxSessions, "maxSessions", .count, minimum: 1,
            "Open sessions at most; session.create, session.fork and session.import past it fail with -32010"),
        LimitDeclaration(
            \.maxLineBytes, "maxLineBytes", .bytes, minimum: 1024,
            "Longest request line; a longer one is answered with -32600 and its connection is closed"),
        LimitDeclaration(
            \.maxEventsPerAdvance, "maxEventsPerAdvance", .count, minimum: 1,
            "Timers and animation milestones one clock.advance or clock.settle may fire before it fails with -32010"),
        LimitDeclaration(
            \.maxSubscriptionsPerConnection, "maxSubscriptionsPerConnection", .count, minimum: 1,
            "events.subscribe subscriptions one connection may hold"),
        LimitDeclaration(
            \.maxTimersPerSession, "maxTimersPerSession", .count, minimum: 1,
            "Pending timers per session; a request that would add one more fails with -32010 and is undone"),
        LimitDeclaration(
            \.maxAnimationsPerSession, "maxAnimationsPerSession", .count, minimum: 1,
            "Animations running at once in one session (settled and interrupted ones do not count; a retarget "
                + "replaces one); a request that would start one more fails with -32010 and is undone"),
        LimitDeclaration(
            \.maxQueuedOutputBytes, "maxQueuedOutputBytes", .bytes, minimum: 65536,
            "Unread output per connection before choreod stops reading its requests and drops its subscriptions"),
        LimitDeclaration(
            \.slowClientSeconds, "slowClientSeconds", .seconds, minimum: 0.1,
            "Wall-clock seconds output may stay stuck above maxQueuedOutputBytes before the connection is closed"),
        LimitDeclaration(
            \.sessionIdleSeconds, "sessionIdleSeconds", .seconds, minimum: 0, zeroMeans: "never",
            "Wall-clock seconds without a request naming a session before it is closed"),
        LimitDeclaration(
            \.defaultSettleTimeoutMs, "defaultSettleTimeoutMs", .milliseconds, minimum: 0, maximum: 1e12,
            "Virtual milliseconds clock.settle advances at most when the call gives no timeoutMs"),
        LimitDeclaration(
            \.maxReplyBytes, "maxReplyBytes", .bytes, minimum: 65536,
            "Bytes of one batch line's replies, counted together; past it the rest of the batch does not run and the "
                + "line is answered with one -32010 error"),
        LimitDeclaration(
            \.maxConnections, "maxConnections", .count, minimum: 1,
            "Connections open at once; a connection past it gets one -32010 error line and is closed"),
        LimitDeclaration(
            \.maxSampleFrames, "maxSampleFrames", .count, minimum: 1000,
            "Frames motion.sample may step for one curve under the swiftui physics; a sample that needs more (a curve "
                + "that never settles, sampled far out) fails with -32010"),
        LimitDeclaration(
            \.maxPendingInputBytes, "maxPendingInputBytes", .bytes, minimum: 1024,
            "Bytes of unfinished request lines held across all connections; a read that would hold more gets one "
                + "-32010 error line and its connection is closed"),
    ]

    /// The declaration of the limit named `name`.
    public static func declaration(named name: String) -> LimitDeclaration? {
        declarations.first { $0.name == name }
    }
}
