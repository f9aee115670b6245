import ChoreoClient
import ChoreoJSON
import Foundation
import Testing

@Suite("Connections", .timeLimit(.minutes(1)))
struct ConnectionTests {
    @Test func connectingToAMissingSocketGivesConnectionFailedWithAHelpfulMessage() async throws {
        let path = "/tmp/choreo-client-missing-\(UUID().uuidString.prefix(8))/d.sock"
        let error = await #expect(throws: ChoreoClientError.self) {
            try await ChoreoClient.connect(socketPath: path)
        }
        guard case .connectionFailed(let failedPath, let reason)? = error else {
            Issue.record("expected connectionFailed, got \(String(describing: error))")
            return
        }
        #expect(failedPath == path)
        #expect(reason.contains("no socket"))
        let message = error?.description ?? ""
        #expect(message.contains(path))
        #expect(message.contains("make run"))
        #expect(message.contains("--socket"))
        #expect(message.contains("CHOREO_SOCKET"))
        #expect(error?.code == nil)
    }

    @Test func connectingToAStaleSocketSaysNobodyIsAccepting() async throws {
        let directory = "/tmp/choreo-client-stale-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/d.sock"
        try makeStaleSocket(at: path)
        let error = await #expect(throws: ChoreoClientError.self) {
            try await ChoreoClient.connect(socketPath: path)
        }
        guard case .connectionFailed(_, let reason)? = error else {
            Issue.record("expected connectionFailed, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("refused"))
    }

    @Test func closeFailsPendingCallsWithClosedAndLaterCallsToo() async throws {
        let server = try await ScriptedServer { _ in .silence }
        let client = try await ChoreoClient.connect(socketPath: server.socketPath)
        let pending = Task { try await client.call("daemon.info") }
        var requests = server.requests.makeAsyncIterator()
        let line = try #require(await requests.next())
        #expect(try JSONValue.parse(line) == ["jsonrpc": "2.0", "id": 1, "method": "daemon.info", "params": [:]])
        await client.close()
        #expect(await pending.result.clientError == .closed)
        await #expect(throws: ChoreoClientError.closed) { try await client.call("daemon.info") }
        await client.close()
        await server.stop()
    }

    @Test func theDaemonHangingUpFailsPendingCallsWithClosed() async throws {
        let server = try await ScriptedServer { _ in .hangUp }
        let client = try await ChoreoClient.connect(socketPath: server.socketPath)
        await #expect(throws: ChoreoClientError.closed) { try await client.call("daemon.info") }
        await #expect(throws: ChoreoClientError.closed) { try await client.call("daemon.info") }
        var events = client.events.makeAsyncIterator()
        #expect(await events.next() == nil)
        await server.stop()
    }

    @Test func anUnparsableLineIsAProtocolViolation() async throws {
        let server = try await ScriptedServer { _ in .answer(["this is not json"]) }
        let client = try await ChoreoClient.connect(socketPath: server.socketPath)
        let error = await #expect(throws: ChoreoClientError.self) { try await client.call("daemon.info") }
        guard case .protocolViolation(let detail)? = error else {
            Issue.record("expected protocolViolation, got \(String(describing: error))")
            return
        }
        #expect(detail.contains("this is not json"))
        await server.stop()
    }

    @Test func aReplyWithAnUnknownIDIsAProtocolViolation() async throws {
        let server = try await ScriptedServer { _ in .answer([#"{"jsonrpc":"2.0","id":999,"result":{}}"#]) }
        let client = try await ChoreoClient.connect(socketPath: server.socketPath)
        let error = await #expect(throws: ChoreoClientError.self) { try await client.call("daemon.info") }
        guard case .protocolViolation(let detail)? = error else {
            Issue.record("expected protocolViolation, got \(String(describing: error))")
            return
        }
        #expect(detail.contains("999"))
        await server.stop()
    }

    @Test func repliesOutOfOrderStillReachTheirCalls() async throws {
        // Answers request 1 only after request 2 arrived, in the order 2, 1.
        let server = try await ScriptedServer { line in
            guard let request = try? JSONValue.parse(line), request["id"] == 2 else { return .silence }
            return .answer([
                #"{"jsonrpc":"2.0","id":2,"result":"two"}"#,
                #"{"jsonrpc":"2.0","method":"event","params":{"n":1}}"#,
                #"{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"one","data":{"k":1}}}"#,
            ])
        }
        let client = try await ChoreoClient.connect(socketPath: server.socketPath)
        let first = Task { try await client.call("a") }
        var requests = server.requests.makeAsyncIterator()
        _ = await requests.next()
        #expect(try await client.call("b") == "two")
        #expect(await first.result.clientError == .rpc(code: -32000, message: "one", data: ["k": 1]))
        var events = client.events.makeAsyncIterator()
        #expect(await events.next() == ["n": 1])
        await client.close()
        await server.stop()
    }

    @Test func theDefaultSocketPathFollowsTheDaemonsOrder() {
        #expect(ChoreoSocketPath.resolve(environment: ["CHOREO_SOCKET": "/x/s.sock"], uid: 5) == "/x/s.sock")
        #expect(
            ChoreoSocketPath.resolve(environment: ["XDG_RUNTIME_DIR": "/run/user/5"], uid: 5)
                == "/run/user/5/choreo/choreod.sock")
        #expect(ChoreoSocketPath.resolve(environment: ["CHOREO_SOCKET": ""], uid: 5) == "/tmp/choreo-5/choreod.sock")
    }
}

/// Binds a Unix socket at `path` and closes it without listening: the file stays, nobody accepts.
private func makeStaleSocket(at path: String) throws {
    #if canImport(Glibc)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    #else
        let fd = socket(AF_UNIX, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw DaemonError(message: "socket() failed: errno \(errno)") }
    defer { close(fd) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
        raw.copyBytes(from: path.utf8.prefix(raw.count - 1))
    }
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    guard bound == 0 else { throw DaemonError(message: "bind() failed: errno \(errno)") }
}

extension Result {
    /// The ``ChoreoClientError`` of a failure; nil for a success or another error.
    fileprivate var clientError: ChoreoClientError? {
        if case .failure(let error) = self { return error as? ChoreoClientError }
        return nil
    }
}
