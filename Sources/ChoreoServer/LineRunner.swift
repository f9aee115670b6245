import ChoreoLocks
import ChoreoMotion

/// Where a connection's lines run when they may take long: on a pool of worker threads (the server), or on the thread
/// that hands them over (tests over an embedded channel). Either way the answers come back to the connection's event
/// loop (``RPCChannelHandler``, through its ``LineQueue``), so the event loops only move bytes and no request delays
/// another connection's.
public struct LineRunner: Sendable {
    private let submit: @Sendable (@escaping @Sendable () -> Void) -> Void
    /// What the daemon's shared locks do around each acquisition on these threads (``RequestWorkers/lockHooks``).
    let lockHooks: LockHooks?

    private init(lockHooks: LockHooks? = nil, submit: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
        self.submit = submit
        self.lockHooks = lockHooks
    }

    /// Runs each line on the thread that hands it over.
    public static let inline = LineRunner { $0() }

    /// Runs lines on `workers`' threads. Lines of one connection run one after another, in
    /// order (``LineQueue``); lines on one session run one after another through its lock; everything else runs in
    /// parallel, as many at once as the pool has threads.
    public static func pool(_ workers: RequestWorkers) -> LineRunner {
        LineRunner(lockHooks: workers.lockHooks) { work in workers.submit(work) }
    }

    /// Runs `work` (on a worker thread, or at once).
    func run(_ work: @escaping @Sendable () -> Void) {
        submit(work)
    }
}
