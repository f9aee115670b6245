import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON
import ChoreoLocks
import ChoreoMotion

/// Who is calling and what the daemon around the state knows (wall-clock facts stay out of the core).
public struct RequestContext: Sendable {
    /// The connection the request arrived on.
    public var connection: Int
    /// Milliseconds of wall time since the daemon started (for `daemon.info` only).
    public var uptimeMs: Double

    public init(connection: Int, uptimeMs: Double) {
        self.connection = connection
        self.uptimeMs = uptimeMs
    }
}

/// One JSON-RPC method, declared once: its name and documentation, its parameters (which validate the request and
/// are listed in the OpenRPC document), its result, errors and examples, whether it changes a session, and its
/// handler, which receives the values its parameters read.
///
/// Three kinds: ``init(_:summary:description:params:result:errors:examples:handler:)`` for a method that reads or
/// manages daemon state, ``init(reading:summary:description:params:result:errors:examples:handler:)`` for one that
/// reads a session (`state.get`), whose handler gets the session, and
/// ``init(action:summary:description:params:result:errors:examples:prepare:)`` for one that changes a session
/// (`ui.tap`, `clock.advance`): the dispatcher records it, then applies its ``Mutation``.
public struct Method: Sendable {
    /// The method name, e.g. `clock.advance`.
    public let name: String
    /// One line for the document.
    public let summary: String
    /// What it does, for the document.
    public let description: String
    /// The parameters, in document order (a method that changes a session lists `session` first).
    public let params: [ParamSpec]
    /// The parameter that names the session a call changes, or nil for a method that changes no session.
    ///
    /// The dispatcher records such a call in that session's trace before applying it (an `action` event with the
    /// method and params without `session`): what `session.export` saves and `session.import` replays.
    public let mutatedSession: String?
    /// The result's name and schema.
    public internal(set) var result: MethodResult
    /// The errors particular to this method; the document adds -32602, -32603 and (for a method that takes a
    /// session) -32000 to every method's list.
    public let errors: [ErrorComponent]
    /// Checked examples (`Tests/e2e/test_openrpc_document.py` validates them against the schemas).
    public internal(set) var examples: [Example]
    /// What a call runs: the parameter names allowed and the body (a reference, so looking a method up to call it
    /// copies one pointer rather than every field above).
    let dispatch: Dispatch

    /// A method's parameter names and body, shared by every copy of the method.
    final class Dispatch: Sendable {
        /// The method's name.
        let method: String
        let names: Set<String>
        fileprivate let body: Body

        fileprivate init(method: String, names: Set<String>, body: Body) {
            self.method = method
            self.names = names
            self.body = body
        }

        /// The part of a call that runs under the daemon's lock: checks that `params` is an object of declared
        /// names only (-32602 otherwise), then runs a daemon method's handler, or for a method on a session, reads
        /// its params and finds the session (-32000 when there is none).
        func begin(_ params: JSONValue?, state: inout DaemonState, context: RequestContext) throws(RPCError)
            -> Started
        {
            let p = try Params(params, allowed: names)
            switch body {
            case .daemon(let run):
                return .done(try run(&state, p, context))
            case .daemonThen(let run):
                return .later(try run(&state, p, context))
            case .session(let plan):
                let (id, work) = try plan(p)
                let request = SessionRequest(
                    session: id, method: method, params: .object(p.object),
                    createParams: state.records[id]?.createParams ?? [:], apps: state.apps, methods: state.methods,
                    limits: state.limits)
                return .session(id: id, slot: try state.slot(id), work: work, request: request)
            }
        }
    }

    /// How a method runs: under the daemon's lock on its state, or on one session under that session's lock.
    fileprivate enum Body: Sendable {
        /// Reads or manages the daemon's state (run under the daemon's lock).
        case daemon(@Sendable (inout DaemonState, Params, RequestContext) throws(RPCError) -> JSONValue)
        /// Gathers under the daemon's lock what it needs and leaves the rest to run after the lock is let go.
        case daemonThen(@Sendable (inout DaemonState, Params, RequestContext) throws(RPCError) -> Later)
        /// Reads its params (under the daemon's lock) into the session it names and what to do there, which runs
        /// under the session's lock only.
        case session(@Sendable (Params) throws(RPCError) -> (session: String, work: SessionWork))
    }

