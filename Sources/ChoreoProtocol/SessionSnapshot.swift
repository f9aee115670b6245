import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON
import ChoreoLocks
import ChoreoMotion

/// `session.export` and `session.import`: a session saved as JSON and restored, in this daemon or another one.
///
/// A session is deterministic: its config (the `session.create` params) and the requests that changed it (the
/// `action` events of its trace) determine everything else. A snapshot carries exactly those, plus the length and a
/// digest of the trace they produced; import replays the actions through the method table and refuses the result
/// unless it reproduces that trace exactly.
public enum SessionSnapshot {
    /// The `format` member of every snapshot.
    public static let format = "choreo-session"
    /// The snapshot version this daemon writes and reads.
    public static let version: Int64 = 1
    /// Method families that act on the daemon rather than on one session; they never appear as actions. (Any other
    /// method is replayed, and one that records no action is refused then.)
    static let notReplayable = ["session.", "daemon.", "rpc.", "events."]
    /// The members of a snapshot.
    static let members: Set<String> = [
        "format", "version", "app", "config", "actions", "now", "traceEvents", "traceDigest", "actionsDigest",
    ]

    /// `fnv1a64:` and 16 hex digits: FNV-1a (64 bits) of `[config, actions]` serialized. Checked before anything
    /// is replayed, so an edited snapshot is refused without running what the edit asks for.
    static func actionsDigest(config: [String: JSONValue], actions: [JSONValue]) -> String {
        "fnv1a64:" + FNV1a(bytes: JSONValue.array([.object(config), .array(actions)]).serializedBytes()).hex
    }

    /// The snapshot of a session.
    public static func make(_ simulation: Simulation, createParams: [String: JSONValue]) -> JSONValue {
        let trace = simulation.world.trace
        let actions = simulation.world.actions.all
        return [
            "format": .string(format), "version": .int(version), "app": .string(simulation.appName),
            "config": .object(createParams), "actions": .array(actions),
            "now": .number(simulation.now.milliseconds), "traceEvents": .int(Int64(trace.recorded)),
            "traceDigest": .string(trace.digest),
            "actionsDigest": .string(actionsDigest(config: createParams, actions: actions)),
        ]
    }

    /// A snapshot of `actions` replayed from `createParams` whose trace is not to be checked (a session rebuilt
    /// after a model bug: ``replay(_:limits:apps:context:checkingDigest:)`` with `checkingDigest` false).
    static func unchecked(actions: [JSONValue], app: String, createParams: [String: JSONValue]) -> [String: JSONValue] {
        [
            "format": .string(format), "version": .int(version), "app": .string(app), "config": .object(createParams),
            "actions": .array(actions), "traceEvents": 1, "traceDigest": "",
        ]
    }

    /// The bytes a `session.import` request line adds around its snapshot (`{"jsonrpc":…,"params":{"snapshot":…}}`).
    static let importEnvelopeBytes = 256

    /// Refuses (-32010 `snapshotBytes`) a snapshot that the daemon that made it could not read back: one whose
    /// `session.import` line would be longer than `maxLineBytes`. So every export this daemon hands out imports here.
    static func checkImportable(_ snapshot: JSONValue, maxLineBytes: Int) throws(RPCError) {
        let size = snapshot.serializedBytes().count
        let maximum = maxLineBytes - importEnvelopeBytes
        guard size > maximum else { return }
        throw .limitExceeded(
            "snapshotBytes", maximum: maximum,
            detail: "the session's snapshot is \(size) bytes, longer than session.import can read back in one request "
                + "line (--max-line-bytes \(maxLineBytes)); start choreod with --max-line-bytes "
                + "\(size + importEnvelopeBytes) or more to export and import it")
    }

    /// A snapshot read and checked, before replay.
    struct Parsed {
        var config: [String: JSONValue]
        var simulation: Simulation
        var actions: [(method: String, params: [String: JSONValue])]
        var traceEvents: Int
        var traceDigest: String
    }

