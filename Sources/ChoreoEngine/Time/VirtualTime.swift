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

    /// The latest instant a session's clock may reach: 4,000,000,000,000 ms (4e12 ms, about 126.8 years). A request
    /// that would move the clock past it is refused with -32010 `virtualClock` before anything moves. Every deadline
    /// is then at most this plus one span (1e12 ms), so deadlines and frame times stay far inside ``distantFuture``.
    public static let latest = VirtualTime(nanoseconds: latestMilliseconds * 1_000_000)

    /// ``latest`` in whole milliseconds.
    public static let latestMilliseconds: Int64 = 4_000_000_000_000

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

    /// Creates a time from whole milliseconds (saturating at ``distantFuture`` and at the most negative time).
    public static func milliseconds(_ ms: Int64) -> VirtualTime {
        let (ns, overflow) = ms.multipliedReportingOverflow(by: 1_000_000)
        return overflow ? VirtualTime(nanoseconds: ms > 0 ? .max : .min) : VirtualTime(nanoseconds: ns)
    }

    /// The time in milliseconds (exact for whole milliseconds, otherwise to within a nanosecond).
    public var milliseconds: Double { Double(nanoseconds) / 1_000_000 }

    /// The time in milliseconds as a reply gives a moment that may never come: null past the clock's range
    /// (``latest``), where only a curve that never settles (an undamped spring in closed form) puts a deadline.
    public var reportedMilliseconds: Double? { self > VirtualTime.latest ? nil : milliseconds }

    /// The time in seconds.
    public var seconds: Double { Double(nanoseconds) / 1_000_000_000 }

    public static func < (lhs: VirtualTime, rhs: VirtualTime) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    /// Adds two times, saturating at ``distantFuture``.
    public static func + (lhs: VirtualTime, rhs: VirtualTime) -> VirtualTime {
        let (sum, overflow) = lhs.nanoseconds.addingReportingOverflow(rhs.nanoseconds)
        return overflow
            ? (rhs.nanoseconds > 0 ? .distantFuture : VirtualTime(nanoseconds: .min)) : VirtualTime(nanoseconds: sum)
    }

    /// The span between two times (saturating, like ``+(_:_:)``, where it would not fit).
    public static func - (lhs: VirtualTime, rhs: VirtualTime) -> VirtualTime {
        let (difference, overflow) = lhs.nanoseconds.subtractingReportingOverflow(rhs.nanoseconds)
        guard overflow else { return VirtualTime(nanoseconds: difference) }
        return VirtualTime(nanoseconds: rhs.nanoseconds < 0 ? .max : .min)
    }

    public var description: String { "\(milliseconds)ms" }
}