    /// A method that reads or manages daemon state. `handler` gets the state, the request's context and the value
    /// of each parameter, in order.
    public init<each P: Sendable>(
        _ name: String, summary: String, description: String, params: repeat Parameter<each P>,
        result: MethodResult, errors: [ErrorComponent] = [], examples: [Example],
        handler: @escaping @Sendable (inout DaemonState, RequestContext, repeat each P) throws(RPCError) -> JSONValue
    ) {
        let (specs, read) = Self.daemonReader(repeat each params, handler: handler)
        self.init(
            name, summary: summary, description: description, params: specs, mutatedSession: nil, result: result,
            errors: errors, examples: examples, body: .daemon(read))
    }

    /// The specs of a daemon method's parameters, in order, and what runs it: its params read and handed to
    /// `handler` with the daemon's state and the request's context.
    private static func daemonReader<each P: Sendable, Output>(
        _ params: repeat Parameter<each P>,
        handler: @escaping @Sendable (inout DaemonState, RequestContext, repeat each P) throws(RPCError) -> Output
    ) -> (specs: [ParamSpec], read: @Sendable (inout DaemonState, Params, RequestContext) throws(RPCError) -> Output) {
        var specs: [ParamSpec] = []
        for parameter in repeat each params { specs += parameter.specs }
        let parameters = (repeat each params)
        return (
            specs,
            { (state: inout DaemonState, p: Params, context: RequestContext) throws(RPCError) in
                try handler(&state, context, repeat try (each parameters).read(p))
            }
        )
    }

    /// The part of a daemon method that runs after the daemon's lock is let go (``init(outsideLock:summary:description:params:result:errors:examples:handler:)``).
    public struct Later: Sendable {
        let run: @Sendable (Locked<DaemonState>) throws(RPCError) -> JSONValue

        /// `run` gets the daemon's state behind its lock, to take the lock again for a last change (and must not
        /// hold it while it waits for a session's lock).
        public init(_ run: @escaping @Sendable (Locked<DaemonState>) throws(RPCError) -> JSONValue) {
            self.run = run
        }
    }

    /// A method on daemon state whose slow part runs outside the daemon's lock, so it holds up no other session:
    /// `handler` runs under the lock with the state, the request's context and each parameter's value, gathers
    /// what it needs (the slots of the sessions it reads) and returns the rest as a ``Later``, which runs once the
    /// lock is let go: the place to wait for a session's lock.
    public init<each P: Sendable>(
        outsideLock name: String, summary: String, description: String, params: repeat Parameter<each P>,
        result: MethodResult, errors: [ErrorComponent] = [], examples: [Example],
        handler: @escaping @Sendable (inout DaemonState, RequestContext, repeat each P) throws(RPCError) -> Later
    ) {
        let (specs, read) = Self.daemonReader(repeat each params, handler: handler)
        self.init(
            name, summary: summary, description: description, params: specs, mutatedSession: nil, result: result,
            errors: errors, examples: examples, body: .daemonThen(read))
    }

