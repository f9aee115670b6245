import ChoreoJSON

/// A trace event as a typed value: its kind (one of the module's ``TraceKind``s), when it is recorded, and its
/// fields, declared once as a ``StateObject``. The trace's schema (``declaration``) is derived from it, and
/// `world.record(_:)` writes the event's fields from the same declarations.
///
/// ```swift
/// struct ToggleChangedEvent: TraceEventValue {
///     static let kind = MyTraceKind.toggleChanged
///     static let meaning = "A toggle changed."
///     var on: Bool
///     static let fields: [StateProperty<ToggleChangedEvent>] = [
///         StateProperty("on", \.on, .bool, "Its value now.")
///     ]
/// }
/// ```
public protocol TraceEventValue: StateObject {
    associatedtype Kind: TraceKind
    /// The kind the trace names the event by.
    static var kind: Kind { get }
    /// When it is recorded, for the state reference.
    static var meaning: String { get }
}

extension TraceEventValue {
    /// The event's declaration: its kind, meaning and fields.
    public static var declaration: TraceEventKind {
        TraceEventKind(kind, meaning, fields: fields.map(\.declaration))
    }

    /// The event's fields as the trace holds them (besides `seq`, `t` and `kind`).
    public var traceFields: [String: JSONValue] { json.objectValue ?? [:] }
}
