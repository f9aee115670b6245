/// Every method the daemon serves: the declarations of the `Methods+*.swift` files.
public enum MethodTable {
    /// Every method, group by group.
    public static let declared: [Method] = [
        daemonMethods, sessionMethods, exportMethods, settingsMethods, clockMethods, observationMethods,
        eventsMethods, motionMethods, auditMethods, labMethods, uiMethods, describeMethods, appMethods,
    ].flatMap { $0 }

    /// Every method, by name.
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
