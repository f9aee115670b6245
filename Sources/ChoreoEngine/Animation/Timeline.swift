import ChoreoMotion

/// Every animated property of a session and every animation started so far.
public struct Timeline: Sendable, Hashable {
    private var properties: [String: AnimatedProperty] = [:]
    private var activeRecordByPath: [String: Int] = [:]
    /// The animations kept, in request order (ids increasing, with gaps where finished ones were dropped).
    public private(set) var records: [AnimationRecord] = []
    /// How many animations were ever started (the last id).
    public private(set) var recordedCount = 0
    /// How many finished animation records were dropped under the retention.
    public private(set) var droppedRecords = 0
    /// When `records` reaches this many, finished ones are dropped.
    private var trimAt: Int

    /// How animations are evaluated.
    public let physics: Physics
    /// The render loop's frames per second (used by the `swiftui` physics).
    public let fps: Int
    /// How many records to keep: every record still moving or driving a property, and of the finished ones at
    /// least the latest, up to `retention.limit` records in all.
    public let retention: Retention

    /// An empty timeline evaluating animations under `physics`, with frames at n/fps seconds.
    public init(physics: Physics = .ideal, fps: Int = 60, retention: Retention = Retention()) {
        self.physics = physics
        self.fps = fps
        self.retention = retention
        trimAt = retention.limit + retention.chunk
    }

    /// The value of a property at a time; nil when the property was never set or animated.
    public func value(_ path: String, at time: VirtualTime) -> Double? {
        properties[path]?.value(at: time)
    }

    /// The velocity of a property at a time, in its unit per second. A property never set or animated has none:
    /// asking is a programmer error (an `assertionFailure` in debug builds, NaN in release builds).
    public func velocity(_ path: String, at time: VirtualTime) -> Double {
        guard let property = properties[path] else {
            assertionFailure("velocity of \(path) asked before it was set or animated")
            return .nan
        }
        return property.velocity(at: time)
    }

    /// Values and velocities of a property at each of `times` (any order), as ``value(_:at:)`` and
    /// ``velocity(_:at:)`` give them one at a time, computed in one pass; nil when the property is unknown.
    public func samples(_ path: String, at times: [VirtualTime]) -> [(value: Double, velocity: Double)]? {
        properties[path]?.samples(at: times)
    }

    /// Under the `swiftui` physics, the progress of each animation of a property in flight at a time, oldest first
    /// (``AnimatedProperty/layers(at:)``); nil under `ideal` or when unknown.
    public func layers(_ path: String, at time: VirtualTime) -> AnimationLayers? { properties[path]?.layers(at: time) }

    /// The target of a property (where it is heading); nil when unknown.
    public func target(_ path: String) -> Double? { properties[path]?.target }

    /// The paths of every known property, sorted.
    public var paths: [String] { properties.keys.sorted() }

    /// The records requested at or after `time`, oldest first: found by bisection (records are appended as they are
    /// requested, and virtual time never goes back), so the cost is that of what is returned.
    public func records(requestedSince time: VirtualTime) -> ArraySlice<AnimationRecord> {
        var low = 0
        var high = records.count
        while low < high {
            let middle = (low + high) / 2
            if records[middle].requestedAt < time { low = middle + 1 } else { high = middle }
        }
        return records[low...]
    }

    /// The record of an animation by id; nil when unknown or dropped.
    public func record(_ id: Int) -> AnimationRecord? {
        recordIndex(id).map { records[$0] }
    }

