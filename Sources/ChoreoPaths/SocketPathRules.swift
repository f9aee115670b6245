/// The one socket-path rule, shared by choreod, journey and the Swift client (the Python client is checked against
/// it by its tests). Where clients and the daemon look for the socket, first match wins: an explicit path (`--socket`),
/// `$CHOREO_SOCKET`, `$XDG_RUNTIME_DIR/choreo/choreod.sock`, `/tmp/choreo-$UID/choreod.sock`.
public enum SocketPathRules {
    /// The socket path for an explicit choice (or nil), an environment and a user id.
    public static func resolve(explicit: String?, environment: [String: String], uid: UInt32) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let fromEnvironment = environment["CHOREO_SOCKET"], !fromEnvironment.isEmpty { return fromEnvironment }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty { return "\(runtime)/choreo/choreod.sock" }
        return "/tmp/choreo-\(uid)/choreod.sock"
    }
}
