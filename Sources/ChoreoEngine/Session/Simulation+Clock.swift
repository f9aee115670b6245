import ChoreoJSON

/// What `clock.settle` found.
public struct SettleOutcome: Sendable, Hashable {
    /// True when nothing finite is pending any more; false when the timeout was reached first.
    public var settled: Bool
    /// Everything still moving or pending: endless loops (always) and, on a timeout, every finite animation and
    /// timer that was not done, with its current value and predicted settle time.
    public var running: [JSONValue]
    /// Timers and milestones fired.
    public var fired: Int
}

extension Simulation {
    /// Moves virtual time forward to `target`, firing every deadline on the way in deadline order, each at its own
    /// time. Returns how many timers and milestones fired.
    /// - Throws: ``SimulationError/limitExceeded(limit:maximum:detail:)`` when more than `maxEvents` would fire
    ///   (the clock then stands at the deadline where it stopped), or, before anything moves, when `target` is past
    ///   the wall clock's last printable instant (``WallClock/lastVirtualTime``).
    public mutating func advance(to target: VirtualTime, maxEvents: Int) throws(SimulationError) -> Int {
        try checkClockRange(target)
        if let last = world.wallClock.lastVirtualTime, target > last {
            // Refused, not clamped: a later instant has no four-digit ISO 8601 year, so `clock.now` could not print
            // a wall clock that `session.create` accepts back.
            throw .limitExceeded(
                limit: "wallClock", maximum: Int(last.nanoseconds / 1_000_000),
                detail: "the session's wall clock would pass 9999-12-31T23:59:59.999 (local), the last instant an "
                    + "ISO 8601 four-digit year names; advance at most to \(last.milliseconds) ms")
        }
        var fired = 0
        while let first = world.agenda.first, first.deadline <= target {
            guard fired < maxEvents else {
                throw .limitExceeded(
                    limit: "eventsPerAdvance", maximum: maxEvents,
                    detail: "stopped at \(world.now.milliseconds) ms with more deadlines due before "
                        + "\(target.milliseconds) ms; advance in smaller steps or raise the limit")
            }
            let entry = world.agenda.removeFirst()!
            world.now = max(world.now, entry.deadline)
            fire(entry.item)
            fired += 1
        }
        world.now = max(world.now, target)
        return fired
    }

    private mutating func fire(_ item: AgendaItem) {
        switch item {
        case .animationCompleted(let id), .animationSettled(let id):
            guard let record = world.timeline.record(id), record.interruptedAt.map({ $0 > world.now }) ?? true else {
                return
            }
            if case .animationSettled = item {
                let value = world.timeline.value(record.path, at: world.now) ?? record.to
                world.record(AnimationSettledEvent(id: id, path: record.path, value: value))
            } else {
                world.record(AnimationCompletedEvent(id: id, path: record.path))
            }
        case .timer(let id, let timer):
            world.record(TimerFiredEvent(id: id, name: timer.name, owner: timer.owner))
            if let labTimer = timer.kind(as: Lab.Timer.self) {
                lab.handle(labTimer, world: &world)
            } else {
                app.handle(timer, world: &world)
            }
        }
    }

    private func blocksSettle(_ entry: Agenda.Entry) -> Bool {
        switch entry.item {
        case .animationCompleted(let id), .animationSettled(let id):
            guard let record = world.timeline.record(id) else { return false }
            return record.interruptedAt.map { $0 > entry.deadline } ?? true
        case .timer(_, let timer):
            return timer.blocksSettle
        }
    }

    /// Refuses, before anything moves, a target past the clock's range (``VirtualTime/latest``).
    func checkClockRange(_ target: VirtualTime) throws(SimulationError) {
        guard target > VirtualTime.latest else { return }
        let room = VirtualTime.latest - world.now
        throw .limitExceeded(
            limit: "virtualClock", maximum: Int(VirtualTime.latestMilliseconds),
            detail: "a session's clock runs from 0 to \(VirtualTime.latestMilliseconds) ms (about 126.8 years) and "
                + "stands at \(world.now.milliseconds) ms, so it can move at most \(room.milliseconds) ms more; "
                + "nothing moved. Start a new session for later times")
    }

    /// Advances until no finite animation or settle-blocking timer is pending, or until `timeout` of virtual time
    /// has passed (then `settled` is false and `running` names everything still pending).
    /// - Throws: ``SimulationError/limitExceeded(limit:maximum:detail:)`` before anything moves when now + `timeout`
    ///   is past the clock's range (``VirtualTime/latest``), as ``advance(to:maxEvents:)`` does.
    public mutating func settle(timeout: VirtualTime, maxEvents: Int) throws(SimulationError) -> SettleOutcome {
        let deadline = world.now + timeout
        try checkClockRange(deadline)
        var fired = 0
        while true {
            let next = world.agenda.entries.filter(blocksSettle).map(\.deadline).min()
            guard let next else {
                return SettleOutcome(settled: true, running: runningReport(includeFinite: false), fired: fired)
            }
            if next > deadline {
                fired += try advance(to: deadline, maxEvents: maxEvents - fired)
                return SettleOutcome(settled: false, running: runningReport(includeFinite: true), fired: fired)
            }
            fired += try advance(to: next, maxEvents: maxEvents - fired)
        }
    }

    /// The animations still moving and the timers still pending, as JSON.
    public func runningReport(includeFinite: Bool) -> [JSONValue] {
        var report: [JSONValue] = []
        for record in world.timeline.moving(at: world.now) where includeFinite || record.settledAt == nil {
            var item: [String: JSONValue] = [
                "animation": .int(Int64(record.id)), "path": .string(record.path),
                "value": .number(world.timeline.value(record.path, at: world.now) ?? record.to),
                "to": .number(record.to), "state": .string(record.phase(at: world.now).rawValue),
                "infinite": .bool(record.settledAt == nil), "source": .string(record.source),
            ]
            if let settledAt = record.settledAt?.reportedMilliseconds { item["settlesAt"] = .number(settledAt) }
            report.append(.object(item))
        }
        if includeFinite {
            for entry in world.agenda.entries.sorted(by: { $0.precedes($1) }) {
                if case .timer(let id, let timer) = entry.item, timer.blocksSettle {
                    report.append([
                        "timer": .int(Int64(id)), "name": .string(timer.name), "owner": .string(timer.owner),
                        "firesAt": .number(entry.deadline.milliseconds),
                    ])
                }
            }
        }
        return report
    }
}
