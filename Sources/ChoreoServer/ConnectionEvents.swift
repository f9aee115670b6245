import NIOCore

extension ConnectionStateMachine {
    /// What the machine reads off the channel: sampled by the handler with every event, never stored.
    struct ChannelStatus: Equatable, Sendable {
        /// Whether the unsent output is under ``Limits/maxQueuedOutputBytes`` (the channel's high water mark).
        var isWritable: Bool
        /// Whether the channel is still open.
        var isActive: Bool
    }

    /// Where a slow check started: compared with the channel when the check fires.
    struct SlowCheckBaseline: Equatable, Sendable {
        /// Output buffers written so far (a count) when the check was scheduled (from ``Action/scheduleSlowCheck``).
        var writes: Int
        /// Output written to the channel and not yet sent, in bytes, when the check was scheduled.
        var unsentBytes: Int
    }

    /// Something that happened to the connection, reported by the handler.
    enum Event: Equatable, Sendable {
        /// The pipeline asked for more input (`read`).
        case readRequested
        /// The line decoder produced a frame (a line, or notice that a line was too long).
        case frameReceived(LineFrame)
        /// The handler handed the line of ``Action/run(_:alone:)`` to the worker pool: it is answered later, with
        /// ``lineAnswered(requestedShutdown:)``.
        case lineHandedOver
        /// The handler ran a line (``Action/run(_:alone:)``), on the event loop or in the worker pool, and wrote its
        /// answers, each reported with ``outputWritten``; `requestedShutdown` when the line asked the daemon to stop.
        case lineAnswered(requestedShutdown: Bool)
        /// The answers that came back from the pool together have all been reported: flush them.
        case answersWritten
        /// One buffer of output was written to the channel (not flushed).
        case outputWritten
        /// The current burst of reads is over (`channelReadComplete`).
        case readComplete
        /// The channel's writability changed (the new value is in ``ChannelStatus/isWritable``).
        case writabilityChanged
        /// The slow check scheduled from `baseline` fired; `unsentBytes` is the output not yet sent now, in bytes.
        case slowCheckFired(SlowCheckBaseline, unsentBytes: Int)
        /// The daemon is stopping (``DaemonCore/ShutdownEvent``).
        case shutdownRequested
        /// The close marker written with ``Action/flushCloseMarker(writes:)`` (`marker`) was flushed, or failed.
        case closeMarkerFlushed(marker: Int, succeeded: Bool)
        /// The channel closed.
        case channelInactive
        /// The handler performed an action that named this step to follow: the machine takes it.
        case performed(Step)
    }

    /// What the handler does. An action with a `then` step is followed by ``Event/performed(_:)`` with that step.
    enum Action: Equatable, Sendable {
        /// Nothing.
        case none
        /// Pass the read on: `context.read()`.
        case read
        /// Run the line: either at once (a daemon-wide request, only when `alone`: no line is with the pool),
        /// writing its answers (each an ``Event/outputWritten``) and reporting
        /// ``Event/lineAnswered(requestedShutdown:)``, or by handing it to the worker pool and reporting
        /// ``Event/lineHandedOver``, then the answer once it is back on the event loop.
        case run(ByteBuffer, alone: Bool)
        /// Flush the channel.
        case flush(then: Step)
        /// Write every message the connection's outbox holds (each an ``Event/outputWritten``).
        case writeOutbox(then: Step)
        /// Ask the daemon to stop (after a `daemon.shutdown` line).
        case requestShutdown(then: Step)
        /// A line was too long: log it and write what the outbox holds (each an ``Event/outputWritten``).
        case closeInput(then: Step)
        /// Write and flush the line-too-long error answer; close the channel once it is flushed.
        case answerLineTooLong(then: Step)
        /// Schedule a slow check in ``Limits/slowClientSeconds``; when it fires, report
        /// ``Event/slowCheckFired(_:unsentBytes:)`` with `writes` and the unsent bytes of now as its baseline.
        case scheduleSlowCheck(writes: Int, then: Step)
        /// Cancel the scheduled slow check.
        case cancelSlowCheck(then: Step)
        /// Write and flush an empty buffer, then report ``Event/closeMarkerFlushed(marker:succeeded:)`` with
        /// `writes` as the marker: close once it is flushed with nothing written since.
        case flushCloseMarker(writes: Int)
        /// Close the channel.
        case close
        /// Log that the client stopped reading (`unsentBytes` of output, in bytes, did not move) and close.
        case closeSlowClient(unsentBytes: Int)
        /// Shutting down: log that a line still running after ``Limits/slowClientSeconds`` goes unanswered, and close.
        case closeWithLineRunning
    }

    /// A step of the rules, taken once the action that named it is done (its decision depends on the channel then).
    indirect enum Step: Equatable, Sendable {
        /// Nothing follows.
        case done
        /// Run the waiting lines (unless already running them), then `then`.
        case drain(then: Step)
        /// Run the next waiting line, or end the drain.
        case nextLine
        /// The drain is over: take the step it was started with.
        case endDrain
        /// Flush if anything was written since the last flush, then `then`.
        case flushIfNeeded(then: Step)
        /// Cancel the slow check if one is scheduled, then `then`.
        case cancelSlowCheck(then: Step)
        /// Schedule a slow check unless one is scheduled, it is disabled or the channel is closed, then `then`.
        case startSlowCheck(then: Step)
        /// Pass on a held read if the output has room, no line waits and the connection is not shutting down.
        case releaseHeldRead
        /// Write what the outbox holds, then `then`.
        case writeOutbox(then: Step)
        /// Ask the daemon to stop, then `then`.
        case requestShutdown(then: Step)
        /// Answer the line that was too long, close after the flush, then go on with the next line.
        case answerLineTooLong
        /// Flush a close marker.
        case flushCloseMarker
    }
}
