import NIOCore

/// The rules of one connection, as a value without a channel: back-pressure, draining, shutdown and slow-client
/// detection. ``RPCChannelHandler`` reports every ``Event`` with the channel's ``ChannelStatus`` at that moment and
/// performs the ``Action`` it gets back; the machine never does I/O.
///
/// - Back-pressure: while the unsent output is over ``Limits/maxQueuedOutputBytes`` (the channel is not writable),
///   lines already read wait here unrun and a `read` from the pipeline is held back.
/// - Draining: waiting lines run one at a time, in order, while the output has room (all of them when shutting
///   down); then a held read is released.
/// - Shutdown: no more reads; every line already read is answered, flushed, then the connection closes.
/// - Slow client: while the output stays over the limit (or, shutting down, while anything is unsent or a line is
///   still running), a check every ``Limits/slowClientSeconds`` closes the connection when neither did output drain
///   nor were answers written.
/// - Lines off the event loop: lines are handed to the worker pool (``Event/lineHandedOver``), up to
///   ``maxInFlight`` at a time while the output has room, and answered later, in order
///   (``Event/lineAnswered(requestedShutdown:)``; the pool runs a connection's lines one after another). A line may
///   run on the event loop instead (a daemon-wide request) only when none is with the pool, so answers keep request
///   order. Output written before a line is handed over is flushed first (it must not wait for a long request), and
///   the answers that arrive from the pool together are flushed together (``Event/answersWritten``).
///
/// Writes and flushes re-enter the handler (writability changes fire from inside them), so what follows such an
/// action is decided only once it is done: the action names its next ``Step`` and the handler reports
/// ``Event/performed(_:)`` with it.
struct ConnectionStateMachine {
    private enum Phase: Equatable {
        /// Reading and answering lines.
        case serving
        /// The daemon is stopping: no more reads; everything read is answered, then the connection closes.
        case shuttingDown
        /// A line was too long: its error answer is flushed, then the connection closes; later input is ignored.
        /// `shuttingDown` records a shutdown as well (it holds reads back).
        case inputClosed(shuttingDown: Bool)
        /// The channel is inactive: every event is ignored.
        case inactive
    }

    private var phase = Phase.serving
    /// Lines read but not yet run (only while the output is over the limit, or during shutdown).
    private var waiting = CircularBuffer<LineFrame>()
    /// A `read` from the pipeline held back until the output drains.
    private var readHeld = false
    /// Output written and not yet flushed.
    private var unflushed = false
    /// While lines are being run: the step that follows (draining does not nest; writes re-enter the handler).
    private var draining: Step?
    /// Output buffers written so far (a count, not bytes): a slow check and the close marker compare it.
    private var writes = 0
    /// Whether a slow check is scheduled.
    private var slowCheckScheduled = false
    /// Whether slow clients are closed at all (``Limits/slowClientSeconds`` above 0).
    private let slowCheckEnabled: Bool
    /// Lines handed to the worker pool and not answered yet.
    private var inFlight = 0
    /// The most lines handed to the pool at once: past the output limit, at most this many more answers are written.
    static let maxInFlight = 16
    /// Whether the drain under way waits for answers from the pool (it could hand over nothing more): a line read
    /// meanwhile goes on with it.
    private var drainWaitsForPool = false
    /// Shutting down, the close marker came back while lines were with the pool: it is written again once they (and
    /// every line read after them) are answered.
    private var closeMarkerOwed = false

    /// A machine for a new connection; `slowCheckEnabled` is false when ``Limits/slowClientSeconds`` is 0.
    init(slowCheckEnabled: Bool) {
        self.slowCheckEnabled = slowCheckEnabled
    }

    /// Shutting down: reads are held and every line read runs, whatever the output.
    private var isClosing: Bool {
        switch phase {
        case .shuttingDown, .inputClosed(shuttingDown: true): true
        case .serving, .inputClosed(shuttingDown: false), .inactive: false
        }
    }

    /// A line was too long: nothing more is queued or run.
    private var isInputClosed: Bool {
        if case .inputClosed = phase { true } else { false }
    }

    /// Takes an event; returns what the handler does next.
    mutating func handle(_ event: Event, _ channel: ChannelStatus) -> Action {
        guard phase != .inactive else { return .none }
        switch event {
        case .readRequested:
            if isClosing || !waiting.isEmpty || !channel.isWritable {
                readHeld = true
                return .none
            }
            return .read
        case .frameReceived(let frame):
            guard !isInputClosed else { return .none }
            waiting.append(frame)
            return take(drainWaitsForPool ? .nextLine : .drain(then: .done), channel)
        case .lineHandedOver:
            // Output before the first line handed over (an answer given here) must not wait for that line; answers
            // from the pool are flushed when they have all been written (``Event/answersWritten``).
            inFlight += 1
            return take(inFlight == 1 ? .flushIfNeeded(then: .nextLine) : .nextLine, channel)
        case .lineAnswered(let requestedShutdown):
            if inFlight > 0 { inFlight -= 1 }  // else it ran on the event loop
            return take(
                requestedShutdown ? .flushIfNeeded(then: .requestShutdown(then: .nextLine)) : .nextLine, channel)
        case .answersWritten:
            return take(.flushIfNeeded(then: .done), channel)
        case .outputWritten:
            writes += 1
            unflushed = true
            return .none
        case .readComplete:
            return take(.flushIfNeeded(then: .done), channel)
        case .writabilityChanged:
            if channel.isWritable {
                return take(.cancelSlowCheck(then: .drain(then: .flushIfNeeded(then: .releaseHeldRead))), channel)
            }
            return take(.flushIfNeeded(then: .startSlowCheck(then: .done)), channel)
        case .slowCheckFired(let baseline, let unsentBytes):
            return slowCheckFired(baseline, unsentBytes: unsentBytes, channel)
        case .shutdownRequested:
            guard !isClosing else { return .none }
            phase = isInputClosed ? .inputClosed(shuttingDown: true) : .shuttingDown
            // A client that does not read its answers must not hold the shutdown up for ever: the slow check restarts.
            let restart = Step.cancelSlowCheck(then: .startSlowCheck(then: .flushCloseMarker))
            return take(.drain(then: .writeOutbox(then: restart)), channel)
        case .closeMarkerFlushed(let marker, let succeeded):
            if succeeded, inFlight > 0 {
                closeMarkerOwed = true
                return .none
            }
            if succeeded, writes != marker || !waiting.isEmpty {
                return take(.drain(then: .writeOutbox(then: .flushCloseMarker)), channel)
            }
            return .close
        case .channelInactive:
            phase = .inactive
            waiting.removeAll()
            return take(.cancelSlowCheck(then: .done), channel)
        case .performed(let step):
            return take(step, channel)
        }
    }

