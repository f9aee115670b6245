import ChoreoEngine
import ChoreoJSON

/// Who is calling and what the daemon around the state knows (wall-clock facts stay out of the core).
public struct RequestContext: Sendable {
    /// The connection the request arrived on.
    public var connection: Int
    /// Milliseconds of wall time since the daemon started (for `daemon.info` only).
    public var uptimeMs: Double

    public init(connection: Int, uptimeMs: Double) {
        self.connection = connection
        self.uptimeMs = uptimeMs
    }
}

/// One JSON-RPC method: its name and its handler.
public struct Method: Sendable {
    public typealias Handler = @Sendable (inout DaemonState, JSONValue?, RequestContext) throws(RPCError) -> JSONValue

    public var name: String
    public var handler: Handler

    public init(_ name: String, _ handler: @escaping Handler) {
        self.name = name
        self.handler = handler
    }
}

/// Every method the daemon serves, by name.
public enum MethodTable {
    /// All methods.
    public static let all: [String: Method] = {
        var table: [String: Method] = [:]
        let groups = [
            daemonMethods, sessionMethods, clockMethods, observationMethods, motionMethods, labMethods, uiMethods,
            auditMethods,
        ]
        for method in groups.joined() {
            precondition(table[method.name] == nil, "duplicate method \(method.name)")
            table[method.name] = method
        }
        return table
    }()

    /// The method names, sorted.
    public static let names: [String] = all.keys.sorted()
}
