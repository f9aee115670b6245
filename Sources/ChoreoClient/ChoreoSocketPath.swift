import ChoreoPaths
import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The daemon's socket path, resolved the way choreod resolves it, and readable reasons for connection failures.
public enum ChoreoSocketPath {
    /// The socket choreod listens on by default, first that applies: `$CHOREO_SOCKET`,
    /// `$XDG_RUNTIME_DIR/choreo/choreod.sock`, `/tmp/choreo-$UID/choreod.sock`. Empty variables count as unset.
    ///
    /// `environment` replaces the process environment (for tests); `uid` replaces the real user id.
    public static func resolve(environment: [String: String]? = nil, uid: UInt32? = nil) -> String {
        let names = ["CHOREO_SOCKET", "XDG_RUNTIME_DIR"]
        let variables =
            environment
            ?? Dictionary(
                uniqueKeysWithValues: names.compactMap { name in getenv(name).map { (name, String(cString: $0)) } })
        return SocketPathRules.resolve(explicit: nil, environment: variables, uid: uid ?? UInt32(getuid()))
    }

    /// Why connecting to `path` failed, in words: no such socket, refused (stale), permission denied, path too long…
    static func reason(for error: any Error, path: String) -> String {
        if let error = error as? IOError {
            switch error.errnoCode {
            case ENOENT: return "no socket exists at that path (is choreod running?)"
            case ECONNREFUSED: return "connection refused: the socket exists but no daemon is accepting on it (stale)"
            case EACCES, EPERM: return "permission denied: the socket or its directory belongs to another user"
            case ENOTSOCK: return "the path is not a socket"
            case ENOTDIR: return "a component of the path is not a directory"
            default: return "\(String(cString: strerror(error.errnoCode))) (errno \(error.errnoCode))"
            }
        }
        if case SocketAddressError.unixDomainSocketPathTooLong = error {
            return "the path is longer than a Unix socket address allows (\(path.utf8.count) bytes; keep it under 104)"
        }
        return "\(error)"
    }
}
