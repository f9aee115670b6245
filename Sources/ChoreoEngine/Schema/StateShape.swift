/// The shape of a value in a session's state tree or in a trace event's fields: its type, unit, range and allowed
/// values. Apps declare their tree with it once (``AppModel/stateSchema``); the state reference
/// (`protocol/state.md`) is generated from the declarations, and the tests check real state trees against them.
public indirect enum StateShape: Sendable {
    /// `true` or `false`.
    case bool
    /// A string; `choices` lists every value it can take (an enum), nil for free text (a name, an id).
    case string(choices: [String]?)
    /// A finite number in `unit` (e.g. `ms`, `pt`, `fraction`), within `range` when given.
    case number(unit: String, range: ClosedRange<Double>?)
    /// A whole number counting `unit` (e.g. `celebrations`), within `range` when given.
    case integer(unit: String, range: ClosedRange<Int64>?)
    /// An array whose elements all have one shape.
    case array(StateShape)
    /// An object with these fields.
    case object([StateField])
    /// An object keyed by names or ids described by `key` (e.g. `screen`), each value of one shape.
    case map(key: String, StateShape)
    /// The shape, or `null`, for the reason given.
    case nullable(StateShape, whenNull: String)
    /// Any JSON value, described in words (free-form data such as an action's params).
    case any(String)

    /// Free text.
    public static var text: StateShape { .string(choices: nil) }

    /// One of the raw values of an enum.
    public static func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type) -> StateShape
    where T.RawValue == String {
        .string(choices: T.allCases.map(\.rawValue))
    }

    /// A number in `unit`, optionally within `range`.
    public static func number(_ unit: String, _ range: ClosedRange<Double>? = nil) -> StateShape {
        .number(unit: unit, range: range)
    }

    /// A whole number counting `unit`, optionally within `range`.
    public static func integer(_ unit: String, _ range: ClosedRange<Int64>? = nil) -> StateShape {
        .integer(unit: unit, range: range)
    }

    /// A fraction from 0 to 1 (progress, opacity).
    public static var fraction: StateShape { .number(unit: "fraction", range: 0...1) }

    /// A virtual time in milliseconds since the session started.
    public static var milliseconds: StateShape { .number(unit: "ms", range: 0...1e15) }
}

/// One named field of an object in the state tree or in a trace event.
public struct StateField: Sendable {
    /// The key.
    public var name: String
    /// The value's shape.
    public var shape: StateShape
    /// What it means, for the reference.
    public var meaning: String
    /// Nil when the key is always present; otherwise when it is (e.g. "hero links only").
    public var presentWhen: String?

    public init(_ name: String, _ shape: StateShape, _ meaning: String, presentWhen: String? = nil) {
        self.name = name
        self.shape = shape
        self.meaning = meaning
        self.presentWhen = presentWhen
    }
}

/// A kind of trace event an app (or the engine) records, with its fields.
public struct TraceEventKind: Sendable {
    /// The event's `kind`, e.g. `sheet.presented`.
    public var kind: String
    /// When it is recorded.
    public var meaning: String
    /// Its fields (besides `seq`, `t` and `kind`, which every event has).
    public var fields: [StateField]

    public init(_ kind: String, _ meaning: String, fields: [StateField] = []) {
        self.kind = kind
        self.meaning = meaning
        self.fields = fields
    }

    /// The declaration of one of a module's kinds (``TraceKind``).
    public init(_ kind: some TraceKind, _ meaning: String, fields: [StateField] = []) {
        self.init(kind.rawValue, meaning, fields: fields)
    }
}

/// A `source` a haptic is played with, and the styles it plays.
public struct HapticSource: Sendable {
    /// The source as the haptic records it, e.g. `hero.beginTransition`; a `*` stands for a name or id.
    public var source: String
    /// The styles it plays.
    public var styles: [HapticStyle]
    /// When it plays.
    public var meaning: String

    public init(_ source: String, _ styles: [HapticStyle], _ meaning: String) {
        self.source = source
        self.styles = styles
        self.meaning = meaning
    }

    /// Whether a recorded source is this one (`*` matches one or more characters other than a dot).
    public func matches(_ recorded: String) -> Bool {
        let pattern = source.split(separator: ".", omittingEmptySubsequences: false)
        let parts = recorded.split(separator: ".", omittingEmptySubsequences: false)
        guard pattern.count == parts.count else { return false }
        return zip(pattern, parts).allSatisfy { $0 == "*" ? !$1.isEmpty : $0 == $1 }
    }
}
