import ChoreoJSON
import ChoreoMotion

/// Animated properties, named by ``PropertyKey`` (see there for what a never-set property reads as).
extension World {
    /// The value of a property now, in its own unit: the value it was set or animated to, else the key's declared
    /// initial value. A key without one that was never set or animated is a programmer error: an
    /// `assertionFailure` in debug builds, NaN (`null` in the state) in release builds.
    public func value(_ key: PropertyKey) -> Double {
        if let value = valueIfKnown(key) { return value }
        assertionFailure("property \(key.path) read before it was set or animated, and it declares no initial value")
        return .nan
    }

    /// The value of a property now, in its own unit, or its declared initial value; nil when it was never set or
    /// animated and declares no initial value. Never stops: the read for a value whose absence means something.
    public func valueIfKnown(_ key: PropertyKey) -> Double? {
        timeline.value(key.path, at: now) ?? key.initial
    }

    /// Where a property is heading (its value at rest when no animation drives it), in its own unit, else the key's
    /// declared initial value. A key without one that was never set or animated is a programmer error, as for
    /// ``value(_:)``.
    public func target(_ key: PropertyKey) -> Double {
        if let target = targetIfKnown(key) { return target }
        assertionFailure("property \(key.path) read before it was set or animated, and it declares no initial value")
        return .nan
    }

    /// Where a property is heading, in its own unit, or its declared initial value; nil when it was never set or
    /// animated and declares no initial value. Never stops.
    public func targetIfKnown(_ key: PropertyKey) -> Double? {
        timeline.target(key.path) ?? key.initial
    }

    /// The velocity of a property now, in its unit per second: 0 for a property at rest at its declared initial
    /// value. A key without one that was never set or animated is a programmer error, as for ``value(_:)``.
    public func velocity(_ key: PropertyKey) -> Double {
        if timeline.target(key.path) != nil { return timeline.velocity(key.path, at: now) }
        if key.initial != nil { return 0 }
        assertionFailure("property \(key.path) read before it was set or animated, and it declares no initial value")
        return .nan
    }

    /// Under the `swiftui` physics, the progress now of each animation of a property in flight, oldest first (each
    /// of overlapping animations that did not merge runs toward its own target; those before the last finished one
    /// are folded away, ``AnimationLayers/first`` counts them); none at rest; nil under `ideal`.
    public func layers(_ key: PropertyKey) -> AnimationLayers? { timeline.layers(key.path, at: now) }

    /// Sets a property at once, interrupting any animation of it.
    public mutating func set(_ key: PropertyKey, to value: Double) {
        let driving = timeline.activeRecord(for: key.path)
        timeline.set(key.path, to: value, at: now)
        cancelMilestones(ofInterrupted: driving)
    }

    /// Takes the milestones of an animation that was just interrupted off the agenda (those due from the moment it
    /// was interrupted, which would record nothing), so the agenda holds only what can still happen, however long
    /// the session has retargeted its properties.
    private mutating func cancelMilestones(ofInterrupted record: AnimationRecord?) {
        guard let record, let interrupted = timeline.record(record.id)?.interruptedAt, record.settledAt != nil
        else { return }
        agenda.cancelMilestones(of: record.id, from: interrupted)
    }

    /// Starts an animation and records it; finite animations get their milestones on the agenda. Without `from`, the
    /// animation starts from the property's current value; a property never set or animated starts from its declared
    /// initial value, or, when it declares none, at `target` (nothing moves). A request that changes nothing (the
    /// property already heads to `target`, and `from` is absent or that target) starts nothing: no record, no trace,
    /// nothing interrupted, no frame changed (the record returned has id 0, ``AnimationRecord/isRecorded``).
    /// `inOwnUpdate`: the change comes from outside the render loop (a device-motion reading) in an update of its
    /// own before the frame that shows it (``SwiftUIAnimator/animate(atFrame:to:with:inOwnUpdate:)``).
    @discardableResult
    public mutating func animate(
        _ key: PropertyKey, from: Double? = nil, to target: Double, curve: AnimationCurve, source: String,
        inOwnUpdate: Bool = false
    ) -> AnimationRecord {
        let start = from ?? (timeline.target(key.path) == nil ? key.initial : nil)
        let driving = timeline.activeRecord(for: key.path)
        let started = timeline.animate(
            key.path, from: start, to: target, curve: curve, source: source, at: now, inOwnUpdate: inOwnUpdate)
        guard started.isRecorded else { return started }
        cancelMilestones(ofInterrupted: driving)
        if let logical = started.logicallyCompleteAt, let settled = started.settledAt {
            agenda.schedule(.animationCompleted(id: started.id), at: logical)
            agenda.schedule(.animationSettled(id: started.id), at: settled)
        }
        record(
            AnimationStartedEvent(
                id: started.id, path: key.path, from: started.from, to: target, source: source, curve: curve.json,
                start: started.start != now ? started.start.milliseconds : nil))
        return started
    }

    /// How far into its curve an animation requested at `start` is on screen now, in seconds, for curves an app
    /// evaluates itself (a cascade's glyphs, a burst's particles): under `ideal` the time since `start`; under
    /// `swiftui` the elapsed time the render loop shows (``FrameClock/shownElapsed(since:at:)``, 0 before it).
    public func shownElapsed(since start: VirtualTime) -> Double {
        guard physics == .swiftui else { return (now - start).seconds }
        return FrameClock(fps: fps).shownElapsed(since: start, at: now) ?? 0
    }

    /// When an animation with `curve` started at `start` would be logically complete under this world's physics
    /// and render loop (a prediction, on a scratch timeline: nothing is recorded).
    public func logicalCompletion(of curve: AnimationCurve, startingAt start: VirtualTime) -> VirtualTime {
        var scratch = Timeline(physics: physics, fps: fps)
        let record = scratch.animate("prediction", from: 0, to: 1, curve: curve, source: "prediction", at: start)
        return record.logicallyCompleteAt ?? start + curve.delay + curve.logicalSpan
    }
}
