import AirFit
import ChoreoEngine
import FinPessoal

/// The apps the stock choreod hosts: the one list that names them. The engine knows apps only through ``AppModel``
/// and the daemon only through the ``AppRegistry`` it is started with (`Choreod.main(apps:)`).
public enum AppCatalog {
    /// The stock apps, in the order `daemon.info` lists them; the first is `session.create`'s default.
    public static let registry = AppRegistry([FinPessoalApp.self, AirFitApp.self])

    /// Every app, in order.
    public static var apps: [any AppModel.Type] { registry.apps }

    /// The app names `session.create` accepts.
    public static var names: [String] { registry.names }
}

extension Simulation {
    /// Creates a session of one of the catalogue's apps (`config.app`) at virtual time zero.
    public init(config: SessionConfig) throws(SimulationError) {
        try self.init(config: config, apps: AppCatalog.registry)
    }
}
