import Testing

@testable import ChoreoServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue 42, case 7: the start-up check of an existing socket never waits for ever.
@Suite(.timeLimit(.minutes(1)))
struct SocketProbeTests {
    /// A listening socket at a fresh path whose backlog is full and which never accepts, with the connections
    /// that fill it (close them all when done).
    private func wedgedListener() throws -> (path: String, fds: [Int32]) {
        var template = Array("/tmp/choreo-probe-XXXXXX".utf8CString)
        let folder = try #require(mkdtemp(&template).map { String(cString: $0) })
        let path = folder + "/s.sock"
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: Array(path.utf8))
            raw[path.utf8.count] = 0
        }
        let size = socklen_t(MemoryLayout<sockaddr_un>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, size) }
        }
        #expect(bound == 0 && listen(listener, 0) == 0)
        var fds = [listener]
        while fds.count < 64 {
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, size) }
            }
            fds.append(fd)
            if connected != 0 { break }
        }
        return (path, fds)
    }

    @Test func aListenerThatNeverAcceptsIsReportedWedgedWithinTheTimeout() throws {
        let (path, fds) = try wedgedListener()
        defer { for fd in fds { close(fd) } }
        #expect(SocketLocation.probe(path, timeoutSeconds: 0.2) == .wedged)
        #expect(throws: StartupError.notAccepting(path, seconds: SocketLocation.probeSeconds)) {
            try SocketLocation.prepare(path, allowStickyDirectory: true)
        }
        var info = stat()
        #expect(lstat(path, &info) == 0, "a socket someone listens on is left in place")
    }

    @Test func nobodyListeningIsStaleAndAListenerWithRoomIsAccepting() throws {
        let (path, fds) = try wedgedListener()
        close(fds[0])  // the listener goes: the socket file stays, stale
        for fd in fds.dropFirst() { close(fd) }
        #expect(SocketLocation.probe(path, timeoutSeconds: 0.2) == .stale)
        try SocketLocation.prepare(path, allowStickyDirectory: true)
        var info = stat()
        #expect(lstat(path, &info) != 0, "a stale socket is removed")
    }
}
