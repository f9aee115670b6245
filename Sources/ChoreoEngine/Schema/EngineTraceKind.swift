/// Every trace event kind the engine records, each stated once: `record(_:)` takes only
/// these, and the declarations of the state reference (`TraceEventKind`) name them; a test checks each kind is
/// declared exactly once.
public enum EngineTraceKind: String, TraceKind {
    case labSet = "lab.set"
    case sessionCreated = "session.created"
    case action
    case settings
    case animationStarted = "animation.started"
    case animationCompleted = "animation.completed"
    case animationSettled = "animation.settled"
    case timer
    case haptic
    case announcement
}
