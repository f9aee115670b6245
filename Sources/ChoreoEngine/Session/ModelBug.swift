import Synchronization

/// An app or the engine broke one of its own rules: an answer, refusal reason, trace kind or haptic source it did not
/// declare, or a number that is not finite. Never the client's fault, and never fatal to the daemon: the request
/// that met it answers -32603 naming what broke and how to fix it, and the session is left as it was before.
public struct ModelBug: Error, Sendable, Hashable {
    /// The app the session hosts.
    public var app: String
    /// What broke: a declaration (`actionResults`), or a state path or result member (`parallax.x`).
    public var subject: String
    /// What happened, in one sentence.
    public var problem: String
    /// What fixes it, in one sentence.
    public var fix: String

    public init(app: String, subject: String, problem: String, fix: String) {
        self.app = app
        self.subject = subject
        self.problem = problem
        self.fix = fix
    }
}

/// What an app declares it may record and answer, derived from its features once per app type and process (not
/// once per session or per event): the trace kinds (the engine's and the app's), the haptic sources, the refusal
/// reasons and the action results.
final class AppDeclarations: Sendable {
    let traceKinds: Set<String>
    let hapticSources: [HapticSource]
    let refusalReasons: Set<String>
    /// The ``AppModel/actionResults`` types.
    let actionResults: Set<ObjectIdentifier>

    private init(_ app: any AppModel.Type) {
        traceKinds = Set((EngineSchema.traceEvents + app.traceEvents).map(\.kind))
        hapticSources = EngineSchema.hapticSources + app.hapticSources
        refusalReasons = Set((Refusal.Reason.engineReasons + app.refusalReasons).map(\.rawValue))
        actionResults = Set(app.actionResults.map { ObjectIdentifier($0) })
    }

    /// Every app type's declarations made so far.
    private static let made = Mutex<[ObjectIdentifier: AppDeclarations]>([:])

    /// The declarations of `app`, made the first time they are asked for.
    static func of(_ app: any AppModel.Type) -> AppDeclarations {
        let key = ObjectIdentifier(app)
        if let known = made.withLock({ $0[key] }) { return known }
        let declarations = AppDeclarations(app)
        return made.withLock { made in
            if let known = made[key] { return known }
            made[key] = declarations
            return declarations
        }
    }

    /// Whether the app declares `result` as an answer to `method` (a refusal answers every method).
    func declares(_ result: any ActionResult.Type, for method: String) -> Bool {
        result == RefusalResult.self
            || (result.answers.contains(method) && actionResults.contains(ObjectIdentifier(result)))
    }
}

extension Simulation {
    /// Everything a request recorded that the app does not declare, as a ``ModelBug``: the first trace event of an
    /// undeclared kind after `traceBefore` events, then the first haptic of an undeclared source or style after
    /// `hapticsBefore`. Costs a set lookup per new event.
    public func undeclaredRecord(traceBefore: Int, hapticsBefore: Int) -> ModelBug? {
        for event in world.trace.events(afterSeq: traceBefore) where !declarations.traceKinds.contains(event.kind) {
            return ModelBug(
                app: appName, subject: "traceEvents",
                problem: "it recorded a trace event of kind `\(event.kind)`, which its traceEvents do not declare",
                fix: "declare `\(event.kind)` in the traceEvents of the \(appName) feature that records it (a "
                    + "TraceEventKind with its fields)")
        }
        for haptic in world.haptics.after(hapticsBefore) {
            guard let source = declarations.hapticSources.first(where: { $0.matches(haptic.source) }) else {
                return ModelBug(
                    app: appName, subject: "hapticSources",
                    problem:
                        "it played a haptic from source `\(haptic.source)`, which its hapticSources do not declare",
                    fix: "declare `\(haptic.source)` in the haptics of the \(appName) feature that plays it, with the "
                        + "styles it plays")
            }
            if !source.styles.contains(haptic.style) {
                return ModelBug(
                    app: appName, subject: "hapticSources",
                    problem: "haptic source `\(haptic.source)` played `\(haptic.style.rawValue)`, a style its "
                        + "declaration does not list",
                    fix:
                        "add `\(haptic.style.rawValue)` to the styles of `\(source.source)` in the haptics of \(appName)'s "
                        + "features"
                )
            }
        }
        return nil
    }
}
