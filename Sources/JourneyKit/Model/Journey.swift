import ChoreoJSON

/// A parsed journey: the session it asks for, its matrix, and its steps (includes already expanded).
public struct Journey: Sendable {
    /// The journey's name.
    public var name: String
    /// The file, as given (or found under a folder given) on the command line.
    public var file: String
    /// The `session.create` params: app, seed, fps, settings, data, wallClock.
    public var session: [String: JSONValue]
    /// The matrix: each key a dotted path into the `session.create` params (e.g. `settings.mode`) or a variable
    /// name, with the values to try; the journey runs once per combination.
    public var matrix: [(key: String, values: [JSONValue])]
    /// The steps, in order.
    public var steps: [Step]

    /// Every combination of the matrix (one empty combination when there is none), in file order.
    public var variants: [[(key: String, value: JSONValue)]] {
        var combinations: [[(key: String, value: JSONValue)]] = [[]]
        for (key, values) in matrix {
            combinations = combinations.flatMap { prefix in values.map { prefix + [(key, $0)] } }
        }
        return combinations
    }
}

/// One step and where it is written.
public struct Step: Sendable {
    public var kind: StepKind
    public var location: SourceLocation
}

/// What a step does.
public enum StepKind: Sendable {
    /// Any JSON-RPC method; `session` is filled in. The result can be kept as a variable; `expectError` turns an
    /// error reply into the expected outcome.
    case call(method: String, params: JSONValue, keepAs: String?, expectError: ErrorExpectation?)
    /// `clock.advance` by virtual milliseconds.
    case advance(ms: Double)
    /// `clock.settle`; a timeout fails the step.
    case settle(timeoutMs: Double?)
    /// State paths and what they must match.
    case expect([PathExpectation])
    /// Haptics since the previous `expectHaptics` (or since `since` ms), in order, exactly.
    case expectHaptics([TimedExpectation], since: Double?)
    /// Announcements since the previous `expectAnnouncements` (or since `since` ms), in order, exactly.
    case expectAnnouncements([TimedExpectation], since: Double?)
    /// The trace (optionally only some kinds) equals a golden file.
    case expectTrace(golden: String, kinds: [String]?)

    /// The step's name as written in a journey.
    public var name: String {
        switch self {
        case .call: return "call"
        case .advance: return "advance"
        case .settle: return "settle"
        case .expect: return "expect"
        case .expectHaptics: return "expectHaptics"
        case .expectAnnouncements: return "expectAnnouncements"
        case .expectTrace: return "expectTrace"
        }
    }
}

/// An expected JSON-RPC error.
public struct ErrorExpectation: Sendable, Hashable {
    public var code: Int?
    public var message: Matcher?
}

/// One `expect` entry.
public struct PathExpectation: Sendable {
    public var path: String
    public var matcher: Matcher
    public var line: Int
}

/// One expected haptic or announcement: its value (style or text) and optionally its virtual time.
public struct TimedExpectation: Sendable, Hashable {
    public var value: Matcher
    public var at: Double?
    public var tolerance: Double
}

/// How an actual value is compared.
public indirect enum Matcher: Sendable, Hashable {
    /// Equal, numbers compared numerically.
    case equals(JSONValue)
    /// Within `tol` of a number.
    case approx(Double, tol: Double)
    case greaterThan(Double)
    case greaterThanOrEqual(Double)
    case lessThan(Double)
    case lessThanOrEqual(Double)
    /// Equal to one of the values.
    case oneOf([JSONValue])
    /// An array, string or object of this length.
    case length(Int)
    /// A string matching a regular expression.
    case matches(String)
    /// The path does not exist (or, with false, does exist).
    case absent(Bool)
    /// Not matching the inner matcher.
    case not(Matcher)
    /// Every matcher holds.
    case all([Matcher])
    /// An array of exactly these elements, each matched by its own matcher.
    case elements([Matcher])
    /// An object with exactly these keys, each value matched by its own matcher.
    case fields([String: Matcher])
    /// An object with at least these keys, each value matched by its own matcher.
    case subset([String: Matcher])
    /// An array with at least one element the matcher accepts.
    case contains(Matcher)
}
