/// The name of an animated property: its dotted path (`hero.progress`, `chart.points.3.appear`), which is also the
/// name the trace (`animation.started`'s `path`) and the state use, and optionally the value it has before it is
/// first set or animated.
///
/// Apps declare their keys once, as constants and functions for parametric keys, so that a misspelt property is a
/// compile error rather than a fresh property. There is deliberately no string-literal conversion: a literal never
/// silently becomes a key.
///
/// Reading a property that was never set or animated:
/// - a key declared with ``init(_:initial:)`` reads as its `initial` value (and velocity 0, at rest) until it is
///   first set or animated, exactly as if it had been set to `initial` when the session started; an animation
///   without an explicit `from` starts there. Declare an initial only where the property genuinely has a resting
///   value before anything touches it (ripple rings at rest until recording starts, a chart point drawn at full
///   size in a session that starts loaded).
/// - a key declared with ``init(_:)`` has no value until it is set or animated. Reading it earlier is a programmer
///   error: ``World/value(_:)`` stops on an `assertionFailure` in debug builds (tests, journeys) and gives NaN in
///   release builds, which the state shows as `null` — never a made-up 0. ``World/valueIfKnown(_:)`` is the
///   non-stopping read: nil for such a key.
///
/// Two keys are equal when their paths are equal; the initial value belongs to the declaration, not the identity.
public struct PropertyKey: Hashable, Sendable, CustomStringConvertible {
    /// The dotted path, as the trace and the state name the property.
    public let path: String
    /// The value before the property is first set or animated, in the property's own unit; nil when it has none
    /// and must be set or animated before it is read.
    public let initial: Double?

    /// A property that has no value until it is first set or animated.
    public init(_ path: String) {
        self.path = path
        self.initial = nil
    }

    /// A property that reads as `initial` (in its own unit) until it is first set or animated.
    public init(_ path: String, initial: Double) {
        self.path = path
        self.initial = initial
    }

    public static func == (lhs: PropertyKey, rhs: PropertyKey) -> Bool { lhs.path == rhs.path }

    public func hash(into hasher: inout Hasher) { hasher.combine(path) }

    public var description: String { path }
}
