/// The apps one daemon hosts, in order; the first is the one `session.create` hosts when it names none.
///
/// A value handed to the daemon at start (`Choreod.main(apps:)`); nothing below it keeps a list of apps.
public struct AppRegistry: Sendable {
    /// The apps, in the order `daemon.info` lists them.
    public let apps: [any AppModel.Type]

    /// Hosts `apps`: at least one, each name once.
    public init(_ apps: [any AppModel.Type]) {
        precondition(!apps.isEmpty, "a daemon hosts at least one app")
        precondition(Set(apps.map { $0.appName }).count == apps.count, "two apps share a name")
        self.apps = apps
    }

    /// The app names `session.create` accepts, in order.
    public var names: [String] { apps.map { $0.appName } }

    /// The app `session.create` hosts when it names none: the first.
    public var defaultApp: any AppModel.Type { apps[0] }

    /// The app named `name`, if hosted.
    public func app(named name: String) -> (any AppModel.Type)? {
        apps.first { $0.appName == name }
    }

    /// The app a session of `config` hosts: the one it names, or the first.
    public func app(for config: SessionConfig) throws(SimulationError) -> any AppModel.Type {
        guard let name = config.app else { return defaultApp }
        guard let type = app(named: name) else { throw .unknownApp(name, available: names) }
        return type
    }

    /// Every animation of every app (or of one, by name), with the designs' budgets, for `motion.audit`.
    public func auditEntries(app: String?) -> [MotionAudit.Entry] {
        apps.filter { app == nil || $0.appName == app }.flatMap { $0.auditEntries }
    }

    /// Every refusal reason an app may answer: the engine's, then each app's own, in order (a reason two apps
    /// declare is listed once).
    public var refusalReasons: [Refusal.Reason] {
        var seen = Set<Refusal.Reason>()
        return (Refusal.Reason.engineReasons + apps.flatMap { $0.refusalReasons }).filter { seen.insert($0).inserted }
    }
}