    /// Reads a snapshot; every problem is a -32602 naming the member (`snapshot.actions.3.method`).
    static func parse(
        _ value: [String: JSONValue], apps: AppRegistry, methods: [String: Method]
    ) throws(RPCError) -> Parsed {
        let s = try Params(.object(value), allowed: members, prefix: "snapshot")
        guard try s.string("format") == format else {
            throw .invalidParams("snapshot.format", expected: "\"\(format)\" (what session.export returns)")
        }
        _ = try s.integer("version", in: version...version, expected: "\(version) (the version this choreod reads)")
        let config = try s.objectParam("config")
        // The edit check comes first: nothing of an edited snapshot runs (a snapshot without the member, from a
        // choreod before it, is checked by its replay alone).
        if let recorded = try s.optionalString("actionsDigest"), let items = s.object["actions"]?.arrayValue {
            let digest = actionsDigest(config: config, actions: items)
            guard recorded == digest else {
                throw .invalidSnapshot(
                    "snapshot.actionsDigest",
                    expected: "the digest of snapshot.config and snapshot.actions (they were edited after "
                        + "session.export; export the session again rather than editing its snapshot)",
                    detail: ["expectedDigest": .string(recorded), "gotDigest": .string(digest)])
            }
        }
        // A session created without `app` exports a config without it: the snapshot's `app` says which it was, so
        // the snapshot means the same on a daemon whose first app is another (the config is kept as exported).
        var hosting = config
        if hosting["app"] == nil, let app = s.object["app"], app.stringValue != nil { hosting["app"] = app }
        let simulation = try SessionOptions.parameter.read(.object(hosting), prefix: "snapshot.config")
            .makeSimulation(apps: apps)
        if let app = try s.optionalString("app"), app != simulation.appName {
            throw .invalidParams(
                "snapshot.app", expected: "the app of snapshot.config ('\(simulation.appName)')", got: .string(app))
        }
        guard let items = s.object["actions"]?.arrayValue else {
            throw .invalidParams(
                "snapshot.actions", expected: "an array of {method, params}", got: s.object["actions"] ?? .null)
        }
        var actions: [(method: String, params: [String: JSONValue])] = []
        actions.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            let a = try Params(item, allowed: ["method", "params"], prefix: "snapshot.actions.\(index)")
            let method = try a.string("method")
            guard methods[method] != nil, !notReplayable.contains(where: { method.hasPrefix($0) }) else {
                throw .invalidParams(
                    a.fullName("method"), expected: "a method that changes one session (as session.export lists)",
                    got: .string(method))
            }
            let params = a.has("params") ? try a.objectParam("params") : [:]
            guard params["session"] == nil else {
                throw .invalidParams(a.fullName("params.session"), expected: "absent (import picks the session)")
            }
            actions.append((method, params))
        }
        let events = try s.integer("traceEvents", in: 1...Int64.max, expected: "the trace length session.export gave")
        let digest = try s.string("traceDigest")
        return Parsed(
            config: config, simulation: simulation, actions: actions, traceEvents: Int(events), traceDigest: digest)
    }

    /// Replays a parsed snapshot in a private daemon state and returns the session it rebuilt, after checking that
    /// each action lands as recorded and that the whole trace matches the snapshot's.
    static func replay(
        _ parsed: Parsed, limits: Limits, apps: AppRegistry, context: RequestContext, checkingDigest: Bool = true
    ) throws(RPCError) -> Simulation {
        var daemon = DaemonState(limits: limits, apps: apps)
        let id = try daemon.add(parsed.simulation, createParams: parsed.config)
        let slot = try daemon.slot(id)
        let scratch = Locked(daemon)
        let replayContext = RequestContext(connection: 0, uptimeMs: context.uptimeMs)
        for (index, action) in parsed.actions.enumerated() {
            var params = action.params
            params["session"] = .string(id)
            let logged = slot.simulation.withLock { $0.world.actions.count }
            // Errors are part of the history: a request that failed the first time fails the same way again.
            _ = try? daemon.methods[action.method]!.call(.object(params), state: scratch, context: replayContext)
            let (recorded, last) = slot.simulation.withLock { ($0.world.actions.count - logged, $0.world.actions.last) }
            let expected: JSONValue = ["method": .string(action.method), "params": .object(action.params)]
            guard recorded == 1, last == expected else {
                throw .invalidSnapshot(
                    "snapshot.actions.\(index)",
                    expected: "an action this session can replay (replaying it recorded \(recorded) actions "
                        + "instead of exactly this one; the snapshot was edited or comes from another choreod version)",
                    detail: ["action": .int(Int64(index))])
            }
        }
        let simulation = slot.current
        guard checkingDigest else { return simulation }
        let trace = simulation.world.trace
        let digest = trace.digest
        guard trace.recorded == parsed.traceEvents, digest == parsed.traceDigest else {
            throw .invalidSnapshot(
                "snapshot.traceDigest",
                expected: "the digest of the trace its actions replay to (the snapshot was edited, or comes from "
                    + "another choreod version whose sessions behave differently)",
                detail: [
                    "expectedEvents": .int(Int64(parsed.traceEvents)), "gotEvents": .int(Int64(trace.recorded)),
                    "expectedDigest": .string(parsed.traceDigest), "gotDigest": .string(digest),
                ])
        }
        return simulation
    }
}
