#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the daemon could not take its socket path.
public enum StartupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Another daemon accepts connections on the path.
    case alreadyRunning(String)
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
        if isAccepting(path) { throw .alreadyRunning(path) }
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

    /// Whether a daemon accepts connections on a socket path now.
    public static func isAccepting(_ path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return result == 0
    }

    /// Removes the socket file if it is (still) a socket.
    public static func remove(_ path: String) {
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & UInt32(S_IFMT) == UInt32(S_IFSOCK) { unlink(path) }
    }
}
