import ChoreoEngine
import ChoreoJSON

/// One JSON-RPC method an app brings (an `app.*` command, or a reading of its own), declared once: its name and
/// documentation, its parameters (which validate the request and are listed in the OpenRPC document), its errors and
/// examples, and what it does with a session. The method always takes `session` first; the daemon reads it, finds the
/// session and runs the method under that session's lock. An app sees nothing of the daemon's state.
public struct AppMethod: Sendable {
    /// The method name, e.g. `app.resetToggles`.
    public let name: String
    /// One line for the document.
    public let summary: String
    /// What it does, for the document.
    public let description: String
    /// The parameters after `session`, in document order.
    public let params: [ParamSpec]
    /// Its result: for an action, what the apps answer it with (``MethodResult/answeredByApps``).
    public let result: MethodResult
    /// The errors particular to this method (the document adds -32602, -32603 and -32000 to every method's list).
    public let errors: [ErrorComponent]
    /// Checked examples (each validated against the schemas).
    public let examples: [Example]
    /// What a call does.
    package let body: Body

    /// What a call does with its params (read after `session`).
    package enum Body: Sendable {
        /// Changes the session: the action the model applies (the daemon records the call first).
        case action(@Sendable (Params) throws(RPCError) -> Action)
        /// Reads the session: what to answer from it.
        case reading(@Sendable (Params) throws(RPCError) -> @Sendable (Simulation) throws(RPCError) -> JSONValue)
    }

    /// A method that changes the session: `prepare` gets the value of each parameter and returns the action the
    /// model applies (usually `.command(…)` of the app's ``AppCommand``), or throws -32602 for a value its parameter
    /// alone cannot judge. The daemon records the call in the session's trace, then applies the action; the reply
    /// is what the app answers (one of its features' ``ActionResult``s) or a refusal.
    public init<each P: Sendable>(
        action name: String, summary: String, description: String, params: repeat Parameter<each P>,
        errors: [ErrorComponent] = [], examples: [Example],
        prepare: @escaping @Sendable (repeat each P) throws(RPCError) -> Action
    ) {
        var specs: [ParamSpec] = []
        for parameter in repeat each params { specs += parameter.specs }
        let parameters = (repeat each params)
        self.init(
            name, summary: summary, description: description, params: specs, result: .answeredByApps,
            errors: errors, examples: examples,
            body: .action { (p: Params) throws(RPCError) in try prepare(repeat try (each parameters).read(p)) })
    }

    /// A method that reads the session: `handler` gets the session (borrowed under its lock) and the value of each
    /// parameter, and returns the result, which `result` describes.
    public init<each P: Sendable>(
        reading name: String, summary: String, description: String, params: repeat Parameter<each P>,
        result: MethodResult, errors: [ErrorComponent] = [], examples: [Example],
        handler: @escaping @Sendable (Simulation, repeat each P) throws(RPCError) -> JSONValue
    ) {
        var specs: [ParamSpec] = []
        for parameter in repeat each params { specs += parameter.specs }
        let parameters = (repeat each params)
        self.init(
            name, summary: summary, description: description, params: specs, result: result, errors: errors,
            examples: examples,
            body: .reading { (p: Params) throws(RPCError) in
                let values = (repeat try (each parameters).read(p))
                return { (simulation: Simulation) throws(RPCError) -> JSONValue in
                    try handler(simulation, repeat each values)
                }
            })
    }

    private init(
        _ name: String, summary: String, description: String, params: [ParamSpec], result: MethodResult,
        errors: [ErrorComponent], examples: [Example], body: Body
    ) {
        self.name = name
        self.summary = summary
        self.description = description
        self.params = params
        self.result = result
        self.errors = errors
        self.examples = examples
        self.body = body
    }
}

extension MethodResult {
    /// The result of an action answered by the apps: built from the result types the hosting apps' features declare
    /// for the method (``ActionResult``) when the daemon assembles its methods.
    public static let answeredByApps = MethodResult("result", .anything(), answeredByApps: true)
}

/// An app that brings JSON-RPC methods of its own (``AppMethod``): a daemon hosting it serves them, its OpenRPC
/// document lists them, journeys and agents call them.
public protocol AppMethods: AppModel {
    /// The app's methods; each name once across the apps a daemon hosts (none by default).
    static var methods: [AppMethod] { get }

    /// Examples of the shared methods that show this app, by method name (`motion.audit` of its animations, an
    /// action only it takes): a daemon hosting it lists them after the method's own (none by default).
    static var examples: [String: [Example]] { get }
}

extension AppMethods {
    public static var methods: [AppMethod] { [] }

    public static var examples: [String: [Example]] { [:] }
}