    /// A method that reads one session, named by its `session` parameter (declared here, listed first).
    ///
    /// The dispatcher reads every parameter (so a bad one is -32602 before an unknown session is -32000), looks the
    /// session up once, and `handler` gets it (borrowed under the session's lock) and the value of each other
    /// parameter. A method whose result is large may also give `writing`, which writes the same result straight to
    /// text (or returns nil to leave it to `handler`): the reply is then never built as ``JSONValue``s.
    public init<each P: Sendable>(
        reading name: String, summary: String, description: String, params: repeat Parameter<each P>,
        result: MethodResult, errors: [ErrorComponent] = [], examples: [Example],
        writing: (@Sendable (Simulation, repeat each P) throws(RPCError) -> JSONText?)? = nil,
        handler: @escaping @Sendable (Simulation, repeat each P) throws(RPCError) -> JSONValue
    ) {
        let session = Param.session
        var specs = session.specs
        for parameter in repeat each params { specs += parameter.specs }
        let parameters = (repeat each params)
        self.init(
            name, summary: summary, description: description, params: specs, mutatedSession: nil, result: result,
            errors: errors, examples: examples,
            body: .session { (p: Params) throws(RPCError) in
                let id = try session.read(p)
                let values = (repeat try (each parameters).read(p))
                let value = { @Sendable (simulation: Simulation, _: Limits) throws(RPCError) -> JSONValue in
                    try handler(simulation, repeat each values)
                }
                guard let writing else { return (id, .read(value)) }
                return (
                    id,
                    .written(
                        text: { (simulation: Simulation, _: Limits) throws(RPCError) -> JSONText? in
                            try writing(simulation, repeat each values)
                        }, value: value)
                )
            })
    }

    /// What a reading handler may need besides the session itself.
    public struct Reading: Sendable {
        /// The session's id.
        public let session: String
        /// The daemon's limits.
        public let limits: Limits
    }

    /// A method that reads one session as ``init(reading:summary:description:params:result:errors:examples:handler:)``
    /// does, whose handler also gets the session's id and the daemon's limits (`screen.render`, which advances a
    /// copy; `haptics.export`, which names the session).
    public init<each P: Sendable>(
        readingWithContext name: String, summary: String, description: String, params: repeat Parameter<each P>,
        result: MethodResult, errors: [ErrorComponent] = [], examples: [Example],
        handler: @escaping @Sendable (Simulation, Reading, repeat each P) throws(RPCError) -> JSONValue
    ) {
        let session = Param.session
        var specs = session.specs
        for parameter in repeat each params { specs += parameter.specs }
        let parameters = (repeat each params)
        self.init(
            name, summary: summary, description: description, params: specs, mutatedSession: nil, result: result,
            errors: errors, examples: examples,
            body: .session { (p: Params) throws(RPCError) in
                let id = try session.read(p)
                let values = (repeat try (each parameters).read(p))
                return (
                    id,
                    .read { (simulation: Simulation, limits: Limits) throws(RPCError) -> JSONValue in
                        try handler(simulation, Reading(session: id, limits: limits), repeat each values)
                    }
                )
            })
    }

    /// A method that changes one session, named by its `session` parameter (declared here, listed first).
    ///
    /// `prepare` gets the value of each other parameter and returns the change, or throws -32602 for a value its
    /// parameter alone cannot judge. The dispatcher then records the call in the session's trace and applies the
    /// change, as one step under the session's limits (``SessionSlot/change(_:limits:_:)``).
    public init<each P: Sendable>(
        action name: String, summary: String, description: String, params: repeat Parameter<each P>,
        result: MethodResult = .answeredByApps, errors: [ErrorComponent] = [], examples: [Example],
        prepare: @escaping @Sendable (repeat each P) throws(RPCError) -> Mutation
    ) {
        let session = Param.session
        var specs = session.specs
        for parameter in repeat each params { specs += parameter.specs }
        let parameters = (repeat each params)
        self.init(
            name, summary: summary, description: description, params: specs, mutatedSession: session.spec.name,
            result: result, errors: errors, examples: examples,
            body: .session { (p: Params) throws(RPCError) in
                let id = try session.read(p)
                let mutation = try prepare(repeat try (each parameters).read(p))
                return (id, Self.recordedChange(name, params: p.object, mutation))
            })
    }

    /// A method an app brings (``AppMethod``), taking `session` first: an action is recorded in the session's trace
    /// and applied as ``init(action:summary:description:params:result:errors:examples:prepare:)`` applies one; a
    /// reading runs on the session as ``init(reading:summary:description:params:result:errors:examples:handler:)``
    /// does.
    public init(app method: AppMethod) {
        let session = Param.session
        let name = method.name
        let body = method.body
        self.init(
            name, summary: method.summary, description: method.description, params: session.specs + method.params,
            mutatedSession: { if case .action = body { return session.spec.name } else { return nil } }(),
            result: method.result, errors: method.errors, examples: method.examples,
            body: .session { (p: Params) throws(RPCError) in
                let id = try session.read(p)
                switch body {
                case .action(let prepare):
                    return (id, Self.recordedChange(name, params: p.object, .perform(try prepare(p))))
                case .reading(let prepare):
                    let read = try prepare(p)
                    return (id, .read { (simulation: Simulation, _: Limits) throws(RPCError) in try read(simulation) })
                }
            })
    }

