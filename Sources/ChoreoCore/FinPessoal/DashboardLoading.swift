import ChoreoJSON

/// Skeleton placeholders while the dashboard loads, and the staggered reveal with counting numbers when data
/// arrives (seed 003's SkeletonView, loading-to-data transition and PhysicsNumberCounter). Placeholder: filled in
/// by the dashboard-loading work (issue 6).
struct DashboardLoading: Sendable, Hashable {
    mutating func beginLoading(world: inout World) {}

    mutating func finishLoading(ok: Bool, data: FinData, world: inout World) {}

    mutating func handle(_ timer: AppTimer, world: inout World) {}

    func state(data: FinData, world: World) -> JSONValue { ["loading": false] }
}
