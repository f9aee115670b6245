import ChoreoEngine

/// Every timer AirFit schedules. The trace names each by ``name``.
enum AirFitTimer: TimerKind {
    static let owner = AirFitApp.appName

    /// The detail sheet finished sliding away.
    case sheetDismissed

    var name: String {
        switch self {
        case .sheetDismissed: return "sheet.dismissed"
        }
    }
}
