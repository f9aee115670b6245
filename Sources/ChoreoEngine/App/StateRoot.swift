/// What an app's top-level state nodes are built from (``AppModel/stateTree``): the app and the session's world at
/// the current virtual time.
public struct StateRoot<App: AppModel>: Sendable {
    /// The app.
    public let app: App
    /// The world: settings, clock and animated values.
    public let world: World

    public init(app: App, world: World) {
        self.app = app
        self.world = world
    }
}
