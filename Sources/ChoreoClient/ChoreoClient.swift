import ChoreoJSON
import NIOCore
import NIOPosix
import Synchronization

/// A connection to a `choreod` daemon over its Unix socket, speaking JSON-RPC 2.0 one line per message.
///
/// Calls may overlap freely (pipelining): each request gets its own integer id and each reply is matched to its
/// call by id. `event` notifications (after `events.subscribe`) arrive on ``events``. All times in params and
/// results are virtual milliseconds since the session started. The connection runs on
/// `MultiThreadedEventLoopGroup.singleton`; it is closed by ``close()`` or when the client is deinitialized.
public final class ChoreoClient: Sendable {
    /// The socket this client is connected to.
    public let socketPath: String
    /// The `event` notifications received on this connection, in arrival order: each one's `params` object,
    /// `{"event": {...}, "session": "s1", "subscription": 1}`. An event caused by a call of this connection
    /// arrives before that call returns. Buffered without limit until read; meant for one reader; finishes when the
    /// connection closes.
    public let events: AsyncStream<JSONValue>

    private let channel: any Channel
    /// An executor on this connection's event loop; see ``EventLoopTaskExecutor``.
    public let taskExecutor: EventLoopTaskExecutor
    private let handler: NIOLoopBound<ClientChannelHandler>
    private let nextID = Atomic<Int64>(0)

    private init(
        socketPath: String, channel: any Channel, handler: NIOLoopBound<ClientChannelHandler>,
        events: AsyncStream<JSONValue>
    ) {
        self.socketPath = socketPath
        self.channel = channel
        self.handler = handler
        self.events = events
        taskExecutor = EventLoopTaskExecutor(eventLoop: channel.eventLoop)
    }

    deinit {
        channel.close(promise: nil)
    }

