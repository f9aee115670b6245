import ChoreoJSON
import ChoreoProtocol
import Logging
import NIOCore

/// The per-connection handler: a thin shell around ``RPCProcessor``. Each complete line is decoded, executed and
/// answered before the next one runs, so replies keep request order.
///
/// Back-pressure: while the connection's unsent output is above ``Limits/maxQueuedOutputBytes`` (the channel's
/// high water mark), lines already read wait here unexecuted and the daemon stops reading from the socket. If no
/// output drains for ``Limits/slowClientSeconds``, the connection is closed. Other connections never wait for it.
///
/// Shutdown (``DaemonCore/ShutdownEvent``): stop reading, answer every line already read, flush, close; a client
/// that does not read its answers is closed after ``Limits/slowClientSeconds`` all the same.
final class RPCChannelHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = LineFrame
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let core: DaemonCore
    private var connection = 0
    private var outbox: Outbox?
    /// Lines read but not yet run (only while the output is over the limit, or during shutdown).
    private var waiting = CircularBuffer<LineFrame>()
    /// A `read` from the channel held back until the output drains.
    private var readHeld = false
    /// Output written and not yet flushed.
    private var unflushed = false
    /// Inside ``runWaiting(context:)`` (writability changes fire re-entrantly from our own writes and flushes).
    private var running = false
    /// Shutting down: no more reads; close once everything read is answered and flushed.
    private var closing = false
    /// Input is over (a line was too long): ignore whatever else arrives.
    private var inputClosed = false
    /// Writes issued so far, to know whether a close marker was the last write.
    private var writes = 0
    private var slowCheck: Scheduled<Void>?
    /// Unsent bytes and writes when the slow check was scheduled: either moving counts as progress.
    private var lastBuffered = 0
    private var lastWrites = 0

    init(core: DaemonCore) {
        self.core = core
    }

    private var slowClientDelay: TimeAmount { .nanoseconds(Int64(core.limits.slowClientSeconds * 1e9)) }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { activate(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        activate(context: context)
        context.fireChannelActive()
    }

    private func activate(context: ChannelHandlerContext) {
        guard outbox == nil else { return }
        let registration = core.register(context.channel)
        connection = registration.id
        outbox = registration.outbox
        core.logger.debug("connection opened", metadata: ["connection": "\(connection)"])
    }

    func channelInactive(context: ChannelHandlerContext) {
        slowCheck?.cancel()
        if outbox != nil { core.unregister(connection) }
        waiting.removeAll()
        core.logger.debug("connection closed", metadata: ["connection": "\(connection)"])
        context.fireChannelInactive()
    }

    // MARK: reading

    func read(context: ChannelHandlerContext) {
        if closing || !waiting.isEmpty || !context.channel.isWritable {
            readHeld = true
        } else {
            context.read()
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !inputClosed else { return }
        waiting.append(unwrapInboundIn(data))
        runWaiting(context: context)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        flushIfNeeded(context: context)
        context.fireChannelReadComplete()
    }

    /// Runs waiting lines in order while the output has room (all of them when shutting down).
    private func runWaiting(context: ChannelHandlerContext) {
        guard !running else { return }
        running = true
        defer { running = false }
        while !waiting.isEmpty, closing || context.channel.isWritable, !inputClosed {
            run(waiting.removeFirst(), context: context)
        }
        if !waiting.isEmpty, !context.channel.isWritable {
            flushIfNeeded(context: context)
            startSlowCheck(context: context)
        }
    }

    private func run(_ frame: LineFrame, context: ChannelHandlerContext) {
        switch frame {
        case .line(let line):
            let decoded = line.withUnsafeReadableBytes { RPCProcessor.decode($0) }
            let shutdown = core.execute(decoded, connection: connection)
            writeOutbox(context: context)
            if shutdown {
                flushIfNeeded(context: context)
                core.onShutdownRequest()
            }
        case .tooLong:
            inputClosed = true
            waiting.removeAll()
            let limit = core.limits.maxLineBytes
            core.logger.warning(
                "closing connection: line longer than the limit",
                metadata: ["connection": "\(connection)", "maxLineBytes": "\(limit)"])
            writeOutbox(context: context)
            let reply = RPCProcessor.errorResponse(id: .null, .lineTooLong(limit: limit))
            closeAfterFlushing(Outbox.encode(reply, allocator: context.channel.allocator), context: context)
        }
    }

    private func writeOutbox(context: ChannelHandlerContext) {
        guard let outbox else { return }
        for buffer in outbox.take() {
            context.write(wrapOutboundOut(buffer), promise: nil)
            writes += 1
            unflushed = true
        }
    }

    private func flushIfNeeded(context: ChannelHandlerContext) {
        guard unflushed else { return }
        unflushed = false
        context.flush()
    }

    // MARK: back-pressure

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            slowCheck?.cancel()
            slowCheck = nil
            runWaiting(context: context)
            flushIfNeeded(context: context)
            if readHeld, waiting.isEmpty, !closing, context.channel.isWritable {
                readHeld = false
                context.read()
            }
        } else {
            flushIfNeeded(context: context)
            startSlowCheck(context: context)
        }
        context.fireChannelWritabilityChanged()
    }

    private func bufferedBytes(_ context: ChannelHandlerContext) -> Int {
        (try? context.channel.syncOptions?.getOption(.bufferedWritableBytes)) ?? 0
    }

    /// While the output stays over the limit (or, when shutting down, while anything is unsent), checks every
    /// ``Limits/slowClientSeconds`` that some output drained or new answers were written; closes the connection when
    /// neither happened.
    private func startSlowCheck(context: ChannelHandlerContext) {
        guard slowCheck == nil, core.limits.slowClientSeconds > 0, context.channel.isActive else { return }
        lastBuffered = bufferedBytes(context)
        lastWrites = writes
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        slowCheck = context.eventLoop.scheduleTask(in: slowClientDelay) {
            let (handler, context) = loopBound.value
            handler.slowCheckFired(context: context)
        }
    }

    private func slowCheckFired(context: ChannelHandlerContext) {
        slowCheck = nil
        guard context.channel.isActive, closing || !context.channel.isWritable else { return }
        let buffered = bufferedBytes(context)
        if buffered < lastBuffered || writes != lastWrites || (closing && buffered == 0) {
            // Progress: the client reads, slowly, or answers are still being written. Keep waiting.
            startSlowCheck(context: context)
            return
        }
        core.logger.warning(
            "closing a connection that stopped reading its replies",
            metadata: [
                "connection": "\(connection)", "unsentBytes": "\(buffered)",
                "slowClientSeconds": "\(core.limits.slowClientSeconds)",
            ])
        waiting.removeAll()
        context.close(promise: nil)
    }

    // MARK: shutdown and closing

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is DaemonCore.ShutdownEvent else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        guard !closing else { return }
        closing = true
        runWaiting(context: context)
        writeOutbox(context: context)
        // A client that does not read its answers must not hold the shutdown up for ever.
        slowCheck?.cancel()
        slowCheck = nil
        startSlowCheck(context: context)
        closeWhenAnswered(context: context)
    }

    /// Flushes, and closes once the flush completes with nothing written since; otherwise tries again.
    private func closeWhenAnswered(context: ChannelHandlerContext) {
        let marker = writes
        unflushed = false
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(capacity: 0))).whenComplete { result in
            let (handler, context) = loopBound.value
            if case .success = result, handler.writes != marker || !handler.waiting.isEmpty {
                handler.runWaiting(context: context)
                handler.writeOutbox(context: context)
                handler.closeWhenAnswered(context: context)
            } else {
                context.close(promise: nil)
            }
        }
    }

    private func closeAfterFlushing(_ buffer: ByteBuffer, context: ChannelHandlerContext) {
        unflushed = false
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(buffer)).whenComplete { _ in
            channel.close(promise: nil)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        core.logger.debug("connection error: \(error)", metadata: ["connection": "\(connection)"])
        context.close(promise: nil)
    }
}
