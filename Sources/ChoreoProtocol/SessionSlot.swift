import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON
import ChoreoLocks
import ChoreoMotion

/// One open session's simulation behind its own lock, so that requests on different sessions run at the same time
/// (on the server's threads, one per core) while requests on one session run one after another.
///
/// The daemon's bookkeeping (``DaemonState``) holds the slots; a request looks its slot up under the daemon's lock,
/// lets that go, and then runs on the simulation under the slot's lock. Locks are only ever taken in that order
/// (daemon, then slot; never the daemon's while a slot's is held), so they cannot deadlock. The daemon's lock never
/// waits for a slot's: what daemon-wide work needs of a session (its time for `session.list`, its trace length and
/// new events for subscribers) is posted on its ``bulletin`` by each change, under a lock held only for moments. The
/// methods that copy a session (`session.fork`, `session.export`) let the daemon's lock go first (``Method/Later``).
public final class SessionSlot: Sendable {
    let simulation: Locked<Simulation>
    /// The session's app (never changes, so read without the lock).
    public let appName: String
    /// What the last change left for readers that must not wait for the session (``Bulletin``); taken after the
    /// simulation's lock or alone, never before it.
    let bulletin: Locked<Bulletin>

    /// What a session shows without its lock, as of the last request that changed it.
    struct Bulletin: Sendable {
        /// The session's virtual time, in milliseconds.
        var nowMs: Double
        /// Its physics (`swiftui` or `ideal`).
        var physics: Physics
        /// The sequence number of its trace's last event (events recorded so far).
        var recorded: Int
        /// Whether anyone subscribes to its events: only then are new events collected in ``fresh``.
        var watched = false
        /// Trace events recorded since they were last taken for the subscribers, oldest first (while ``watched``).
        var fresh: [TraceEvent] = []
    }

    init(_ simulation: Simulation) {
        self.simulation = Locked(simulation)
        appName = simulation.appName
        bulletin = Locked(
            Bulletin(
                nowMs: simulation.now.milliseconds, physics: simulation.world.physics,
                recorded: simulation.world.trace.recorded))
    }

    /// Posts what a change left (under the simulation's lock, so posts come in the order of the changes).
    private func post(_ simulation: Simulation) {
        let trace = simulation.world.trace
        bulletin.withLock { b in
            if b.watched, trace.recorded > b.recorded { b.fresh += trace.events(afterSeq: b.recorded) }
            b.recorded = trace.recorded
            b.nowMs = simulation.now.milliseconds
        }
    }

    /// Starts collecting new events for subscribers (if not yet) and returns the trace's last sequence number as of
    /// the last change: a new subscriber is owed the events after it.
    func watch() -> Int {
        bulletin.withLock { b in
            b.watched = true
            return b.recorded
        }
    }

    /// Stops collecting events (the last subscriber left) and drops those not taken.
    func unwatch() {
        bulletin.withLock { b in
            b.watched = false
            b.fresh = []
        }
    }

    /// Takes the events collected for subscribers since the last call, oldest first.
    func takeFresh() -> [TraceEvent] {
        bulletin.withLock { b in
            defer { b.fresh = [] }
            return b.fresh
        }
    }

    /// A copy of the simulation as it is now.
    public var current: Simulation { simulation.withLock { $0 } }

    /// Reads the simulation in place (borrowed, not copied: a copy retains and releases every reference it holds).
    func read<T>(_ body: (Simulation) throws(RPCError) -> T) throws(RPCError) -> T {
        try simulation.withLock { (simulation: inout Simulation) throws(RPCError) -> T in try body(simulation) }
    }

    /// Runs `work` on the simulation under the session's limits: see ``SessionWork``.
    ///
    /// A reply holding a number that is not finite, or a change that records what the app does not declare (or
    /// answers what it does not declare: ``SimulationError/modelBug(_:)``), is a model bug: the request answers
    /// -32603 with a reproducer (``SessionRequest/error(_:reproducing:)``) and leaves the session as it was before —
    /// a change is undone by rebuilding the session from its actions before this one (the cost of that replay is
    /// paid only on this path, never by a request that goes well).
    func run(_ work: SessionWork, request: SessionRequest) throws(RPCError) -> MethodAnswer {
        let limits = request.limits
        switch work {
        case .read(let body):
            return .value(
                try read { (simulation: Simulation) throws(RPCError) in
                    try value(of: body, simulation, request: request)
                })
        case .written(let text, let body):
            return try read { (simulation: Simulation) throws(RPCError) -> MethodAnswer in
                let written: JSONText?
                do throws(RPCError) {
                    written = try text(simulation, limits)
                } catch {
                    throw request.attach(error, reproducing: simulation)
                }
                // Text that holds a number not to report is answered from the value, which names where it is.
                if let written, !written.hasUnreportableNumber { return .text(written) }
                return .value(try value(of: body, simulation, request: request))
            }
        case .change(let body):
            return .value(try change(body, request: request))
        }
    }

    /// The value a reading's `body` answers, checked (see ``run(_:request:)``).
    private func value(
        of body: @Sendable (Simulation, Limits) throws(RPCError) -> JSONValue, _ simulation: Simulation,
        request: SessionRequest
    ) throws(RPCError) -> JSONValue {
        let result: JSONValue
        do throws(RPCError) {
            result = try body(simulation, request.limits)
        } catch {
            throw request.attach(error, reproducing: simulation)
        }
        if let path = result.firstUnreportableNumberPath {
            throw request.error(request.unreportable(at: path, app: appName), reproducing: simulation)
        }
        return result
    }

