/// An exact point or span of virtual time, counted in whole nanoseconds since the session started.
///
/// Virtual time never accumulates floating-point error: milliseconds on the wire are rounded to the nearest
/// nanosecond once, when they enter the engine.
public struct VirtualTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Nanoseconds since the session started (or the length of a span, in nanoseconds).
    public var nanoseconds: Int64

    /// Creates a time from a count of nanoseconds.
    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// The start of the session.
    public static let zero = VirtualTime(nanoseconds: 0)

    /// The largest representable time (about 292 years); used as "never".
    public static let distantFuture = VirtualTime(nanoseconds: .max)

    /// Creates a time from milliseconds, rounded to the nearest nanosecond. Returns nil for values that are not
    /// finite or do not fit (beyond about ±292 years).
    public init?(milliseconds: Double) {
        guard milliseconds.isFinite else { return nil }
        let ns = (milliseconds * 1_000_000).rounded()
        guard ns > -9.2e18, ns < 9.2e18 else { return nil }
        self.nanoseconds = Int64(ns)
    }

    /// Creates a time from seconds, rounded to the nearest nanosecond (saturating at ``distantFuture``).
    public init(seconds: Double) {
        guard seconds.isFinite else {
            self = seconds > 0 ? .distantFuture : .zero
            return
        }
        let ns = (seconds * 1_000_000_000).rounded()
        self.nanoseconds = ns >= 9.2e18 ? .max : (ns <= -9.2e18 ? .min : Int64(ns))
    }

    /// Creates a time from whole milliseconds.
    public static func milliseconds(_ ms: Int64) -> VirtualTime {
        VirtualTime(nanoseconds: ms * 1_000_000)
    }

    /// The time in milliseconds (exact for whole milliseconds, otherwise to within a nanosecond).
    public var milliseconds: Double { Double(nanoseconds) / 1_000_000 }

    /// The time in seconds.
    public var seconds: Double { Double(nanoseconds) / 1_000_000_000 }

    public static func < (lhs: VirtualTime, rhs: VirtualTime) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    /// Adds two times, saturating at ``distantFuture``.
    public static func + (lhs: VirtualTime, rhs: VirtualTime) -> VirtualTime {
        let (sum, overflow) = lhs.nanoseconds.addingReportingOverflow(rhs.nanoseconds)
        return overflow
            ? (rhs.nanoseconds > 0 ? .distantFuture : VirtualTime(nanoseconds: .min)) : VirtualTime(nanoseconds: sum)
    }

    /// The span between two times.
    public static func - (lhs: VirtualTime, rhs: VirtualTime) -> VirtualTime {
        VirtualTime(nanoseconds: lhs.nanoseconds &- rhs.nanoseconds)
    }

    public var description: String { "\(milliseconds)ms" }
}