    /// Connects to the daemon listening on the Unix socket at `socketPath`.
    ///
    /// Throws ``ChoreoClientError/connectionFailed(path:reason:)`` when the socket is missing, refuses the
    /// connection (a stale socket) or may not be opened; its description says how to start choreod.
    public static func connect(socketPath: String) async throws(ChoreoClientError) -> ChoreoClient {
        let (events, eventsContinuation) = AsyncStream.makeStream(of: JSONValue.self)
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandlers(
                        ByteToMessageHandler(LineDecoder()), ClientChannelHandler(events: eventsContinuation))
                }
            }
        let channel: any Channel
        do {
            channel = try await bootstrap.connect(unixDomainSocketPath: socketPath).get()
        } catch {
            eventsContinuation.finish()
            throw .connectionFailed(path: socketPath, reason: ChoreoSocketPath.reason(for: error, path: socketPath))
        }
        do {
            let handler = try await channel.eventLoop.submit {
                NIOLoopBound(
                    try channel.pipeline.syncOperations.handler(type: ClientChannelHandler.self),
                    eventLoop: channel.eventLoop)
            }.get()
            return ChoreoClient(socketPath: socketPath, channel: channel, handler: handler, events: events)
        } catch {
            // The connection closed at once (its handler is gone).
            channel.close(promise: nil)
            eventsContinuation.finish()
            throw .closed
        }
    }

    /// Connects to the daemon's default socket, ``ChoreoSocketPath/resolve(environment:uid:)``: `$CHOREO_SOCKET`,
    /// `$XDG_RUNTIME_DIR/choreo/choreod.sock` or `/tmp/choreo-$UID/choreod.sock`.
    public static func connect() async throws(ChoreoClientError) -> ChoreoClient {
        try await connect(socketPath: ChoreoSocketPath.resolve())
    }

    /// Calls `method` with `params` (an object of named parameters; times in virtual milliseconds) and returns the
    /// reply's `result`.
    ///
    /// Throws ``ChoreoClientError/rpc(code:message:data:)`` for an error reply, ``ChoreoClientError/closed`` when
    /// the connection ends first. Cancelling the calling task does not abandon the call.
    public func call(_ method: String, _ params: JSONValue = [:]) async throws(ChoreoClientError) -> JSONValue {
        let id = nextID.add(1, ordering: .relaxed).newValue
        let request = RequestEncoder.request(id: id, method: method, params: params, allocator: channel.allocator)
        return try Self.result(of: try await send(request, .id(id, restoring: nil)).get())
    }

    /// Sends `calls` as one JSON-RPC batch (one line, one reply) and returns each call's `result` or error, in
    /// order. The daemon runs a batch's requests one after the other, as if each had waited for the one before, so
    /// a batch costs one round trip where the calls one by one cost one each. When the daemon answers the whole line
    /// with one error (its replies passed the daemon's reply limit, -32010), every call fails with that error; an
    /// empty `calls` sends nothing.
    public func batch(
        _ calls: [(method: String, params: JSONValue)]
    ) async -> [Result<JSONValue, ChoreoClientError>] {
        guard !calls.isEmpty else { return [] }
        let count = Int64(calls.count)
        let firstID = nextID.add(count, ordering: .relaxed).newValue - count + 1
        let line = RequestEncoder.batch(calls, firstID: firstID, allocator: channel.allocator)
        let reply: JSONValue
        switch await send(line, .inOrder) {
        case .success(let value): reply = value
        case .failure(let error): return Array(repeating: .failure(error), count: calls.count)
        }
        guard case .array(let replies) = reply else {
            let error = Result { () throws(ChoreoClientError) in try Self.result(of: reply) }
            let failure: ChoreoClientError
            switch error {
            case .failure(let thrown): failure = thrown
            case .success: failure = .protocolViolation("a batch answered with one result: \(reply.serialized())")
            }
            return Array(repeating: .failure(failure), count: calls.count)
        }
        var results = [Result<JSONValue, ChoreoClientError>?](repeating: nil, count: calls.count)
        for item in replies {
            guard let id = item["id"]?.intValue, id >= firstID, id - firstID < count else { continue }
            results[Int(id - firstID)] = Result { () throws(ChoreoClientError) in try Self.result(of: item) }
        }
        return results.map {
            $0 ?? .failure(.protocolViolation("a batch's reply without an answer to one of its requests"))
        }
    }

    /// Sends `method` with `params` as a notification (no `id`): the daemon runs it and never answers, not even with
    /// an error. Returns once the line is written.
    public func notify(_ method: String, _ params: JSONValue = [:]) async throws(ChoreoClientError) {
        let request = RequestEncoder.request(id: nil, method: method, params: params, allocator: channel.allocator)
        _ = try await send(request, .none).get()
    }

    /// Sends any JSON value as one request line and returns the whole reply (with `result` or `error`, or an array
    /// for a batch) without interpreting it; an error reply is returned, not thrown.
    ///
    /// A request object whose `id` is a string or a number is sent with the client's own id, and the reply carries
    /// the original id again. A valid notification (no `id`), or a batch made only of them, gets no reply: the
    /// result is `null` once the line is written. Anything else (`"id": null`, invalid requests, batches) is
    /// answered in order, which the daemon guarantees.
    public func callRaw(_ request: JSONValue) async throws(ChoreoClientError) -> JSONValue {
        let (value, routing) = RequestEncoder.raw(request) { nextID.add(1, ordering: .relaxed).newValue }
        return try await send(RequestEncoder.line(value, allocator: channel.allocator), routing).get()
    }

    /// Closes the connection. Calls still waiting fail with ``ChoreoClientError/closed``, as do later calls; the
    /// ``events`` stream finishes. Closing twice is harmless.
    public func close() async {
        let handler = self.handler
        let closed = channel.eventLoop.flatSubmit { () -> EventLoopFuture<Void> in
            handler.value.close() ?? handler.eventLoop.makeSucceededVoidFuture()
        }
        try? await closed.get()
    }

    /// Hands `request` to the handler on the event loop and waits for its reply (or the error that ended it).
    private func send(_ request: ByteBuffer, _ routing: Routing) async -> Result<JSONValue, ChoreoClientError> {
        let handler = self.handler
        return await withUnsafeContinuation { continuation in
            if handler.eventLoop.inEventLoop {
                handler.value.send(request, routing, continuation)
            } else {
                handler.eventLoop.execute { handler.value.send(request, routing, continuation) }
            }
        }
    }

    /// The `result` of a reply object, or its `error` thrown as ``ChoreoClientError/rpc(code:message:data:)``.
    static func result(of reply: JSONValue) throws(ChoreoClientError) -> JSONValue {
        if let result = reply["result"] { return result }
        if case .object(let error)? = reply["error"], let code = error["code"]?.intValue {
            throw .rpc(code: Int(code), message: error["message"]?.stringValue ?? "", data: error["data"] ?? .null)
        }
        throw .protocolViolation("a reply with neither result nor a valid error: \(reply.serialized())")
    }
}
