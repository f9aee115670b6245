/// Everything one feature of an app adds, declared once next to its code: its state nodes, trace events, haptics,
/// animations, action results, refusal reasons and what the tools read of it. An app is the list of its features
/// (``AppModel/features``); its state tree, schemas, `motion.audit` entries, code anchors and `app.describe` are
/// derived from that list, in its order.
///
/// A capability the engine gains becomes one field here with a default, not a requirement of every app.
public struct Feature<App: AppModel>: Sendable {
    /// The feature's name, as the guide and the tests call it, e.g. `hero`.
    public var name: String
    /// The top-level nodes of the state tree it adds, in `state.get`'s order.
    public var state: [StateProperty<StateRoot<App>>]
    /// The trace event kinds it records.
    public var traceEvents: [TraceEventKind]
    /// The haptic sources it plays, each with where it lives in the app's code.
    public var haptics: [HapticDeclaration]
    /// The animations it runs, each with the model's curve per variant, where it lives in the app's code and the
    /// design's budgets.
    public var animations: [AnimationDeclaration]
    /// The types its actions answer with (``ActionResult``).
    public var actionResults: [any ActionResult.Type]
    /// The refusal reasons of its own (``Refusal/Reason/engineReasons`` are everyone's); a reason two features
    /// share is listed once.
    public var refusalReasons: [Refusal.Reason]
    /// The screens `ui.navigate` shows, by name.
    public var screens: [String]
    /// The parts of the dataset `session.create {data}` may replace, by key.
    public var dataParts: [String]
    /// How it answers the shared actions, by method; the protocol's documents add each to the method's description.
    public var actionNotes: [String: String]
    /// Motion it evaluates itself that reports draw from the trace.
    public var decayLanes: [DecayLane]
    /// Values a finger puts in place without an animation record, that reports draw from the gestures' replies.
    public var fingerLanes: [FingerLane]

    public init(
        _ name: String, state: [StateProperty<StateRoot<App>>] = [], traceEvents: [TraceEventKind] = [],
        haptics: [HapticDeclaration] = [], animations: [AnimationDeclaration] = [],
        actionResults: [any ActionResult.Type] = [], refusalReasons: [Refusal.Reason] = [], screens: [String] = [],
        dataParts: [String] = [], actionNotes: [String: String] = [:], decayLanes: [DecayLane] = [],
        fingerLanes: [FingerLane] = []
    ) {
        self.name = name
        self.state = state
        self.traceEvents = traceEvents
        self.haptics = haptics
        self.animations = animations
        self.actionResults = actionResults
        self.refusalReasons = refusalReasons
        self.screens = screens
        self.dataParts = dataParts
        self.actionNotes = actionNotes
        self.decayLanes = decayLanes
        self.fingerLanes = fingerLanes
    }
}
