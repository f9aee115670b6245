/// A user interaction or app command sent to the app model. Each app handles the ones it has and throws
/// ``SimulationError/unsupportedAction(_:app:)`` for the rest.
public enum Action: Sendable, Hashable {
    /// Go to a top-level screen (`ui.navigate`).
    case navigate(screen: String)

    /// The method name the action arrives by, for errors and the trace.
    public var methodName: String {
        switch self {
        case .navigate: return "ui.navigate"
        }
    }
}
