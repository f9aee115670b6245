import ChoreoLocks
import ChoreoMotion
import ChoreoProtocol
import NIOCore

/// One connection's lines handed to the worker pool, and their answers on their way back.
///
/// Lines run one after another, in order, by one job of the pool at a time (so a connection's requests never run at
/// once, and its replies keep request order), and up to ``linesPerJob`` per job before the queue goes back to the
/// pool and other connections' jobs get their turn. Each answer queues here; the connection's event loop is asked
/// once to take all the answers that are ready (one hop for a window of pipelined requests, not one per request).
final class LineQueue: Sendable {
    /// A line as handed over: decoded already on the event loop (to see whether it was daemon-wide), or not yet.
    enum Line: Sendable {
        case raw(ByteBuffer)
        case decoded(RPCProcessor.Decoded)
    }

    private struct State {
        var lines = CircularBuffer<Line>()
        /// Whether a job of the pool runs the queue, or is queued to.
        var scheduled = false
        var answers: [DaemonCore.LineAnswer] = []
        /// Whether the event loop was asked to take the answers and has not yet.
        var hopPending = false
    }

    /// Lines one job runs before it hands the queue back to the pool.
    static let linesPerJob = 16

    /// Taken by the event loop and by the worker running the queue (``LockHooks``).
    private let state: Locked<State>
    private let core: DaemonCore
    private let connection: Int
    private let allocator: ByteBufferAllocator
    private let eventLoop: EventLoop
    /// Run on the event loop to take the answers (``takeAnswers()``).
    private let answered: @Sendable () -> Void

    init(
        core: DaemonCore, connection: Int, allocator: ByteBufferAllocator, eventLoop: EventLoop,
        answered: @escaping @Sendable () -> Void
    ) {
        self.core = core
        state = Locked(State(), hooks: core.runner.lockHooks)
        self.connection = connection
        self.allocator = allocator
        self.eventLoop = eventLoop
        self.answered = answered
    }

    /// Queues a line (on the event loop), and a job to run the queue if none is under way.
    func append(_ line: Line) {
        let submit = state.withLock { s -> Bool in
            s.lines.append(line)
            defer { s.scheduled = true }
            return !s.scheduled
        }
        if submit { core.runOffLoop { [self] in run() } }
    }

    /// A job of the pool: runs lines in order until the queue is empty or ``linesPerJob`` have run; then hands what is
    /// left back to the pool.
    private func run() {
        for _ in 0..<Self.linesPerJob {
            let next = state.withLock { s -> Line? in
                if let line = s.lines.popFirst() { return line }
                s.scheduled = false
                return nil
            }
            guard let line = next else { return }
            let answer = execute(line)
            let hop = state.withLock { s -> Bool in
                s.answers.append(answer)
                defer { s.hopPending = true }
                return !s.hopPending
            }
            if hop { eventLoop.execute(answered) }
        }
        let more = state.withLock { s -> Bool in
            if s.lines.isEmpty { s.scheduled = false }
            return !s.lines.isEmpty
        }
        if more { core.runOffLoop { [self] in run() } }
    }

    private func execute(_ line: Line) -> DaemonCore.LineAnswer {
        switch line {
        case .raw(let bytes): core.execute(line: bytes, connection: connection, allocator: allocator)
        case .decoded(let decoded): core.execute(decoded, connection: connection, allocator: allocator)
        }
    }

    /// On the event loop: every answer ready, oldest first.
    func takeAnswers() -> [DaemonCore.LineAnswer] {
        state.withLock { s in
            defer {
                s.answers = []
                s.hopPending = false
            }
            return s.answers
        }
    }
}
