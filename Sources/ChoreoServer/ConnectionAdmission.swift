import ChoreoLocks
import ChoreoMotion
import ChoreoProtocol
import Logging
import NIOCore

/// Admits at most ``Limits/maxConnections`` connections at once: one past it gets a -32010 `connections` error line
/// and is closed (a warning is logged for the first of a run of refusals), without reaching the daemon's core.
final class ConnectionAdmission: Sendable {
    private struct Counts {
        /// Connections admitted and not yet closed.
        var open = 0
        /// Connections refused since the last one admitted.
        var refused = 0
    }

    private let counts = Locked(Counts())
    private let maximum: Int
    private let logger: Logger

    init(maximum: Int, logger: Logger) {
        self.maximum = maximum
        self.logger = logger
    }

    /// Counts `channel` in if there is room (until it closes) and returns true; otherwise sets it up to answer the
    /// refusal and close, and returns false.
    func admit(_ channel: Channel) -> Bool {
        let (admitted, refusedBefore, refusedNow) = counts.withLock { c -> (Bool, Int, Int) in
            let before = c.refused
            guard c.open < maximum else {
                c.refused += 1
                return (false, before, c.refused)
            }
            c.open += 1
            c.refused = 0
            return (true, before, 0)
        }
        guard admitted else {
            if refusedNow == 1 {
                logger.warning(
                    "refusing new connections: \(maximum) are open (--max-connections)",
                    metadata: ["maxConnections": "\(maximum)"])
            }
            try? channel.pipeline.syncOperations.addHandler(RefusalHandler(line: refusalLine))
            return false
        }
        if refusedBefore > 0 {
            logger.notice("admitting connections again", metadata: ["refusedMeanwhile": "\(refusedBefore)"])
        }
        let counts = self.counts
        channel.closeFuture.whenComplete { _ in counts.withLock { $0.open -= 1 } }
        return true
    }

    /// The answer of a refused connection: one error response (id null) and a newline.
    private var refusalLine: String {
        let error = RPCError.limitExceeded(
            "connections", maximum: maximum,
            detail: "choreod has \(maximum) connections open; close connections you no longer need (one connection "
                + "can drive many sessions) or start choreod with a larger --max-connections")
        return Envelope.error(id: .null, error).string + "\n"
    }
}

/// A refused connection's only handler: writes its error line once active, then closes; reads nothing.
private final class RefusalHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let line: String

    init(line: String) {
        self.line = line
    }

    func channelActive(context: ChannelHandlerContext) {
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(channel.allocator.buffer(string: line))).whenComplete { _ in
            channel.close(promise: nil)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}
}
