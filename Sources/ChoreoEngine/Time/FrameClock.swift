/// The render loop's frames at `fps` frames per second, counted in whole indices from the session's start: frame n
/// is at n/fps seconds, which on the virtual clock is n·10⁹/fps nanoseconds rounded to the nearest (halves up).
///
/// Every mapping is integer arithmetic, so a frame and an instant match the same way at any absolute time: an
/// instant that is a reported frame time (rounded to the nanosecond) is that frame.
public struct FrameClock: Sendable, Hashable {
    /// Frames per second.
    public let fps: Int

    /// A clock of `fps` frames per second.
    public init(fps: Int) {
        precondition(fps > 0, "fps must be positive")
        self.fps = fps
    }

    private static let second: Int64 = 1_000_000_000

    /// The virtual time of frame `n`.
    public func time(ofFrame n: Int) -> VirtualTime {
        let rate = Int64(fps)
        let whole = Int64(n) / rate
        let part = Int64(n) % rate
        let (seconds, overflow) = whole.multipliedReportingOverflow(by: Self.second)
        guard !overflow else { return n > 0 ? .distantFuture : VirtualTime(nanoseconds: .min) }
        return VirtualTime(nanoseconds: seconds)
            + VirtualTime(nanoseconds: (part * Self.second * 2 + rate) / (rate * 2))
    }

    /// The last frame at or before `time` (the frame on screen at that instant).
    public func frame(atOrBefore time: VirtualTime) -> Int {
        let rate = Int64(fps)
        let ns = time.nanoseconds
        var n = (ns / Self.second) * rate + ((ns % Self.second) * rate) / Self.second
        if ns < 0 { n -= 1 }
        while self.time(ofFrame: Int(n)) > time { n -= 1 }
        while case let next = self.time(ofFrame: Int(n + 1)), next <= time, next < .distantFuture { n += 1 }
        return Int(n)
    }

    /// The frame whose time is exactly `time` (frame n's printed time, round(n·10⁹/fps) ns), or nil when `time` is
    /// not a frame's: n = round(t·fps/10⁹) in integers, checked against the frame's own time (one conversion).
    public func frame(exactlyAt time: VirtualTime) -> Int? {
        let ns = time.nanoseconds
        guard ns >= 0 else { return nil }
        let rate = Int64(fps)
        let n = (ns / Self.second) * rate + ((ns % Self.second) * rate + Self.second / 2) / Self.second
        return self.time(ofFrame: Int(n)) == time ? Int(n) : nil
    }

    /// The first frame at or after `time` (the update that takes a transaction made at that instant).
    public func frame(atOrAfter time: VirtualTime) -> Int {
        let n = frame(atOrBefore: time)
        return self.time(ofFrame: n) == time ? n : n + 1
    }

    /// The elapsed time (seconds) whose evaluation the screen shows at `time` for one animation from rest whose
    /// transaction was requested at `start`, as SwiftUI's AnimatorState runs it on this clock: the transaction is
    /// taken at frame n₀ (the first at or after `start`), which holds; n₀ + 1 evaluates elapsed 0; n₀ + 2 holds it
    /// and re-bases; frame m ≥ n₀ + 3 shows elapsed (m − n₀ − 2)/fps (one division). Before n₀ + 3 it is 0; nil
    /// before n₀ (the change is not on screen yet). For curves an app evaluates itself (a cascade's glyphs, a
    /// burst's particles) under the `swiftui` physics.
    public func shownElapsed(since start: VirtualTime, at time: VirtualTime) -> Double? {
        let begin = frame(atOrAfter: start)
        let shown = frame(atOrBefore: time)
        guard shown >= begin else { return nil }
        return Double(max(shown - begin - 2, 0)) / Double(fps)
    }

    /// The first frame whose screen shows an animation from rest past its start value, for a transaction requested
    /// at `start` with a `.delay` of `delay` seconds inside it (RL3, RL8): the first frame m ≥ n₀ + 3 whose shown
    /// elapsed time (m − n₀ − 2)/fps is past the delay. For refusals that wait until something is on screen.
    public func firstFrameShowing(requestedAt start: VirtualTime, delay: Double) -> VirtualTime {
        let begin = frame(atOrAfter: start)
        var shown = begin + 3
        while !(Double(shown - begin - 2) / Double(fps) - delay > 0) { shown += 1 }
        return time(ofFrame: shown)
    }
}
