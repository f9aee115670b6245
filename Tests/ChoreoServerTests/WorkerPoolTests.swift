import ChoreoApps
import ChoreoJSON
import ChoreoLocks
import ChoreoMotion
import Dispatch
import NIOCore
import NIOEmbedded
import NIOPosix
import Testing

@testable import ChoreoProtocol
@testable import ChoreoServer

/// One connection's pipeline on a thread-safe test channel, on an event loop it may share with other connections.
private final class PoolConnection: Sendable {
    let channel: NIOAsyncTestingChannel
    private let received = ReceivedLines()

    init(core: DaemonCore, loop: NIOAsyncTestingEventLoop) async throws {
        channel = NIOAsyncTestingChannel(loop: loop)
        let channel = self.channel
        try await loop.submit { try ConnectionPipeline.configure(channel, core: core) }.get()
        try await channel.connect(to: SocketAddress(unixDomainSocketPath: "/tmp/x"))
    }

    func send(_ id: Int, _ method: String, _ params: JSONValue = [:]) async throws {
        let value: JSONValue = ["jsonrpc": "2.0", "id": .int(Int64(id)), "method": .string(method), "params": params]
        try await channel.writeInbound(ByteBuffer(string: value.serialized() + "\n"))
    }

    /// The lines written so far and not yet taken, parsed.
    func available() async throws -> [JSONValue] {
        while let buffer = try await channel.readOutbound(as: ByteBuffer.self) {
            received.append(String(buffer: buffer))
        }
        return try received.take().map { try JSONValue.parse($0) }
    }

    /// The next reply, waited for up to 10 s (a failure, not a timing: a correct daemon answers at once).
    func reply() async throws -> JSONValue {
        for _ in 0..<2000 {
            if let first = try await available().first { return first }
            try await Task.sleep(for: .milliseconds(5))
        }
        throw NoReply()
    }
}

private struct NoReply: Error {}

/// Lines of output received and not yet taken (partial lines kept until their newline comes).
private final class ReceivedLines: Sendable {
    private let text = Locked((partial: "", lines: [String]()))

    func append(_ chunk: String) {
        text.withLock { t in
            t.partial += chunk
            let parts = t.partial.split(separator: "\n", omittingEmptySubsequences: false)
            t.lines += parts.dropLast().map(String.init)
            t.partial = String(parts.last ?? "")
        }
    }

    func take() -> [String] {
        text.withLock { t in
            defer { t.lines = [] }
            return t.lines
        }
    }
}

/// Holds a session's lock on another thread, as a long request on the session does, until released.
private final class SessionHolder: Sendable {
    private let release = DispatchSemaphore(value: 0)

    init(_ slot: SessionSlot) {
        let held = DispatchSemaphore(value: 0)
        let release = self.release
        DispatchQueue.global().async {
            slot.simulation.withLock { _ in
                held.signal()
                release.wait()
            }
        }
        held.wait()
    }

    func letGo() {
        release.signal()
    }
}

@Suite(.timeLimit(.minutes(1)))
struct WorkerPoolTests {
    /// Two connections on one event loop: while a request of the first waits for its session (held as a long
    /// request holds it), the second gets every daemon-wide answer, subscribes to that very session and drives
    /// another; the first is answered once the session is free. Before requests ran on a pool, the first request
    /// blocked the event loop and the second connection got nothing.
    @Test func aRequestWaitingForItsSessionHoldsUpNoOtherConnection() async throws {
        let pool = RequestWorkers(threads: 4, demoteAfterMilliseconds: 2)
        let core = DaemonCore(apps: AppCatalog.registry, runner: .pool(pool))
        let loop = NIOAsyncTestingEventLoop()
        let busy = try await PoolConnection(core: core, loop: loop)
        let other = try await PoolConnection(core: core, loop: loop)
        for id in 1...2 {
            try await busy.send(id, "session.create")
            #expect(try await busy.reply()["result"]?["session"] == .string("s\(id)"))
        }
        let slot = try #require(core.state.withLock { $0.sessions["s1"] })
        let holder = SessionHolder(slot)
        try await busy.send(3, "clock.advance", ["session": "s1", "ms": 250])

        let calls: [(String, JSONValue)] = [
            ("daemon.info", [:]), ("session.list", [:]), ("session.create", [:]),
            ("events.subscribe", ["session": "s1"]), ("clock.advance", ["session": "s2", "ms": 100]),
            ("state.get", ["session": "s2", "path": "lab"]),
        ]
        for (index, (method, params)) in calls.enumerated() {
            try await other.send(10 + index, method, params)
            let reply = try await other.reply()
            #expect(reply["id"] == .int(Int64(10 + index)))
            #expect(reply["result"] != nil, "\(method): \(reply)")
            if method == "session.list" {
                let now = reply["result"]?["sessions"]?[0]?["now"]
                #expect(now == 0, "s1 as of its last finished request")
            }
        }
        #expect(try await busy.available().isEmpty, "s1's request is still waiting")

        holder.letGo()
        let answer = try await busy.reply()
        #expect(answer["id"] == 3)
        #expect(answer["result"]?["now"] == 250)
        _ = try await busy.channel.finish(acceptAlreadyClosed: true)
        _ = try await other.channel.finish(acceptAlreadyClosed: true)
        pool.shutdown()
    }
}
