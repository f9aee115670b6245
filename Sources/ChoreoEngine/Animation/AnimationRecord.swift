/// One animation started in a session, as `animations.list` reports it.
public struct AnimationRecord: Sendable, Hashable {
    /// Where an animation is in its life at a given time.
    public enum Phase: String, Sendable, Hashable {
        /// Waiting for its delay to pass.
        case delayed
        /// Moving, not yet logically complete.
        case running
        /// Past its logical completion time, still within its settle time.
        case logicallyComplete
        /// At rest.
        case settled
        /// Replaced by a newer animation or an instant change of the same property before it settled.
        case interrupted
        /// An endless loop (`repeatForever`).
        case repeating
    }

    /// The session-wide animation number, from 1; 0 for a request that changed nothing, which started and recorded
    /// nothing (``isRecorded``).
    public var id: Int
    /// The state path of the animated property, e.g. `hero.progress`.
    public var path: String
    /// The property's value when the animation started.
    public var from: Double
    /// The target value.
    public var to: Double
    /// How it moves.
    public var curve: AnimationCurve
    /// What started it (the app component), e.g. `hero`.
    public var source: String
    /// When it was started (the call), before any delay.
    public var requestedAt: VirtualTime
    /// When it starts moving (after the delay).
    public var start: VirtualTime
    /// Logical completion: a spring's response, a curve's duration; nil for an endless loop.
    public var logicallyCompleteAt: VirtualTime?
    /// Within 0.1% of the change with negligible velocity; nil for an endless loop.
    public var settledAt: VirtualTime?
    /// When a newer animation or an instant change of the same property took over, if one did.
    public var interruptedAt: VirtualTime?

    /// Whether the request started an animation and it was recorded (false: it changed nothing).
    public var isRecorded: Bool { id > 0 }

    /// The phase at a time.
    public func phase(at time: VirtualTime) -> Phase {
        if let interruptedAt, time >= interruptedAt { return .interrupted }
        if time < start { return .delayed }
        guard let logicallyCompleteAt, let settledAt else { return .repeating }
        if time < logicallyCompleteAt { return .running }
        if time < settledAt { return .logicallyComplete }
        return .settled
    }

    /// Whether the animation still has a milestone ahead of it at a time (so a settle must wait for it).
    public func isPending(at time: VirtualTime) -> Bool {
        switch phase(at: time) {
        case .delayed: return settledAt != nil
        case .running, .logicallyComplete: return true
        case .settled, .interrupted, .repeating: return false
        }
    }
}
