import ChoreoJSON
import ChoreoProtocol
import Logging
import NIOCore

/// The per-connection handler: a thin shell around ``RPCProcessor``. Each complete line is decoded, executed and
/// answered before the next is read, so replies keep request order.
final class RPCChannelHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = LineFrame
    typealias OutboundOut = ByteBuffer

    private let core: DaemonCore
    private var connection = 0
    private var pendingWrites = false

    init(core: DaemonCore) {
        self.core = core
    }

    func channelActive(context: ChannelHandlerContext) {
        connection = core.register(context.channel)
        core.logger.debug("connection opened", metadata: ["connection": "\(connection)"])
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        core.unregister(connection)
        core.logger.debug("connection closed", metadata: ["connection": "\(connection)"])
        context.fireChannelInactive()
    }

    private func write(_ message: JSONValue, context: ChannelHandlerContext) {
        let bytes = RPCProcessor.encode(message)
        var buffer = context.channel.allocator.buffer(capacity: bytes.count)
        buffer.writeBytes(bytes)
        context.write(wrapOutboundOut(buffer), promise: nil)
        pendingWrites = true
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .line(let line):
            // A blank line carries no request: ignore it rather than answer a parse error.
            if line.readableBytesView.allSatisfy({ $0 == 32 || $0 == 9 }) { return }
            let decoded = line.withUnsafeReadableBytes { RPCProcessor.decode($0) }
            let outcome = core.execute(decoded, connection: connection)
            for event in outcome.own { write(event, context: context) }
            if let reply = outcome.reply { write(reply, context: context) }
            if outcome.shutdown {
                context.flush()
                pendingWrites = false
                core.onShutdownRequest()
            }
        case .tooLong:
            let limit = core.state.withLock { $0.limits.maxLineBytes }
            core.logger.warning(
                "closing connection: line longer than the limit",
                metadata: ["connection": "\(connection)", "maxLineBytes": "\(limit)"])
            write(RPCProcessor.errorResponse(id: .null, .lineTooLong(limit: limit)), context: context)
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(channel.allocator.buffer(capacity: 0))).whenComplete { _ in
                channel.close(promise: nil)
            }
            pendingWrites = false
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if pendingWrites {
            pendingWrites = false
            context.flush()
        }
        context.fireChannelReadComplete()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        core.logger.debug("connection error: \(error)", metadata: ["connection": "\(connection)"])
        context.close(promise: nil)
    }
}
