import ChoreoJSON

/// The dashboard's custom pull-to-refresh (seed 003's RefreshCoordinator). Placeholder: filled in by the
/// dashboard-loading work (issue 6).
struct RefreshCoordinator: Sendable, Hashable {
    /// What the coordinator tells the app after an input or a timer.
    enum Outcome: Sendable, Hashable {
        /// Nothing for the app to do.
        case none
        /// Refreshing started: the data load begins (skeletons show).
        case loadStarted
        /// The load ended.
        case loadFinished(ok: Bool)
    }

    /// Whether a finger is on the indicator.
    var isDragging: Bool { false }

    mutating func pull(to distance: Double, world: inout World) -> (JSONValue, Outcome) {
        (["state": "idle"], .none)
    }

    mutating func release(world: inout World) -> (JSONValue, Outcome) {
        (["state": "idle"], .none)
    }

    mutating func finishLoading(ok: Bool, world: inout World) -> (JSONValue, Outcome) {
        (["finished": false, "reason": "nothing is loading"], .none)
    }

    mutating func handle(_ timer: AppTimer, world: inout World) -> Outcome { .none }

    func state(world: World) -> JSONValue { ["state": "idle"] }
}
