import ChoreoApps
import ChoreoEngine
import ChoreoJSON

/// The daemon's name, version and protocol version.
public enum DaemonIdentity {
    public static let name = "choreod"
    public static let version = "0.1.0"
    public static let protocolVersion = "1.0"
}

extension MethodTable {
    static let daemonMethods: [Method] = [
        Method("daemon.info") { state, params, context throws(RPCError) in
            _ = try Params(params, allowed: [])
            return [
                "name": .string(DaemonIdentity.name), "version": .string(DaemonIdentity.version),
                "protocolVersion": .string(DaemonIdentity.protocolVersion),
                "apps": .array(AppCatalog.names.map { .string($0) }),
                "sessions": .int(Int64(state.sessions.count)), "uptimeMs": .number(context.uptimeMs.rounded()),
                "limits": [
                    "maxSessions": .int(Int64(state.limits.maxSessions)),
                    "maxLineBytes": .int(Int64(state.limits.maxLineBytes)),
                    "maxEventsPerAdvance": .int(Int64(state.limits.maxEventsPerAdvance)),
                    "maxSubscriptionsPerConnection": .int(Int64(state.limits.maxSubscriptionsPerConnection)),
                ],
            ]
        },
        Method("daemon.shutdown") { state, params, _ throws(RPCError) in
            _ = try Params(params, allowed: [])
            state.isShuttingDown = true
            return ["shuttingDown": true]
        },
        Method("rpc.discover") { _, params, _ throws(RPCError) in
            _ = try Params(params, allowed: [])
            return OpenRPCDocument.json
        },
    ]
}