    /// What a method that changes a session does there: records the call in the session's trace (what
    /// `session.export` saves), then applies `mutation`.
    private static func recordedChange(_ name: String, params: [String: JSONValue], _ mutation: Mutation) -> SessionWork
    {
        .change { (simulation: inout Simulation, limits: Limits) throws(SimulationError) -> JSONValue in
            try simulation.recordAction(name, params: params)
            return try mutation.apply(&simulation, limits)
        }
    }

    private init(
        _ name: String, summary: String, description: String, params: [ParamSpec], mutatedSession: String?,
        result: MethodResult, errors: [ErrorComponent], examples: [Example], body: Body
    ) {
        self.name = name
        self.summary = summary
        self.description = description
        self.params = params
        self.mutatedSession = mutatedSession
        self.result = result
        self.errors = errors
        self.examples = examples
        let names = Set(params.map(\.name))
        precondition(names.count == params.count, "\(name) declares a parameter twice")
        dispatch = Dispatch(method: name, names: names, body: body)
    }

    /// What ``begin(_:state:context:)`` leaves to do after the daemon's lock is let go.
    enum Started {
        /// The method ran (under the daemon's lock): its result.
        case done(JSONValue)
        /// What a daemon method leaves to run after the daemon's lock is let go.
        case later(Later)
        /// The work to run on a session, under that session's lock only.
        case session(id: String, slot: SessionSlot, work: SessionWork, request: SessionRequest)

        /// Finishes the call: runs the session's work, or a daemon method's part outside the lock, if any.
        func finish(state: Locked<DaemonState>) throws(RPCError) -> MethodAnswer {
            switch self {
            case .done(let result): return .value(result)
            case .later(let later): return .value(try later.run(state))
            case .session(_, let slot, let work, let request): return try slot.run(work, request: request)
            }
        }
    }

    /// Calls the method on a daemon state behind its lock (the daemon's ``RPCProcessor`` steps, one request): the
    /// daemon's part under that lock, a session's part under the session's lock only.
    public func call(_ params: JSONValue?, state: Locked<DaemonState>, context: RequestContext) throws(RPCError)
        -> JSONValue
    {
        let started = try state.withLock { (state: inout DaemonState) throws(RPCError) in
            try dispatch.begin(params, state: &state, context: context)
        }
        return try started.finish(state: state).json
    }
}

/// What a method that changes a session does to it, run by the dispatcher after it has recorded the call.
public enum Mutation: Sendable {
    /// Performs a user action on the app (`ui.*`, `app.*`).
    case perform(Action)
    /// Performs a lab request (`lab.*`).
    case lab(Lab.Request)
    /// A change given by a closure of the session's simulation and the daemon's limits.
    case change(@Sendable (_ simulation: inout Simulation, _ limits: Limits) throws(SimulationError) -> JSONValue)

    /// A change given by a closure of the session's simulation and the daemon's limits.
    public init(
        _ apply:
            @escaping @Sendable (_ simulation: inout Simulation, _ limits: Limits) throws(SimulationError)
            -> JSONValue
    ) {
        self = .change(apply)
    }

    /// Performs a lab request (`lab.*`).
    public static func perform(_ request: Lab.Request) -> Mutation { .lab(request) }

    /// Applies the change to `simulation`.
    func apply(_ simulation: inout Simulation, _ limits: Limits) throws(SimulationError) -> JSONValue {
        switch self {
        case .perform(let action): return try simulation.perform(action)
        case .lab(let request): return try simulation.perform(request)
        case .change(let apply): return try apply(&simulation, limits)
        }
    }
}
