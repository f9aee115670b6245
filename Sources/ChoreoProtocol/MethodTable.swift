import ChoreoAppKit

/// The methods every daemon serves, whatever its apps: the declarations of the `Methods+*.swift` files. A daemon
/// adds its apps' own (``AppMethods``, ``methods(for:)``).
public enum MethodTable {
    /// Every method of the engine, group by group.
    public static let declared: [Method] = [
        daemonMethods, sessionMethods, exportMethods, settingsMethods, clockMethods, observationMethods,
        eventsMethods, motionMethods, auditMethods, labMethods, uiMethods, describeMethods, screenMethods,
    ].flatMap { $0 }

    /// The engine's methods, by name.
    public static let all: [String: Method] = {
        var table: [String: Method] = [:]
        for method in declared {
            precondition(table[method.name] == nil, "duplicate method \(method.name)")
            table[method.name] = method
        }
        return table
    }()

    /// The method names, sorted.
    public static let names: [String] = all.keys.sorted()

    /// The methods that only read or manage the daemon's own bookkeeping, in bounded time, and never wait for a
    /// session's work (not even `session.list`, which reads each session's bulletin): the server runs a line holding
    /// one of them alone on the event loop, never behind long requests on the worker pool.
    public static let daemonWide: Set<String> = [
        "daemon.info", "daemon.shutdown", "session.create", "session.list", "session.close", "events.unsubscribe",
    ]
}
