/// The one rule every refusal follows when something blocks a request (behavior.md N12, issue 44 #1–#2): the
/// refusal names every blocker present, `retryAfterMs` is when every time-bound blocker is gone, present only when
/// waiting removes them all, and always at least 1 ms; the message says the same.
extension Refusal {
    /// One thing that blocks a request now: a sheet over the target, the dashboard scrolled down, a load running.
    public struct Blocker: Sendable, Hashable {
        /// Its stable code (the refusal's `reason` when it is the first blocker).
        public var reason: Reason
        /// What blocks, in words, with no advice: "the dashboard is scrolled down".
        public var what: String
        /// For a blocker waiting does not remove: what removes it, naming an action ("dismiss it first
        /// (ui.dismiss)"). For one waiting removes: another way to end it sooner, or nil.
        public var help: String?
        /// The first instant it is gone if nothing else changes; nil when waiting alone never removes it.
        public var goneAt: VirtualTime?

        public init(_ reason: Reason, _ what: String, help: String? = nil, goneAt: VirtualTime? = nil) {
            self.reason = reason
            self.what = what
            self.help = help
            self.goneAt = goneAt
        }
    }

    /// The refusal naming every blocker in `blockers` (in the app's order, front to back: the first is the
    /// `reason`), or nil when there is none.
    ///
    /// - `acceptedFrom`: when every blocker is gone by waiting, the latest of their ends; nil when any blocker
    ///   waiting does not remove is present.
    /// - The message names every blocker's `what`, then the wait (`clock.advance {ms: N}`, N the refusal's
    ///   `retryAfterMs`) and the actions that remove the others, the wait first (it is always accepted); with a
    ///   blocker that no action removes (one without `help`) among several, that nothing makes the request work.
    public init?(_ blockers: [Blocker], now: VirtualTime) {
        guard let first = blockers.first else { return nil }
        let timed = blockers.compactMap(\.goneAt)
        let waitedFor = timed.max()
        let untimed = blockers.filter { $0.goneAt == nil }
        var message =
            blockers.count == 1
            ? first.what
            : blockers.dropLast().map(\.what).joined(separator: "; ") + "; and " + blockers[blockers.count - 1].what
        let acceptedFrom: VirtualTime?
        if untimed.isEmpty, let waitedFor {
            acceptedFrom = waitedFor
            message += ": " + Refusal.waitAdvice(now: now, acceptedFrom: waitedFor)
            if blockers.count == 1, let help = first.help { message += " (or \(help))" }
        } else {
            acceptedFrom = nil
            let helps = untimed.compactMap(\.help).joined(separator: "; then ")
            if blockers.count == 1 {
                if !helps.isEmpty { message += "; " + helps }
            } else if untimed.contains(where: { $0.help == nil }) {
                // A blocker nothing removes (a target leaving with its sheet): no wait or action makes it work.
                message += ": neither waiting nor any action makes this request work"
            } else if let waitedFor {
                let ms = Refusal.retryAfterMilliseconds(now: now, acceptedFrom: waitedFor)
                message +=
                    ": waiting alone does not help; advance the clock \(ms) ms (clock.advance {ms: \(ms)}) for what "
                    + "waiting ends, then " + helps
            } else {
                message += ": waiting does not help; " + helps
            }
        }
        self.init(first.reason, message, acceptedFrom: acceptedFrom)
        self.blockers = blockers.map(\.reason)
    }

    /// Whole milliseconds to advance from `now` to reach `acceptedFrom`, at least 1: what ends at this very
    /// instant but has not fired yet is gone after 1 ms (`retryAfterMs` is never 0, issue 44 #2).
    public static func retryAfterMilliseconds(now: VirtualTime, acceptedFrom: VirtualTime) -> Int64 {
        let span = max(acceptedFrom.nanoseconds - now.nanoseconds, 0)
        return max((span + 999_999) / 1_000_000, 1)
    }

    /// Words for waiting from `now` until the request is accepted at `acceptedFrom`.
    public static func waitAdvice(now: VirtualTime, acceptedFrom: VirtualTime) -> String {
        let ms = retryAfterMilliseconds(now: now, acceptedFrom: acceptedFrom)
        return "advance the clock \(ms) ms (clock.advance {ms: \(ms)}) and try again"
    }
}

extension World {
    /// The first instant a frame shows a view that appears now (nothing not yet drawn takes a touch, behavior.md
    /// N13): with an animation from rest, the first frame past its start (`swiftui`: ``FrameClock/firstFrameShowing(
    /// requestedAt:delay:)``; `ideal`: 1 ns from now); without one, now.
    public func firstShown(animated: Bool) -> VirtualTime {
        guard animated else { return now }
        if physics == .swiftui { return FrameClock(fps: fps).firstFrameShowing(requestedAt: now, delay: 0) }
        return now + VirtualTime(nanoseconds: 1)
    }

    /// The refusal naming every blocker present (``Refusal/init(_:now:)``), or nil when there is none.
    public func refusal(_ blockers: [Refusal.Blocker]) -> Refusal? {
        Refusal(blockers, now: now)
    }
}