    /// Where the record of `id` is in `records`, by bisection (ids increase).
    private func recordIndex(_ id: Int) -> Int? {
        var low = max(0, records.count - (recordedCount - id) - 1)
        var high = min(records.count, id)
        while low < high {
            let middle = (low + high) / 2
            if records[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low < records.count && records[low].id == id ? low : nil
    }

    /// Drops finished records (settled or interrupted before `time`, and no longer driving a property), oldest first,
    /// down to `retention.limit` records; looked at again once a further `retention.chunk` records are added.
    private mutating func dropFinishedRecords(at time: VirtualTime) {
        guard records.count >= trimAt else { return }
        let driving = Set(activeRecordByPath.values)
        var excess = records.count - retention.limit
        var kept: [AnimationRecord] = []
        kept.reserveCapacity(records.count)
        for record in records {
            let finished =
                record.settledAt.map { $0 < time } ?? false || record.interruptedAt.map { $0 < time } ?? false
            if excess > 0, finished, !driving.contains(record.id) {
                excess -= 1
                droppedRecords += 1
            } else {
                kept.append(record)
            }
        }
        records = kept
        trimAt = records.count + retention.chunk
    }

    /// The animation currently driving a property, if any.
    public func activeRecord(for path: String) -> AnimationRecord? {
        activeRecordByPath[path].flatMap(record)
    }

    private mutating func interruptActive(_ path: String, at time: VirtualTime) {
        guard let id = activeRecordByPath.removeValue(forKey: path), let index = recordIndex(id) else { return }
        let record = records[index]
        if record.interruptedAt == nil, record.isPending(at: time) || record.logicallyCompleteAt == nil {
            records[index].interruptedAt = time
        }
    }

    /// Sets a property to a value at once, interrupting any animation of it.
    public mutating func set(_ path: String, to value: Double, at time: VirtualTime) {
        interruptActive(path, at: time)
        if properties[path] == nil {
            properties[path] = AnimatedProperty(value: value)
        } else {
            properties[path]!.set(value, at: time)
        }
    }

    /// Starts an animation of a property toward a value; a property never seen before starts at `from` (or at
    /// the target when `from` is nil). An explicit `from` first jumps the property there.
    /// - Returns: the new record.
    public mutating func animate(
        _ path: String, from: Double? = nil, to target: Double, curve: AnimationCurve, source: String,
        at time: VirtualTime, inOwnUpdate: Bool = false
    ) -> AnimationRecord {
        if let unchanged = unchangedRequest(path, from: from, to: target, curve: curve, source: source, at: time) {
            return unchanged
        }
        if let from {
            set(path, to: from, at: time)
        } else if properties[path] == nil {
            properties[path] = AnimatedProperty(value: target)
        }
        let start = time + curve.delay
        // A delayed animation takes over when it starts, not when it is requested.
        interruptActive(path, at: start)
        let startValue = properties[path]!.value(at: physics == .swiftui ? time : start)
        var record = AnimationRecord(
            id: recordedCount + 1, path: path, from: startValue, to: target, curve: curve, source: source,
            requestedAt: time, start: start, logicallyCompleteAt: nil, settledAt: nil, interruptedAt: nil)
        if physics == .swiftui, let animation = curve.swiftUIRenderedAnimation {
            // SwiftUI's runtime: the delay and the repeat are part of the animation, taken at the call's frame; a
            // repeat requested while something else animates is combined with it, as any animation that does not
            // merge (issue 43 #3).
            let times = properties[path]!.animate(
                to: target, swiftUI: animation, fps: fps, requestedAt: time, inOwnUpdate: inOwnUpdate)
            if !curve.isInfinite {
                record.logicallyCompleteAt = times.logicallyComplete
                record.settledAt = times.settled
            }
        } else if let repetition = curve.repetition {
            properties[path]!.loop(
                from: startValue, to: target, curve: curve.curve, autoreverses: repetition.autoreverses,
                count: repetition.count, startingAt: start)
            if let count = repetition.count {
                // `count` passes of the curve's settle time each, then done at the target.
                let end = start + VirtualTime(seconds: curve.curve.settleTime * Double(count))
                record.logicallyCompleteAt = end
                record.settledAt = end
            }
        } else {
            let times = properties[path]!.animate(to: target, curve: curve.curve, startingAt: start)
            record.logicallyCompleteAt = times.logicallyComplete
            record.settledAt = times.settled
        }
        records.append(record)
        recordedCount += 1
        activeRecordByPath[path] = record.id
        dropFinishedRecords(at: time)
        return record
    }

    /// What a request that changes nothing returns, or nil when it changes something. It changes nothing when the
    /// property already heads to `target` and `from`, if given, is that target too (a property never seen starts at
    /// `from`, else at `target`): SwiftUI starts no animator for an unchanged value, so nothing is recorded, nothing
    /// running is interrupted and no frame changes. The record returned is not kept (id 0); its milestones are those
    /// of the animation still running toward the target, else `time`.
    private mutating func unchangedRequest(
        _ path: String, from: Double?, to target: Double, curve: AnimationCurve, source: String, at time: VirtualTime
    ) -> AnimationRecord? {
        let heading = properties[path]?.target ?? from ?? target
        guard target == heading, from == nil || from == heading else { return nil }
        if properties[path] == nil { properties[path] = AnimatedProperty(value: target) }
        var record = AnimationRecord(
            id: 0, path: path, from: properties[path]!.value(at: time), to: target, curve: curve, source: source,
            requestedAt: time, start: time, logicallyCompleteAt: time, settledAt: time, interruptedAt: nil)
        if let running = activeRecord(for: path), running.isPending(at: time) || running.phase(at: time) == .repeating {
            record.logicallyCompleteAt = running.logicallyCompleteAt.map { max($0, time) }
            record.settledAt = running.settledAt.map { max($0, time) }
        }
        return record
    }

    /// How many animations drive a property now (at most one per property, settled ones included until replaced):
    /// an upper bound of ``moving(at:)``'s count, without looking at any of them.
    public var drivingCount: Int { activeRecordByPath.count }

    /// The animations still moving at a time (finite ones not yet settled and endless loops), oldest first.
    public func moving(at time: VirtualTime) -> [AnimationRecord] {
        activeRecordByPath.values.sorted().compactMap(record).filter {
            let phase = $0.phase(at: time)
            return phase != .settled && phase != .interrupted
        }
    }
}
