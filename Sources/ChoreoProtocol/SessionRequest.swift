import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON

/// One request on one session, as the session's lock sees it: who it names, what it asks, and what it takes to
/// answer a model bug (``ModelBug``) the request meets — a reproducer, and the session rebuilt as it was before.
struct SessionRequest: Sendable {
    /// The session's id.
    let session: String
    /// The method called.
    let method: String
    /// Its params, as sent (the session's id included).
    let params: JSONValue
    /// The params the session was created with (a fork's are its original's): what a rebuild starts from.
    let createParams: [String: JSONValue]
    /// The daemon's apps and methods, to rebuild the session by replaying its actions.
    let apps: AppRegistry
    let methods: [String: Method]
    /// The daemon's limits.
    let limits: Limits

    /// The most actions a reproducer carries whole (its export); past that, words say how to export it.
    static let largestReproducerActions = 10_000

    /// A model bug a reading method found itself (`screen.render` drawing a diverged state) with this request and
    /// a reproducer, as ``error(_:reproducing:)`` gives; any other error unchanged.
    func attach(_ error: RPCError, reproducing simulation: Simulation) -> RPCError {
        guard error.data["modelBug"] == true, error.data["session"] == nil else { return error }
        return withRequest(error, reproducing: simulation)
    }

    /// The model bug as -32603 with this request and a reproducer: the session's export as `simulation` stands
    /// (before the request) and the request to send after importing it.
    func error(_ bug: ModelBug, reproducing simulation: Simulation) -> RPCError {
        withRequest(.modelBug(bug), reproducing: simulation)
    }

    /// `error` (a model bug's) with this request and its reproducer in `data`.
    private func withRequest(_ error: RPCError, reproducing simulation: Simulation) -> RPCError {
        var params = params
        if case .object(var fields) = params {
            fields["session"] = nil
            params = .object(fields)
        }
        let snapshot: JSONValue =
            simulation.world.actions.count <= Self.largestReproducerActions
            ? SessionSnapshot.make(simulation, createParams: createParams)
            : .string(
                "session.export {\"session\": \"\(session)\"} (too long to include: "
                    + "\(simulation.world.actions.count) actions)")
        let reproducer: JSONValue = [
            "snapshot": snapshot, "then": ["method": .string(method), "params": params],
            "how": "session.import the snapshot, then send `then` with the imported session's id",
        ]
        return error.withRequest(session: session, method: method, params: params, reproducer: reproducer)
    }

    /// A number in a reply that is not finite, or absurdly large (past ``JSONValue/largestReportableMagnitude``),
    /// as a model bug: the member that holds it.
    func unreportable(at path: String, app: String) -> ModelBug {
        ModelBug(
            app: app, subject: path.isEmpty ? method : path,
            problem: "\(method) would report \(path.isEmpty ? "its result" : "`\(path)`") as a number that is not "
                + "finite or is past ±1e18, far outside any declared range: a computation diverged",
            fix: "report this reproducer: the app's or the engine's arithmetic diverged (a curve, a combination of "
                + "animations or a division); nothing the client sent is at fault")
    }

    /// The session rebuilt from its create params and its first `actions` actions (all those before the request
    /// that met the bug), replayed through the methods as `session.import` does.
    func rebuild(app: String, actions: ArraySlice<JSONValue>) throws(RPCError) -> Simulation {
        let snapshot = SessionSnapshot.unchecked(actions: Array(actions), app: app, createParams: createParams)
        let parsed = try SessionSnapshot.parse(snapshot, apps: apps, methods: methods)
        return try SessionSnapshot.replay(
            parsed, limits: limits, apps: apps, context: RequestContext(connection: 0, uptimeMs: 0),
            checkingDigest: false)
    }
}