    /// Takes one step of the rules; returns the first action it needs (steps without I/O run straight on).
    private mutating func take(_ step: Step, _ channel: ChannelStatus) -> Action {
        switch step {
        case .done:
            return .none
        case .drain(let then):
            guard draining == nil else { return take(then, channel) }
            draining = then
            return take(.nextLine, channel)
        case .nextLine:
            return nextLine(channel)
        case .endDrain:
            let then = draining ?? .done
            draining = nil
            if closeMarkerOwed {
                closeMarkerOwed = false
                return take(.writeOutbox(then: .flushCloseMarker), channel)
            }
            if !waiting.isEmpty, channel.isWritable, !isClosing, !isInputClosed {
                // A flush inside this drain made room, and the writability change it fired ran nothing (a drain was
                // under way): drain again now rather than wait for a change that may never come.
                return take(.cancelSlowCheck(then: .drain(then: .flushIfNeeded(then: .releaseHeldRead))), channel)
            }
            // A read held while a line ran on the pool (lines waited behind it) goes through once all have run.
            return take(then == .done ? .releaseHeldRead : then, channel)
        case .flushIfNeeded(let then):
            guard unflushed else { return take(then, channel) }
            unflushed = false
            return .flush(then: then)
        case .cancelSlowCheck(let then):
            guard slowCheckScheduled else { return take(then, channel) }
            slowCheckScheduled = false
            return .cancelSlowCheck(then: then)
        case .startSlowCheck(let then):
            guard !slowCheckScheduled, slowCheckEnabled, channel.isActive else { return take(then, channel) }
            slowCheckScheduled = true
            return .scheduleSlowCheck(writes: writes, then: then)
        case .releaseHeldRead:
            guard readHeld, waiting.isEmpty, !isClosing, channel.isWritable else { return .none }
            readHeld = false
            return .read
        case .writeOutbox(let then):
            return .writeOutbox(then: then)
        case .requestShutdown(let then):
            return .requestShutdown(then: then)
        case .answerLineTooLong:
            unflushed = false
            return .answerLineTooLong(then: .nextLine)
        case .flushCloseMarker:
            unflushed = false
            return .flushCloseMarker(writes: writes)
        }
    }

    /// Runs the next waiting line while the output has room (or the connection is shutting down) and fewer than
    /// ``maxInFlight`` are with the pool; when lines must wait for room, flushes and starts the slow check; while
    /// lines are with the pool, the drain goes on as their answers come back; then it ends.
    private mutating func nextLine(_ channel: ChannelStatus) -> Action {
        drainWaitsForPool = false
        if let first = waiting.first, isClosing || channel.isWritable, !isInputClosed, inFlight < Self.maxInFlight {
            switch first {
            case .line(let line):
                waiting.removeFirst()
                return .run(line, alone: inFlight == 0)
            case .tooLong where inFlight == 0:
                phase = .inputClosed(shuttingDown: isClosing)
                waiting.removeAll()
                return .closeInput(then: .answerLineTooLong)
            case .tooLong:
                return .none  // answered after the lines before it, once they are
            }
        }
        if !waiting.isEmpty, !channel.isWritable {
            return take(.flushIfNeeded(then: .startSlowCheck(then: inFlight > 0 ? .done : .endDrain)), channel)
        }
        if inFlight > 0 {
            drainWaitsForPool = true
            return .none
        }
        return take(.endDrain, channel)
    }

    /// Closes the connection unless output drained (fewer unsent bytes), answers were written since the check
    /// started, or, shutting down, nothing is left unsent and no line runs; otherwise checks again later. Shutting
    /// down, a line that has run for a whole check without any answer written is given up on: the daemon answers
    /// what it can within ``Limits/slowClientSeconds`` and exits.
    private mutating func slowCheckFired(
        _ baseline: SlowCheckBaseline, unsentBytes: Int, _ channel: ChannelStatus
    ) -> Action {
        slowCheckScheduled = false
        guard channel.isActive, isClosing || !channel.isWritable else { return .none }
        let idle = isClosing && unsentBytes == 0 && inFlight == 0
        if unsentBytes < baseline.unsentBytes || writes != baseline.writes || idle {
            return take(.startSlowCheck(then: .done), channel)
        }
        waiting.removeAll()
        if isClosing, inFlight > 0, unsentBytes == 0 { return .closeWithLineRunning }
        return .closeSlowClient(unsentBytes: unsentBytes)
    }
}
