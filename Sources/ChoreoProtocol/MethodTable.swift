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
}
