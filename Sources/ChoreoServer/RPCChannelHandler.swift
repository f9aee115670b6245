import ChoreoJSON
import ChoreoProtocol
import Logging
import NIOCore

/// The per-connection handler: a thin shell around ``RPCProcessor``. Input is split into lines here
/// (``LineFrameDecoder``); the connection's lines are decoded, executed and answered one after another, so replies
/// keep request order.
///
/// Lines run off the event loop: they are handed to the connection's ``LineQueue``, which runs them in order on the
/// core's ``LineRunner`` (the worker pool), and their answers come back to this handler on the connection's event
/// loop, so a long request (a 5 s `clock.advance`, a big import) delays no other connection. A short line holding
/// one daemon-wide request (``RPCProcessor/Decoded/isDaemonWide``: `daemon.info`, `session.list`,
/// `session.create`, …) runs at once on the event loop instead when no line of the connection is with the pool: it
/// never waits for a session's work, not even for a free worker.
///
/// When lines run, reads pass, the output is flushed and the connection closes is decided by
/// ``ConnectionStateMachine`` (back-pressure, draining, shutdown, slow clients); this handler reports the channel's
/// events to it and performs the actions it returns. Other connections never wait for a slow one.
final class RPCChannelHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    private typealias Machine = ConnectionStateMachine

    private let core: DaemonCore
    /// Splits the input into lines.
    private var framing: LineFrameDecoder
    /// Input read and not yet framed (the start of a line whose newline has not arrived).
    private var unframed: ByteBuffer?
    /// The bytes of ``unframed`` counted in the daemon's pending input (``Limits/maxPendingInputBytes``).
    private var pendingInputHeld = 0
    /// Why the input was cut short when it was not a line past the limit: the daemon's pending input was full.
    private var inputRefusal: RPCError?
    /// The connection's id and outbox, from ``DaemonCore/register(_:)`` once the channel is active.
    private var registration: (id: Int, outbox: Outbox)?
    /// The lines handed to the worker pool and their answers, once the channel is active; dropped when it closes
    /// (the queue's way back holds this handler).
    private var queue: LineQueue?
    /// The rules: what to do on each event.
    private var machine: Machine
    /// The slow check the machine asked for, to cancel it.
    private var slowCheck: Scheduled<Void>?
    /// Output of the current read burst not yet handed to the channel: the replies and events of its lines, one
    /// after another, handed over as one write before the flush that ends the burst (or sooner, past
    /// ``burstLimit``, so the channel's writability still tells how much is waiting).
    private var burst: ByteBuffer?
    /// The most output held in ``burst`` before it is written, in bytes.
    private static let burstLimit = 16 * 1024
    /// The longest line decoded on the event loop to see whether it is daemon-wide, in bytes: longer ones go to the
    /// worker pool undecoded (decoding them is work of its own).
    private static let daemonWideLineBytes = 4096

    init(core: DaemonCore) {
        self.core = core
        framing = LineFrameDecoder(maxLineBytes: core.limits.maxLineBytes)
        machine = Machine(slowCheckEnabled: core.limits.slowClientSeconds > 0)
    }

    private var connection: Int { registration?.id ?? 0 }
    /// ``Limits/slowClientSeconds`` as an event-loop delay.
    private var slowClientDelay: TimeAmount { .nanoseconds(Int64(core.limits.slowClientSeconds * 1e9)) }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { activate(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        activate(context: context)
        context.fireChannelActive()
    }

    private func activate(context: ChannelHandlerContext) {
        guard registration == nil else { return }
        registration = core.register(context.channel)
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        queue = LineQueue(
            core: core, connection: connection, allocator: context.channel.allocator, eventLoop: context.eventLoop
        ) {
            let (handler, context) = loopBound.value
            handler.answersArrived(context: context)
        }
        core.logger.debug("connection opened", metadata: ["connection": "\(connection)"])
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        queue = nil
        dropUnframed()
    }

    /// Counts `bytes` of unfinished input as this connection's share; past the daemon's budget, keeps the old share
    /// and remembers the refusal (the caller drops the input).
    private func holdPendingInput(_ bytes: Int) {
        guard bytes != pendingInputHeld else { return }
        if core.holdPendingInput(from: pendingInputHeld, to: bytes) {
            pendingInputHeld = bytes
        } else if inputRefusal == nil {
            let limit = core.limits.maxPendingInputBytes
            inputRefusal = .limitExceeded(
                "pendingInputBytes", maximum: limit,
                detail: "the connections hold \(core.pendingInputBytes) bytes of unfinished lines and this one's "
                    + "\(bytes) would pass the limit; the connection will be closed. Send each line whole and at once, "
                    + "or start choreod with a larger --max-pending-input-bytes")
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        dropUnframed()  // a last line without its newline is not a complete request
        queue = nil
        handle(.channelInactive, context: context)
        if registration != nil { core.unregister(connection) }
        core.logger.debug("connection closed", metadata: ["connection": "\(connection)"])
        context.fireChannelInactive()
    }

    func read(context: ChannelHandlerContext) {
        handle(.readRequested, context: context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var input = unwrapInboundIn(data)
        if var held = unframed, held.readableBytes > 0 {
            unframed = nil  // so `held` is the only reference and appending does not copy it
            held.writeBuffer(&input)
            input = held
        }
        while let frame = framing.next(&input) {
            handle(.frameReceived(frame), context: context)
        }
        guard input.readableBytes > 0 else {
            dropUnframed()
            return
        }
        input.discardReadBytes()
        holdPendingInput(input.readableBytes)
        guard pendingInputHeld == input.readableBytes else {
            // Over the daemon's budget: the rest of the input is dropped, as after a line past the limit.
            framing.abandon(&input)
            dropUnframed()
            handle(.frameReceived(.tooLong), context: context)
            return
        }
        unframed = input
    }

    /// Forgets the unfinished line, giving its share of the daemon's pending input back.
    private func dropUnframed() {
        unframed = nil
        holdPendingInput(0)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        handle(.readComplete, context: context)
        context.fireChannelReadComplete()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        handle(.writabilityChanged, context: context)
        context.fireChannelWritabilityChanged()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let channelEvent = event as? ChannelEvent, channelEvent == .inputClosed {
            // The client half-closed: as at shutdown, every line it sent is answered, then the connection closes (a
            // last line without its newline is not a complete request).
            dropUnframed()
            handle(.shutdownRequested, context: context)
            return
        }
        guard event is DaemonCore.ShutdownEvent else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        handle(.shutdownRequested, context: context)
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        core.logger.debug("connection error: \(error)", metadata: ["connection": "\(connection)"])
        context.close(promise: nil)
    }

    // MARK: performing the machine's actions

    private func status(_ context: ChannelHandlerContext) -> Machine.ChannelStatus {
        Machine.ChannelStatus(isWritable: context.channel.isWritable, isActive: context.channel.isActive)
    }

    /// Reports an event, then performs the actions that follow, reporting each step with the channel as it is then.
    private func handle(_ event: Machine.Event, context: ChannelHandlerContext) {
        var action = machine.handle(event, status(context))
        while let next = perform(action, context: context) {
            action = machine.handle(next, status(context))
        }
    }

    /// Performs one action; returns the event that reports it, if the machine takes it from there.
    private func perform(_ action: Machine.Action, context: ChannelHandlerContext) -> Machine.Event? {
        switch action {
        case .none:
            return nil
        case .read:
            context.read()
            return nil
        case .run(let line, let alone):
            return run(line, alone: alone, context: context)
        case .flush(let then):
            writeBurst(context: context)
            context.flush()
            return .performed(then)
        case .writeOutbox(let then):
            writeOutbox(context: context)
            return .performed(then)
        case .requestShutdown(let then):
            core.onShutdownRequest()
            return .performed(then)
        case .closeInput(let then):
            if inputRefusal != nil {
                core.logger.warning(
                    "closing connection: its unfinished line would pass the daemon's pending input",
                    metadata: [
                        "connection": "\(connection)",
                        "maxPendingInputBytes": "\(core.limits.maxPendingInputBytes)",
                    ])
            } else {
                core.logger.warning(
                    "closing connection: line longer than the limit",
                    metadata: ["connection": "\(connection)", "maxLineBytes": "\(core.limits.maxLineBytes)"])
            }
            writeOutbox(context: context)
            return .performed(then)
        case .answerLineTooLong(let then):
            let reply = Envelope.error(id: .null, inputRefusal ?? .lineTooLong(limit: core.limits.maxLineBytes))
            let channel = context.channel
            let answer = Outbox.encode(reply, allocator: channel.allocator)
            writeBurst(context: context)
            context.writeAndFlush(wrapOutboundOut(answer)).whenComplete { _ in channel.close(promise: nil) }
            return .performed(then)
        case .scheduleSlowCheck(let writes, let then):
            scheduleSlowCheck(Machine.SlowCheckBaseline(writes: writes, unsentBytes: unsentBytes(context)), context)
            return .performed(then)
        case .cancelSlowCheck(let then):
            slowCheck?.cancel()
            slowCheck = nil
            return .performed(then)
        case .flushCloseMarker(let marker):
            let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            writeBurst(context: context)
            context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(capacity: 0))).whenComplete {
                let (handler, context) = loopBound.value
                let succeeded = if case .success = $0 { true } else { false }
                handler.handle(.closeMarkerFlushed(marker: marker, succeeded: succeeded), context: context)
            }
            return nil
        case .close:
            context.close(promise: nil)
            return nil
        case .closeWithLineRunning:
            core.logger.warning(
                "shutting down: closing a connection whose request is still running; it goes unanswered",
                metadata: [
                    "connection": "\(connection)", "slowClientSeconds": "\(core.limits.slowClientSeconds)",
                ])
            context.close(promise: nil)
            return nil
        case .closeSlowClient(let unsent):
            core.logger.warning(
                "closing a connection that stopped reading its replies",
                metadata: [
                    "connection": "\(connection)", "unsentBytes": "\(unsent)",
                    "slowClientSeconds": "\(core.limits.slowClientSeconds)",
                ])
            context.close(promise: nil)
            return nil
        }
    }

    /// Runs a line: a short daemon-wide one at once when no line is with the pool (`alone`; returns
    /// ``ConnectionStateMachine/Event/lineAnswered(requestedShutdown:)``), any other on the worker pool through the
    /// connection's ``LineQueue`` (returns ``ConnectionStateMachine/Event/lineHandedOver``; ``answersArrived(context:)``
    /// follows on this event loop).
    private func run(_ line: ByteBuffer, alone: Bool, context: ChannelHandlerContext) -> Machine.Event {
        guard let queue else { return .lineAnswered(requestedShutdown: false) }  // not active: nothing to answer
        guard alone, line.readableBytes <= Self.daemonWideLineBytes else {
            queue.append(.raw(line))
            return .lineHandedOver
        }
        let decoded = line.withUnsafeReadableBytes { RPCProcessor.decode($0) }
        guard decoded.isDaemonWide else {
            queue.append(.decoded(decoded))
            return .lineHandedOver
        }
        return answer(
            core.execute(decoded, connection: connection, allocator: context.channel.allocator), context: context)
    }

    /// On the event loop: answers came back from the pool; writes them in order, then has them flushed.
    private func answersArrived(context: ChannelHandlerContext) {
        guard context.channel.isActive, let queue else { return }
        for answer in queue.takeAnswers() {
            handle(self.answer(answer, context: context), context: context)
        }
        handle(.answersWritten, context: context)
    }

    /// Writes a line's reply, then what the outbox holds; returns the event that reports it.
    private func answer(_ answer: DaemonCore.LineAnswer, context: ChannelHandlerContext) -> Machine.Event {
        if let reply = answer.reply { emit(context: context) { $0.writeImmutableBuffer(reply) } }
        writeOutbox(context: context)
        return .lineAnswered(requestedShutdown: answer.requestedShutdown)
    }

    private func writeOutbox(context: ChannelHandlerContext) {
        guard let outbox = registration?.outbox else { return }
        for item in outbox.takeItems() {
            emit(context: context) { item.write(into: &$0) }
        }
    }

    /// Adds one message to ``burst`` with `write`, and tells the machine output was written.
    private func emit(context: ChannelHandlerContext, _ write: (inout ByteBuffer) -> Void) {
        if burst == nil { burst = context.channel.allocator.buffer(capacity: 512) }
        write(&burst!)
        _ = machine.handle(.outputWritten, status(context))
        if burst!.readableBytes >= Self.burstLimit { writeBurst(context: context) }
    }

    /// Hands ``burst`` to the channel (not flushed).
    private func writeBurst(context: ChannelHandlerContext) {
        guard let buffer = burst else { return }
        burst = nil
        context.write(wrapOutboundOut(buffer), promise: nil)
    }

    /// Output written to the channel and not yet sent, in bytes.
    private func unsentBytes(_ context: ChannelHandlerContext) -> Int {
        (try? context.channel.syncOptions?.getOption(.bufferedWritableBytes)) ?? 0
    }

    private func scheduleSlowCheck(_ baseline: Machine.SlowCheckBaseline, _ context: ChannelHandlerContext) {
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        slowCheck = context.eventLoop.scheduleTask(in: slowClientDelay) {
            let (handler, context) = loopBound.value
            handler.slowCheck = nil
            let event = Machine.Event.slowCheckFired(baseline, unsentBytes: handler.unsentBytes(context))
            handler.handle(event, context: context)
        }
    }
}