    /// Applies the change `body` makes, checked (see ``run(_:request:)``).
    private func change(
        _ body: @Sendable (inout Simulation, Limits) throws(SimulationError) -> JSONValue, request: SessionRequest
    ) throws(RPCError) -> JSONValue {
        let limits = request.limits
        return try simulation.withLock { (simulation: inout Simulation) throws(RPCError) -> JSONValue in
            defer { post(simulation) }
            let actionsBefore = simulation.world.actions.count
            let traceBefore = simulation.world.trace.recorded
            let hapticsBefore = simulation.world.haptics.recorded
            var bug: ModelBug?
            do throws(RPCError) {
                return try SessionSlot.change(&simulation, limits: limits) {
                    (simulation: inout Simulation) throws(SimulationError) in
                    let result: JSONValue
                    do throws(SimulationError) {
                        result = try body(&simulation, limits)
                    } catch {
                        if case .modelBug(let found) = error { bug = found }
                        throw error
                    }
                    bug =
                        simulation.undeclaredRecord(traceBefore: traceBefore, hapticsBefore: hapticsBefore)
                        ?? result.firstUnreportableNumberPath.map {
                            request.unreportable(at: $0, app: simulation.appName)
                        }
                    if let bug { throw .modelBug(bug) }
                    return result
                }
            } catch {
                guard let bug else { throw error }
                let before = simulation.world.actions.all.prefix(actionsBefore)
                simulation = try request.rebuild(app: appName, actions: before)
                throw request.error(bug, reproducing: simulation)
            }
        }
    }

    /// Runs `body` on a simulation in place; simulation errors become their JSON-RPC errors.
    ///
    /// Enforces the per-session limits on timers and animations: when the session already holds the maximum
    /// before the request, a request that adds to it is undone (the session is restored as it was) and fails with
    /// -32010. A session below a limit is never copied, so the check costs nothing until a limit is reached.
    static func change<T>(
        _ simulation: inout Simulation, limits: Limits, _ body: (inout Simulation) throws(SimulationError) -> T
    ) throws(RPCError) -> T {
        let animationsBefore = liveAnimations(simulation, exactFrom: limits.maxAnimationsPerSession)
        let timersBefore =
            simulation.world.agenda.count >= limits.maxTimersPerSession ? pendingTimers(simulation) : 0
        let atLimit =
            timersBefore >= limits.maxTimersPerSession || animationsBefore >= limits.maxAnimationsPerSession
        let saved: Simulation? = atLimit ? simulation : nil
        let outcome: Result<T, SimulationError>
        do throws(SimulationError) {
            outcome = .success(try body(&simulation))
        } catch {
            outcome = .failure(error)
        }
        if let saved {
            let animationsAfter = liveAnimations(simulation, exactFrom: 0)
            let timersAfter = pendingTimers(simulation)
            if timersBefore >= limits.maxTimersPerSession, timersAfter > timersBefore {
                simulation = saved
                throw .limitExceeded(
                    "timersPerSession", maximum: limits.maxTimersPerSession,
                    detail: "the session already has \(timersBefore) pending timers, so the request was undone; "
                        + "let timers fire (clock.advance) or start choreod with a larger --max-timers-per-session")
            }
            if animationsBefore >= limits.maxAnimationsPerSession, animationsAfter > animationsBefore {
                simulation = saved
                throw .limitExceeded(
                    "animationsPerSession", maximum: limits.maxAnimationsPerSession,
                    detail: "\(animationsBefore) animations are running in the session, so the request, which would "
                        + "start one more, was undone; let some settle (clock.advance) or start choreod with a larger "
                        + "--max-animations-per-session")
            }
        }
        switch outcome {
        case .success(let value): return value
        case .failure(let error): throw RPCError(error)
        }
    }

    /// The animations running in a session now (``Timeline/moving(at:)``): counted one by one only when the
    /// bound that costs nothing (the animations driving a property) reaches `exactFrom`, else that bound.
    static func liveAnimations(_ simulation: Simulation, exactFrom threshold: Int) -> Int {
        let timeline = simulation.world.timeline
        guard timeline.drivingCount >= threshold else { return timeline.drivingCount }
        return timeline.moving(at: simulation.now).count
    }

    /// How many timers a simulation has pending.
    static func pendingTimers(_ simulation: Simulation) -> Int {
        var count = 0
        for entry in simulation.world.agenda.entries {
            if case .timer = entry.item { count += 1 }
        }
        return count
    }
}

/// What a request does on one session, run under the session's lock (``SessionSlot/run(_:limits:)``).
enum SessionWork: Sendable {
    /// Reads the simulation (`animations.list`), with the daemon's limits.
    case read(@Sendable (Simulation, Limits) throws(RPCError) -> JSONValue)
    /// Reads it as text written straight from its typed values (`state.get`), or, where `text` writes nothing (nil)
    /// or writes a number not to report, as the value `value` answers: the same JSON either way.
    case written(
        text: @Sendable (Simulation, Limits) throws(RPCError) -> JSONText?,
        value: @Sendable (Simulation, Limits) throws(RPCError) -> JSONValue)
    /// Changes it (`ui.tap`, `clock.advance`) under the session's limits (the daemon's, passed in); `body` records
    /// the call itself.
    case change(@Sendable (inout Simulation, Limits) throws(SimulationError) -> JSONValue)
}
