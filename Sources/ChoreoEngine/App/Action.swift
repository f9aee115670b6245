/// A command only one app understands (`app.*` methods), declared by that app as a value type.
public protocol AppCommand: Sendable {
    /// The method name the command arrives by, for errors and the trace.
    var methodName: String { get }
}

/// A user interaction with the generic UI every app model shares, or an app's own command. Each app handles the
/// ones it has and throws ``SimulationError/unsupportedAction(_:app:)`` for the rest.
public enum Action: Sendable {
    /// Go to a top-level screen (`ui.navigate`): the navigation stack becomes just that screen.
    case navigate(screen: String)
    /// Tap an element by target (`SCREEN/KIND/ID`, or `SHEET/KIND/ID` inside a sheet); `point` taps one data point
    /// of a chart.
    case tap(target: String, point: Int?)
    /// Pop the navigation stack (`ui.back`).
    case back
    /// Dismiss the top sheet (`ui.dismiss`).
    case dismiss
    /// Present a sheet directly (`ui.present`), with an item for item-based sheets.
    case present(sheet: String, item: String?)
    /// Scroll a screen's content to `y` points from the top (`ui.scroll`); the current screen when nil.
    case scroll(screen: String?, y: Double)
    /// Move the finger to `distance` points of pull-to-refresh (`ui.pull`).
    case pull(distance: Double)
    /// Lift the finger (`ui.release`): ends a pull, a chart touch or a drag.
    case release
    /// Touch and hold a target at `x` (0…1 across it) (`ui.touch`).
    case touch(target: String, x: Double)
    /// Pan the finger to `x` (0…1), optionally with a velocity in points per second (`ui.drag`).
    case drag(target: String?, x: Double?, y: Double?, velocity: Double?)
    /// Device tilt in degrees and rotation rate in degrees per second (`ui.deviceMotion`).
    case deviceMotion(pitch: Double, roll: Double, rotationRate: Double?)
    /// A command of one app (`app.*`).
    case command(any AppCommand)

    /// The method name the action arrives by, for errors and the trace.
    public var methodName: String {
        switch self {
        case .navigate: return "ui.navigate"
        case .tap: return "ui.tap"
        case .back: return "ui.back"
        case .dismiss: return "ui.dismiss"
        case .present: return "ui.present"
        case .scroll: return "ui.scroll"
        case .pull: return "ui.pull"
        case .release: return "ui.release"
        case .touch: return "ui.touch"
        case .drag: return "ui.drag"
        case .deviceMotion: return "ui.deviceMotion"
        case .command(let command): return command.methodName
        }
    }
}
