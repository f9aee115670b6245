/// How much of the recent wall time one connection's lines kept a worker busy: a connection that kept one busy at
/// least half of the last ``window`` is *busy*, and its next lines start at the lower priority a long request gets
/// after 0.5 ms (``RequestWorkers``). A client that sends 2 ms requests back to back is then demoted from the start of
/// each, not only after its first 0.5 ms; a client whose requests are cheap never is (issue 42 #4).
struct BusyShare: Sendable {
    /// The length of a window, in nanoseconds.
    static let window: UInt64 = 100_000_000

    /// When the current window began (``Monitor/now()``).
    private var windowStart: UInt64 = 0
    /// Nanoseconds of work recorded in the current window.
    private var busyInWindow: UInt64 = 0
    /// Whether the connection kept a worker busy at least half of the last whole window.
    private var busyLastWindow = false

    /// Records a line that ran from `start` to `end` (``Monitor/now()``, `end` ≥ `start`).
    mutating func record(start: UInt64, end: UInt64) {
        roll(to: end)
        busyInWindow &+= end &- min(start, end)
    }

    /// Whether lines that start at `now` should start at the lower priority.
    mutating func isBusy(at now: UInt64) -> Bool {
        roll(to: now)
        return busyLastWindow
    }

    /// Starts a new window if the current one has ended; a gap of a whole window or more forgets the past.
    private mutating func roll(to now: UInt64) {
        guard now &- windowStart >= Self.window else { return }
        let elapsed = now &- windowStart
        busyLastWindow = elapsed < 2 * Self.window && busyInWindow >= Self.window / 2
        windowStart = now
        busyInWindow = 0
    }
}
