/// A user interaction or app command sent to the app model. Each app handles the ones it has and throws
/// ``SimulationError/unsupportedAction(_:app:)`` for the rest.
public enum Action: Sendable, Hashable {
    /// Go to a top-level screen (`ui.navigate`): the navigation stack becomes just that screen.
    case navigate(screen: String)
    /// Tap an element by target (`SCREEN/KIND/ID`, or `SHEET/KIND/ID` inside a sheet).
    case tap(target: String)
    /// Pop the navigation stack (`ui.back`).
    case back
    /// Dismiss the top sheet (`ui.dismiss`).
    case dismiss
    /// Present a sheet directly (`ui.present`), with an item for item-based sheets.
    case present(sheet: String, item: String?)
    /// Scroll a screen's content to `y` points from the top (`ui.scroll`); the current screen when nil.
    case scroll(screen: String?, y: Double)

    /// The method name the action arrives by, for errors and the trace.
    public var methodName: String {
        switch self {
        case .navigate: return "ui.navigate"
        case .tap: return "ui.tap"
        case .back: return "ui.back"
        case .dismiss: return "ui.dismiss"
        case .present: return "ui.present"
        case .scroll: return "ui.scroll"
        }
    }
}
