import ChoreoApps
import ChoreoJSON
import ChoreoServer
import NIOCore
import NIOEmbedded
import Testing

/// Counts the `read` operations that reach the socket end of the pipeline.
private final class ReadCounter: ChannelOutboundHandler {
    typealias OutboundIn = Any
    var reads = 0

    func read(context: ChannelHandlerContext) {
        reads += 1
        context.read()
    }
}

/// One connection's pipeline on an embedded channel: framing, the JSON-RPC handler and a read counter in front.
/// Finished when released, which breaks the channel's reference cycle with its pipeline.
private final class Connection {
    let channel = EmbeddedChannel()
    let counter = ReadCounter()
    let core: DaemonCore

    init(core: DaemonCore = DaemonCore(apps: AppCatalog.registry)) throws {
        self.core = core
        try channel.pipeline.syncOperations.addHandler(counter)
        try ConnectionPipeline.configure(channel, core: core)
        try channel.connect(to: SocketAddress(unixDomainSocketPath: "/tmp/x")).wait()
    }

    deinit {
        _ = try? channel.finish()
    }

    func send(_ text: String) throws {
        try channel.writeInbound(ByteBuffer(string: text))
        channel.embeddedEventLoop.run()
    }

    /// Every line written so far, parsed.
    func replies() throws -> [JSONValue] {
        var out: [JSONValue] = []
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) {
            let text = String(buffer: buffer)
            for line in text.split(separator: "\n") { out.append(try JSONValue.parse(String(line))) }
        }
        return out
    }

    func setWritable(_ writable: Bool) {
        channel.isWritable = writable
        channel.pipeline.fireChannelWritabilityChanged()
        channel.embeddedEventLoop.run()
    }
}

private func request(_ id: Int, _ method: String, _ params: JSONValue = [:]) -> String {
    let value: JSONValue = ["jsonrpc": "2.0", "id": .int(Int64(id)), "method": .string(method), "params": params]
    return value.serialized() + "\n"
}

struct ConnectionHandlerTests {
    /// The replies of one read burst leave as few writes (about 16 KiB each), in request order.
    @Test func aBurstsRepliesLeaveInOrderInFewWrites() throws {
        let c = try Connection()
        try c.send((1...60).map { request($0, "daemon.info") }.joined())
        var writes: [ByteBuffer] = []
        while let buffer = try c.channel.readOutbound(as: ByteBuffer.self) { writes.append(buffer) }
        let lines = writes.map { String(buffer: $0) }.joined().split(separator: "\n")
        let ids = try lines.map { try JSONValue.parse(String($0))["id"] }
        #expect(ids == (1...60).map { JSONValue.int(Int64($0)) })
        let replyBytes = writes.map(\.readableBytes).reduce(0, +) / 60
        #expect(replyBytes > 300)  // daemon.info: 60 replies make more than one burst's worth
        #expect(writes.count >= 2 && writes.count <= 60 * replyBytes / (16 * 1024) + 1)
        #expect(
            writes.dropLast().allSatisfy {
                $0.readableBytes >= 16 * 1024 && $0.readableBytes < 16 * 1024 + 2 * replyBytes
            })
    }

    @Test func answersLinesInOrderAndBlankLinesAreParseErrors() throws {
        let c = try Connection()
        try c.send(request(1, "session.create") + "\n" + request(2, "session.list"))
        let replies = try c.replies()
        #expect(replies.count == 3)
        #expect(replies[0]["id"] == 1)
        #expect(replies[1]["error"]?["code"] == -32700)
        #expect(replies[2]["id"] == 2)
    }

    @Test func linesWaitWhileTheOutputIsOverTheLimitAndReadsAreHeld() throws {
        let c = try Connection()
        c.setWritable(false)
        let readsBefore = c.counter.reads
        c.channel.read()
        #expect(c.counter.reads == readsBefore, "no read while the output is over the limit")
        try c.send(request(1, "session.create") + request(2, "session.list"))
        #expect(try c.replies().isEmpty, "nothing runs while the client is not reading")
        c.setWritable(true)
        let replies = try c.replies()
        #expect(replies.map { $0["id"] } == [1, 2])
        #expect(c.counter.reads == readsBefore + 1, "the held read is released")
    }

    @Test func aClientThatStaysStuckIsClosed() throws {
        let c = try Connection()
        c.setWritable(false)
        try c.send(request(1, "session.list"))
        c.channel.embeddedEventLoop.advanceTime(by: .seconds(29))
        #expect(c.channel.isActive)
        c.channel.embeddedEventLoop.advanceTime(by: .seconds(2))
        #expect(!c.channel.isActive, "closed after 30 s without progress")
    }

    @Test func shutdownAnswersWhatWasReadThenCloses() throws {
        let c = try Connection()
        c.setWritable(false)
        try c.send(request(1, "session.create") + request(2, "session.list"))
        c.channel.pipeline.fireUserInboundEventTriggered(DaemonCore.ShutdownEvent())
        c.channel.embeddedEventLoop.run()
        let replies = try c.replies()
        #expect(replies.map { $0["id"] } == [1, 2])
        #expect(!c.channel.isActive)
    }

    @Test func aLineTooLongIsAnsweredAndTheConnectionCloses() throws {
        let c = try Connection()
        try c.send(String(repeating: "x", count: 8 * 1024 * 1024 + 2) + "\n" + request(1, "session.list"))
        let replies = try c.replies()
        #expect(replies.count == 1)
        #expect(replies[0]["error"]?["data"]?["reason"] == "line too long")
        #expect(!c.channel.isActive)
    }

    @Test func sessionsAreSharedAcrossConnectionsAndSurviveThem() throws {
        let core = DaemonCore(apps: AppCatalog.registry)
        let first = try Connection(core: core)
        try first.send(request(1, "session.create"))
        _ = try first.replies()
        _ = try first.channel.finish()
        let second = try Connection(core: core)
        try second.send(request(2, "clock.now", ["session": "s1"]))
        #expect(try second.replies().first?["result"]?["now"] == 0)
    }

    @Test func eventsOfOtherConnectionsArriveInOrderBeforeOwnReplies() throws {
        let core = DaemonCore(apps: AppCatalog.registry)
        let watcher = try Connection(core: core)
        let driver = try Connection(core: core)
        try driver.send(request(1, "session.create"))
        try watcher.send(request(1, "events.subscribe", ["session": "s1"]))
        _ = try watcher.replies()
        try driver.send(request(2, "lab.haptic", ["session": "s1", "style": "light"]))
        try watcher.send(request(2, "clock.now", ["session": "s1"]))
        let seen = try watcher.replies()
        #expect(seen.map { $0["params"]?["event"]?["kind"] ?? $0["id"]! } == ["action", "haptic", 2])
    }

    @Test func exportAndImportThroughThePipeline() throws {
        let c = try Connection()
        try c.send(
            request(1, "session.create", ["seed": 3])
                + request(2, "lab.timer", ["session": "s1", "name": "t", "afterMs": 5, "haptic": "soft"])
                + request(3, "clock.advance", ["session": "s1", "ms": 10])
                + request(4, "session.export", ["session": "s1"]))
        let snapshot = try c.replies()[3]["result"]!
        try c.send(request(5, "session.import", ["snapshot": snapshot]))
        #expect(try c.replies().first?["result"]?["session"] == "s2")
        try c.send(request(6, "trace.get", ["session": "s1"]) + request(7, "trace.get", ["session": "s2"]))
        let traces = try c.replies()
        #expect(traces[0]["result"] == traces[1]["result"])
    }
}
