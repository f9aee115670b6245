import Logging
import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// On the listening socket's pipeline: when accepting fails (out of file descriptors: EMFILE), stops reading the
/// listening socket for ``pause`` and then tries again, rather than let the event loop spin on a socket that stays
/// readable (NIO keeps it registered after a failed accept, whatever a backoff handler does); logs it once, until an
/// accept succeeds again. Waiting clients stay in the backlog and are served once descriptors free up.
final class AcceptPause: ChannelInboundHandler {
    typealias InboundIn = Channel

    /// How long accepting pauses after an accept fails.
    static let pause = TimeAmount.milliseconds(200)

    private let logger: Logger
    /// Whether accepting is failing now (logged at the first failure).
    private var failing = false
    /// The resumption scheduled, while accepting is paused.
    private var resumption: Scheduled<Void>?

    init(logger: Logger) {
        self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if failing {
            failing = false
            logger.notice("accepting connections again")
        }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        guard let io = error as? IOError else {
            context.fireErrorCaught(error)
            return
        }
        if !failing {
            failing = true
            let outOfDescriptors = io.errnoCode == EMFILE || io.errnoCode == ENFILE
            let reason =
                outOfDescriptors
                ? "out of file descriptors (raise `ulimit -n` or lower --max-connections)" : "\(io.description)"
            let retry = Self.pause.nanoseconds / 1_000_000
            logger.error(
                "cannot accept connections: \(reason); accepting pauses and is retried every \(retry) ms",
                metadata: ["errno": "\(io.errnoCode)"])
        }
        guard resumption == nil, let options = context.channel.syncOptions else { return }
        // Turning automatic reads off takes the socket out of the event loop's polling; on again, it is polled.
        try? options.setOption(.autoRead, value: false)
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        resumption = context.eventLoop.scheduleTask(in: Self.pause) {
            let (handler, context) = loopBound.value
            handler.resumption = nil
            try? context.channel.syncOptions?.setOption(.autoRead, value: true)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        resumption?.cancel()
        resumption = nil
        context.fireChannelInactive()
    }
}
