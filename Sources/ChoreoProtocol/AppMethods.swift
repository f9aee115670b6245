import ChoreoAppKit
import ChoreoEngine

extension MethodTable {
    /// The methods of a daemon hosting `apps`: the engine's (``declared``), then those the apps bring
    /// (``AppMethods``), each app's once; an action's result schema is what the apps answer it with
    /// (``MethodResult/answeredByApps``).
    public static func methods(for apps: AppRegistry) -> [Method] {
        let bringing = apps.apps.compactMap { $0 as? any AppMethods.Type }
        let shared = declared.map { method in
            var method = method
            for app in bringing { method.examples += app.examples[method.name] ?? [] }
            return method
        }
        return (shared + bringing.flatMap { $0.methods.map(Method.init(app:)) }).map { method in
            guard method.result.answeredByApps else { return method }
            var method = method
            method.result = .answered(method.name, by: apps)
            return method
        }
    }

    /// The method names declared more than once among the engine's and `apps`' methods (empty when each is once).
    public static func clashes(for apps: AppRegistry) -> [String] {
        var seen = Set<String>()
        return methods(for: apps).map(\.name).filter { !seen.insert($0).inserted }
    }

    /// ``methods(for:)`` by name (``clashes(for:)`` must be empty).
    public static func table(for apps: AppRegistry) -> [String: Method] {
        var table: [String: Method] = [:]
        for method in methods(for: apps) {
            precondition(table[method.name] == nil, "two methods named \(method.name)")
            table[method.name] = method
        }
        return table
    }
}
