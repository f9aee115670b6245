import ChoreoJSON

/// A trace event an app records, as a typed value: an enum per app with a case per kind. Its declarations
/// (``kinds``) are what ``AppModel/traceEvents`` serves, and the schema tour checks each recorded event against them.
public protocol AppEvent: Sendable {
    /// The module's kinds.
    associatedtype Kind: TraceKind
    /// The kind the trace names the event by, e.g. `toggle.changed`.
    var kind: Kind { get }
    /// The event's fields (besides `seq`, `t` and `kind`).
    var fields: [String: JSONValue] { get }
    /// Every kind of the enum, with its fields: the trace's schema.
    static var kinds: [TraceEventKind] { get }
}

extension World {
    /// Appends an app's typed event to the trace at the current time.
    public mutating func record(_ event: some AppEvent) {
        record(event.kind, event.fields)
    }
}
