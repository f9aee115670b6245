import ChoreoJSON
import NIOCore

/// The connection's handler, confined to its event loop: it writes requests and registers their continuations in
/// one step (so replies that are matched by order meet the requests in wire order), parses each inbound line, hands
/// replies to their calls and `event` notifications to the event stream, and fails every waiting call when the
/// connection ends.
final class ClientChannelHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private var router = ResponseRouter()
    private var context: ChannelHandlerContext?
    /// Set once the connection has ended: why later calls fail.
    private var ended: ChoreoClientError?
    private let events: AsyncStream<JSONValue>.Continuation

    init(events: AsyncStream<JSONValue>.Continuation) {
        self.events = events
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        end(.closed)
        self.context = nil
    }

    /// Writes and flushes `request`, registering `continuation` for its reply; fails it at once if the connection
    /// has ended. A `.none` request completes as soon as it is written.
    func send(_ request: ByteBuffer, _ routing: Routing, _ continuation: ReplyContinuation) {
        guard ended == nil, let context else {
            continuation.resume(returning: .failure(ended ?? .closed))
            return
        }
        router.register(continuation, routing)
        context.writeAndFlush(wrapOutboundOut(request), promise: nil)
        if case .none = routing { continuation.resume(returning: .success(.null)) }
    }

    /// Ends the connection: fails every waiting call with `.closed`, finishes the event stream, closes the channel.
    func close() -> EventLoopFuture<Void>? {
        end(.closed)
        return context?.close()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let line = unwrapInboundIn(data)
        let parsed = line.withUnsafeReadableBytes { bytes in
            Result { () throws(JSONParseError) -> JSONValue in try JSONValue.parse(bytes) }
        }
        let message: JSONValue
        switch parsed {
        case .success(let value):
            message = value
        case .failure(let error):
            fail(context, "a line that is not JSON (\(error)): \(String(buffer: line).prefix(200))")
            return
        }
        switch router.route(message) {
        case .reply(let continuation, let reply):
            continuation.resume(returning: .success(reply))
        case .event(let params):
            events.yield(params)
        case .ignore:
            break
        case .violation(let detail):
            fail(context, detail)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        end(.closed)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        end(.closed)
        context.close(promise: nil)
    }

    /// Ends the connection because the daemon broke the protocol.
    private func fail(_ context: ChannelHandlerContext, _ detail: String) {
        end(.protocolViolation(detail))
        context.close(promise: nil)
    }

    /// Records why the connection ended (the first reason wins) and fails every waiting call with it.
    private func end(_ reason: ChoreoClientError) {
        if ended == nil { ended = reason }
        let error = ended ?? reason
        for continuation in router.removeAll() { continuation.resume(returning: .failure(error)) }
        events.finish()
    }
}
