import AirFit
import ChoreoEngine
import FinPessoal

/// The apps choreod hosts: the one place that names them. The engine knows apps only through ``AppModel``.
public enum AppCatalog {
    /// Every app, in the order `daemon.info` lists them.
    public static let apps: [any AppModel.Type] = [FinPessoalApp.self, AirFitApp.self]

    /// The app names `session.create` accepts.
    public static var names: [String] { apps.map { $0.appName } }

    /// Every animation of every app (or of one, by name), with the designs' budgets, for `motion.audit`.
    public static func auditEntries(app: String?) -> [MotionAudit.Entry] {
        apps.filter { app == nil || $0.appName == app }.flatMap { $0.auditEntries }
    }
}

extension Simulation {
    /// Creates a session of one of the catalogue's apps (`config.app`) at virtual time zero.
    public init(config: SessionConfig) throws(SimulationError) {
        try self.init(config: config, apps: AppCatalog.apps)
    }
}
