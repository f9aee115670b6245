/// What a timer is for, declared by its owner (an app component or the lab) as a value type, usually an enum
/// whose cases carry typed payloads (the sheet a presentation timer belongs to, say). The engine never reads a
/// payload: it keeps the value, orders it by deadline and hands it back to its owner when it fires.
public protocol TimerKind: Sendable, Hashable {
    /// Who owns timers of this kind, as the trace names it (the app's name, or `lab`).
    static var owner: String { get }
    /// The timer's name in the trace, e.g. `sheet.presented`.
    var name: String { get }
    /// Whether `clock.settle` waits for the timer (false for the ticks of endless loops).
    var blocksSettle: Bool { get }
}

extension TimerKind {
    public var blocksSettle: Bool { true }
}

/// A timer on the agenda: its owner's typed value, kept behind an existential so the engine stays free of app
/// types. Equal when the kinds are equal values of the same type.
public struct ScheduledTimer: Sendable, Hashable {
    /// The owner's value.
    public let kind: any TimerKind

    public init(_ kind: any TimerKind) {
        self.kind = kind
    }

    /// The timer's name in the trace.
    public var name: String { kind.name }
    /// The owner's name in the trace.
    public var owner: String { type(of: kind).owner }
    /// Whether `clock.settle` waits for it.
    public var blocksSettle: Bool { kind.blocksSettle }

    /// The owner's value when it is of type `T`.
    public func kind<T: TimerKind>(as type: T.Type) -> T? { kind as? T }

    public static func == (lhs: ScheduledTimer, rhs: ScheduledTimer) -> Bool {
        lhs.kind.isEqual(to: rhs.kind)
    }

    public func hash(into hasher: inout Hasher) {
        kind.hashWithType(into: &hasher)
    }
}

extension TimerKind {
    /// Whether `other` is a value of the same type equal to this one.
    fileprivate func isEqual(to other: any TimerKind) -> Bool {
        (other as? Self) == self
    }

    /// Hashes the value and its type.
    fileprivate func hashWithType(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(Self.self))
        hasher.combine(self)
    }
}
