import ChoreoJSON

/// CelebrationView and the celebration queue (seeds 000 and 001). Placeholder: filled in by the celebrations work
/// (issue 5).
struct CelebrationQueue: Sendable, Hashable {
    mutating func handle(_ timer: AppTimer, world: inout World) {}

    func state(world: World) -> JSONValue { ["current": .null, "queue": []] }
}
