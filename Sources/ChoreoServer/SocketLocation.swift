#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the daemon could not take its socket path.
public enum StartupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Another daemon accepts connections on the path.
    case alreadyRunning(String)
    /// A process listens on the path but accepted no connection within the probe's time (its backlog stays full: a
    /// wedged daemon); `seconds` is how long the probe waited.
    case notAccepting(String, seconds: Double)
    /// Something that is not a socket is at the path; it is never deleted.
    case notASocket(String)
    /// The socket's directory is unsafe (writable by others).
    case unsafeDirectory(String, reason: String)
    /// The socket's directory belongs to another user: no `chmod` of ours can fix that.
    case foreignDirectory(String, owner: UInt32, me: UInt32)
    /// A system call failed.
    case system(String, call: String, errno: Int32)
    /// The path does not fit in a Unix socket address (about 107 bytes).
    case pathTooLong(String)

    public var description: String {
        switch self {
        case .alreadyRunning(let path):
            return "another choreod is already listening on \(path); stop it first or choose another path with "
                + "--socket or CHOREO_SOCKET"
        case .notAccepting(let path, let seconds):
            return "a process is listening on \(path) but took no connection within \(seconds) s (its backlog is "
                + "full: a wedged choreod?); stop it (e.g. `fuser -k \(path)`, or kill the process holding it) or "
                + "choose another path with --socket or CHOREO_SOCKET"
        case .notASocket(let path):
            return "\(path) exists and is not a socket; refusing to replace it. Remove it yourself or choose another "
                + "path with --socket"
        case .unsafeDirectory(let path, let reason):
            return "refusing to use the socket directory \(path): \(reason). Fix it with `chmod 700 \(path)` (as its "
                + "owner) or choose another path with --socket"
        case .foreignDirectory(let path, let owner, let me):
            return "refusing to use the socket directory \(path): it is owned by uid \(owner), not by you (uid \(me)) "
                + "or root, so that user could replace the socket. Choose a directory of your own with --socket or "
                + "CHOREO_SOCKET (the default, $XDG_RUNTIME_DIR/choreo, is yours), or have uid \(owner) remove \(path)"
        case .system(let path, let call, let code):
            return "\(call)(\(path)) failed: \(String(cString: strerror(code)))"
        case .pathTooLong(let path):
            return "the socket path \(path) is longer than a Unix socket address allows (107 bytes); choose a shorter "
                + "one with --socket"
        }
    }
}

/// Where the daemon's socket lives, and making that place safe to listen on.
public enum SocketLocation {
    /// The process environment as a dictionary.
    public static var processEnvironment: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Makes the socket's directory (0700 when created here), checks that it is safe, and clears a stale socket.
    ///
    /// The directory must belong to the daemon's user (or to root) and must not be writable by group or others:
    /// otherwise someone else could replace the socket. With `allowStickyDirectory` (a path the user chose
    /// explicitly), a directory others can write to is accepted when it has the sticky bit, like `/tmp`: there only
    /// a file's owner may remove or rename it, and the socket itself is created 0600.
    /// - Throws: ``StartupError`` when another daemon answers, when a non-socket is in the way, or when the
    ///   directory is unsafe.
    public static func prepare(_ path: String, allowStickyDirectory: Bool = false) throws(StartupError) {
        guard path.utf8.count < 108 else { throw .pathTooLong(path) }
        let dir = directory(of: path)
        try makeDirectory(dir)
        var info = stat()
        guard stat(dir, &info) == 0 else { throw .system(dir, call: "stat", errno: errno) }
        guard info.st_mode & UInt32(S_IFMT) == UInt32(S_IFDIR) else {
            throw .unsafeDirectory(dir, reason: "it is not a directory")
        }
        let me = geteuid()
        if info.st_uid != me && info.st_uid != 0 {
            throw .foreignDirectory(dir, owner: info.st_uid, me: me)
        }
        if info.st_mode & 0o022 != 0 {
            let sticky = info.st_mode & UInt32(S_ISVTX) != 0
            if !sticky {
                throw .unsafeDirectory(dir, reason: "group or others can write to it")
            }
            if !allowStickyDirectory {
                throw .unsafeDirectory(
                    dir,
                    reason: "group or others can write to it (a shared directory such as /tmp is accepted only for "
                        + "a path given with --socket or CHOREO_SOCKET)")
            }
        }
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & UInt32(S_IFMT) == UInt32(S_IFSOCK) else { throw .notASocket(path) }
        switch probe(path, timeoutSeconds: probeSeconds) {
        case .accepting: throw .alreadyRunning(path)
        case .wedged: throw .notAccepting(path, seconds: probeSeconds)
        case .stale: break
        }
        guard unlink(path) == 0 || errno == ENOENT else { throw .system(path, call: "unlink", errno: errno) }
    }

    private static func makeDirectory(_ dir: String) throws(StartupError) {
        var info = stat()
        if stat(dir, &info) == 0 { return }
        let parent = directory(of: dir)
        if parent != dir, parent != "/", parent != "." { try makeDirectory(parent) }
        if mkdir(dir, 0o700) != 0 && errno != EEXIST { throw .system(dir, call: "mkdir", errno: errno) }
        _ = chmod(dir, 0o700)
    }

    /// How long start-up waits for a process listening on an existing socket to take a connection, in seconds.
    static let probeSeconds = 2.0

    /// What is behind an existing socket path.
    enum Probe: Equatable {
        /// A process took the connection (into its backlog at least): a live daemon.
        case accepting
        /// A process listens but its backlog stayed full for the whole probe: a wedged daemon.
        case wedged
        /// Nobody listens (connection refused, or the file is gone): a stale socket.
        case stale
    }

    /// Connects to `path` without blocking: never waits longer than `timeoutSeconds` (a listener whose backlog is
    /// full and who never accepts would make a blocking `connect` wait for ever).
    static func probe(_ path: String, timeoutSeconds: Double) -> Probe {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return .stale }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let deadline = ContinuousClock.now + .milliseconds(Int64((timeoutSeconds * 1000).rounded()))
        while true {
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { return .stale }
            defer { close(fd) }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            let code = result == 0 ? 0 : errno
            switch code {
            case 0:
                return .accepting
            case EINPROGRESS:
                // Not seen for Unix sockets on Linux; elsewhere, wait for the outcome within the deadline.
                var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                let left = deadline - ContinuousClock.now
                let ms = Int32(clamping: Int64(max(0, (left / .milliseconds(1)).rounded(.up))))
                guard poll(&descriptor, 1, ms) == 1 else { return .wedged }
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                _ = getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
                return error == 0 ? .accepting : .stale
            case EAGAIN:
                // The backlog is full: a busy daemon frees a place soon, a wedged one never does.
                guard ContinuousClock.now < deadline else { return .wedged }
                usleep(20_000)
            default:
                return .stale
            }
        }
    }

    /// Removes the socket file if it is (still) a socket.
    public static func remove(_ path: String) {
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & UInt32(S_IFMT) == UInt32(S_IFSOCK) { unlink(path) }
    }
}
