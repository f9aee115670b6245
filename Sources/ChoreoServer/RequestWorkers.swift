import ChoreoLocks
import ChoreoMotion

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The worker threads that run requests off the event loops (``LineRunner/pool(_:)``): as many pieces of work at
/// once as there are threads, the rest waiting in order for a free one.
///
/// A piece of work that has used more than `demoteAfterNanoseconds` of CPU time is given a lower priority (its thread's nice
/// value + 10, at most 19; Linux) until it ends: when every core is busy, a long request then gets a tenth of the
/// time a normal thread gets, and a cheap request of another session that wakes up runs at once instead of waiting
/// behind it (issue 42 #4; the `isolation` group of `make bench`). Three rules keep that true on two cores:
/// - **The watchdog that demotes runs above the workers** (the real-time class's lowest priority, or nice −10, where
///   the process may): at the normal priority it waited for a core like every other thread, and the long request it
///   should have demoted kept its core for up to 4 ms meanwhile.
/// - **A demoted thread never holds the daemon's shared locks at its lower priority** (``lockHooks``): it goes back
///   to its normal priority before it takes one, so no thread waits for a lock whose holder the scheduler keeps off
///   the CPU, and goes down again as soon as it has released them.
/// - **+10, not the lowest priority** (nice 19, or the idle class `SCHED_IDLE`): on a machine busy with other
///   programs, a long request still moves at about 10% of a core per program competing with it, where nice 19 gave
///   1.5% and a fuzz run's `trace.get` waited 30 s; and in the idle class, threads woken behind a long request
///   waited on its core for 4-5 ms while the other core stayed idle (seen with `perf sched` on two cores).
///
/// When the work ends its thread goes back to the nice value it started with; where the process may not do that (an
/// unprivileged process cannot lower its nice value), the thread ends and a new one, started by the watchdog at the
/// pool's priority, takes its place, and a demoted thread is not raised to take a shared lock.
public final class RequestWorkers: @unchecked Sendable {
    /// One worker thread as the watchdog sees it.
    private struct Worker {
        /// The thread's kernel id (`gettid()`), once it has started; 0 where the system does not tell.
        var thread: Int32 = 0
        /// When its current work began (``Monitor/now()``), 0 while it waits for work.
        var startedAt: UInt64 = 0
        /// The nice value it started with, which it goes back to.
        var baseNice: Int32 = 0
        /// Whether it runs at the lower priority now.
        var demoted = false
        /// How many of the daemon's shared locks it holds (``lockHooks``); never demoted while it holds one.
        var holding = 0
        /// The thread's CPU-time clock (Linux; nil elsewhere: wall time counts instead).
        var cpuClock: clockid_t?
        /// The thread's CPU time when its current work began, in nanoseconds.
        var cpuAtStart: UInt64 = 0
        /// When the watchdog looks again at work that had not yet used `demoteAfterNanoseconds` of CPU when its
        /// wall-clock deadline came (``Monitor/now()``; 0: at the deadline).
        var checkAt: UInt64 = 0
    }

    /// The key of each worker thread's index + 1 (unset: not a worker of this pool).
    private let workerKey: pthread_key_t

    /// How long a piece of work runs before it is demoted, in nanoseconds (0: never).
    public let demoteAfterNanoseconds: UInt64

    /// Guards `queue`, `head`, `waiting` and `stopping`; workers wait on it for work.
    private let work = Monitor()
    private var queue: [@Sendable () -> Void] = []
    private var head = 0
    private var waiting = 0
    private var stopping = false

    /// Guards `workers`, `replace`, `alive`, `watchdogWaitsForWork` and `watchdogStopping`; the watchdog waits on it.
    private let watch = Monitor()
    private var workers: [Worker]
    private var replace: [Int] = []
    private var alive = 0
    private var watchdogWaitsForWork = false
    private var watchdogStopping = false
    private var watchdogRunning = false

    /// Whether a demoted thread may try to go back to its nice value (false: as if the system refused, for tests
    /// of an unprivileged process).
    private let mayRestore: Bool

    /// Starts `threads` worker threads (at least one) and, if `demoteAfterMilliseconds` > 0, the watchdog.
    public convenience init(threads: Int, demoteAfterMilliseconds: Double = 0) {
        self.init(threads: threads, demoteAfterMilliseconds: demoteAfterMilliseconds, mayRestore: true)
    }

    init(threads: Int, demoteAfterMilliseconds: Double, mayRestore: Bool) {
        self.mayRestore = mayRestore
        let milliseconds = demoteAfterMilliseconds.isFinite ? min(max(0, demoteAfterMilliseconds), 3_600_000) : 0
        demoteAfterNanoseconds = UInt64(milliseconds * 1e6)
        workers = Array(repeating: Worker(), count: max(1, threads))
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed: \(status)")
        workerKey = key
        watch.locked {
            for index in workers.indices { startWorker(index) }
            precondition(alive > 0, "no worker thread could be started")
            if demoteAfterNanoseconds > 0 {
                watchdogRunning = Self.spawn { [self] in watchdog() }
            }
        }
    }

    deinit {
        // Every thread held the pool, so none runs any more.
        pthread_key_delete(workerKey)
    }

    /// Queues `item` for the next free worker.
    public func submit(_ item: @escaping @Sendable () -> Void) {
        work.locked {
            queue.append(item)
            if waiting > 0 { work.signal() }
        }
    }

    /// Lets the workers finish what is queued, then stops them and the watchdog; returns once every thread has
    /// ended. Work submitted afterwards never runs.
    public func shutdown() {
        work.locked {
            stopping = true
            work.broadcast()
        }
        watch.locked {
            watchdogStopping = true
            watch.broadcast()
            while alive > 0 || watchdogRunning { watch.wait(until: Monitor.now() &+ 10_000_000) }
        }
    }

    /// How many worker threads have been replaced because their thread could not go back to its nice value.
    public var replacements: Int { watch.locked { replaced } }
    private var replaced = 0

    // MARK: - Workers

    /// Starts the worker thread of `index` (the watch's lock held); false if the system has no thread to give.
    @discardableResult
    private func startWorker(_ index: Int) -> Bool {
        alive += 1
        guard Self.spawn({ [self] in runWorker(index) }) else {
            alive -= 1
            return false
        }
        return true
    }

    private func runWorker(_ index: Int) {
        pthread_setspecific(workerKey, UnsafeRawPointer(bitPattern: index + 1))
        let thread = Self.currentThread()
        let baseNice = Self.nice(of: thread)
        let clock = Self.ownCPUClock()
        watch.locked {
            workers[index].thread = thread
            workers[index].baseNice = baseNice
            workers[index].cpuClock = clock
        }
        while let item = next() {
            let cpu = clock.map(Self.cpuTime) ?? 0
            watch.locked {
                workers[index].startedAt = max(1, Monitor.now())
                workers[index].cpuAtStart = cpu
                workers[index].checkAt = 0
                if watchdogWaitsForWork {
                    // Broadcast: `shutdown()` may wait on the same condition.
                    watchdogWaitsForWork = false
                    watch.broadcast()
                }
            }
            item()
            // The thread restores its own priority outside the lock: at nice + 10 it may wait for a core, and every
            // other worker takes the lock to start its next piece of work.
            let demoted = watch.locked { () -> Worker? in
                workers[index].startedAt = 0  // the watchdog leaves it alone from here
                return workers[index].demoted ? workers[index] : nil
            }
            guard let worker = demoted else { continue }
            let restored = mayRestore && Self.setNice(worker.thread, worker.baseNice)
            let keepsRunning = watch.locked { () -> Bool in
                guard restored else {
                    replace.append(index)
                    watch.broadcast()
                    return false
                }
                workers[index].demoted = false
                return true
            }
            if !keepsRunning { break }
        }
        watch.locked {
            alive -= 1
            watch.broadcast()
        }
    }

    /// The next piece of work, waiting for one; nil once stopping with nothing left.
    private func next() -> (@Sendable () -> Void)? {
        work.locked {
            while head == queue.count {
                if stopping { return nil }
                waiting += 1
                work.wait()
                waiting -= 1
            }
            let item = queue[head]
            head += 1
            if head == queue.count || head >= 1024 {
                queue.removeFirst(head)
                head = 0
            }
            return item
        }
    }

    // MARK: - Watchdog

    /// Demotes work that has run too long and starts replacements for threads that ended demoted.
    private func watchdog() {
        Self.raiseOwnPriority()
        watch.locked {
            // Until every worker has ended: work queued before `shutdown()` still runs, and may need demoting.
            while !(watchdogStopping && alive == 0 && replace.isEmpty) {
                // A thread the system cannot give now is asked for again 100 ms later.
                replace = replace.filter { index in
                    workers[index] = Worker()
                    guard startWorker(index) else { return true }
                    replaced += 1
                    return false
                }
                if !replace.isEmpty {
                    watch.wait(until: Monitor.now() &+ 100_000_000)
                    continue
                }
                var earliest = UInt64.max
                for worker in workers where worker.startedAt > 0 && !worker.demoted && worker.holding == 0 {
                    earliest = min(earliest, nextDemotion(of: worker))
                }
                guard earliest != .max else {
                    watchdogWaitsForWork = true
                    if watchdogStopping {
                        watch.wait(until: Monitor.now() &+ 10_000_000)
                    } else {
                        watch.wait()
                    }
                    continue
                }
                let now = Monitor.now()
                guard now >= earliest else {
                    watch.wait(until: earliest)
                    continue
                }
                for index in workers.indices where workers[index].holding == 0 {
                    let worker = workers[index]
                    guard worker.startedAt > 0, !worker.demoted, worker.thread != 0, now >= nextDemotion(of: worker)
                    else { continue }
                    demoteIfBusy(index, thread: worker.thread, now: now)
                }
            }
            watchdogRunning = false
            watch.broadcast()
        }
    }

    /// When `worker`'s running work is next looked at for demotion (``Monitor/now()``).
    private func nextDemotion(of worker: Worker) -> UInt64 {
        max(worker.startedAt &+ demoteAfterNanoseconds, worker.checkAt)
    }

    /// Demotes worker `index` (the watch's lock held) once its work has used `demoteAfterNanoseconds` of CPU time,
    /// not merely of wall time: on a loaded machine a cheap request waits for a core, and demoting it then only
    /// made it wait longer and pay two system calls around every shared lock (issue 42: the load tests 2-3× slower).
    /// Work that has not used that much yet is looked at again when it could have.
    private func demoteIfBusy(_ index: Int, thread: Int32, now: UInt64) {
        let worker = workers[index]
        if let clock = worker.cpuClock {
            let used = Self.cpuTime(clock) &- worker.cpuAtStart
            if used < demoteAfterNanoseconds {
                // Not sooner than the threshold again: work blocked on a lock or a socket uses no CPU meanwhile,
                // and a watchdog above the workers must not poll it in a loop.
                workers[index].checkAt = now &+ max(demoteAfterNanoseconds - used, demoteAfterNanoseconds)
                return
            }
        }
        demote(index, thread: thread)
    }

    /// Demotes worker `index`, whose thread is `thread` (0: the calling thread), the watch's lock held.
    private func demote(_ index: Int, thread: Int32) {
        if Self.setNice(thread, min(19, workers[index].baseNice + Self.demotion)) {
            workers[index].demoted = true
        }
    }

    // MARK: - Shared locks

    /// What the daemon's shared locks do on this pool's threads: a demoted worker goes back to its normal priority
    /// before it takes one, and down again as soon as it has released the last (the watchdog leaves a worker that
    /// holds one alone). Each costs two system calls, paid only by work that has run long enough to be demoted.
    public var lockHooks: LockHooks {
        LockHooks(willLock: { [self] in willTakeSharedLock() }, didUnlock: { [self] in didReleaseSharedLock() })
    }

    /// The calling thread's worker index, nil if it is not one of this pool's workers.
    private func currentWorker() -> Int? {
        guard let raw = pthread_getspecific(workerKey) else { return nil }
        return Int(bitPattern: raw) - 1
    }

    private func willTakeSharedLock() {
        guard let index = currentWorker() else { return }
        watch.locked {
            workers[index].holding += 1
            guard workers[index].demoted, mayRestore, Self.setNice(0, workers[index].baseNice) else { return }
            workers[index].demoted = false
        }
    }

    private func didReleaseSharedLock() {
        guard let index = currentWorker() else { return }
        watch.locked {
            workers[index].holding -= 1
            let worker = workers[index]
            let now = Monitor.now()
            guard worker.holding == 0, worker.startedAt > 0, !worker.demoted, now >= nextDemotion(of: worker)
            else { return }
            demoteIfBusy(index, thread: 0, now: now)
        }
    }

    // MARK: - Threads

    /// Gives the calling thread (the watchdog) the real-time class's lowest priority, or failing that nice −10, or
    /// leaves it as it is where the process may do neither: a watchdog at the normal priority waits for a core like
    /// every other thread, and the long request it should demote keeps its core meanwhile (4 ms seen on two cores).
    private static func raiseOwnPriority() {
        #if os(Linux)
            var parameters = sched_param()
            parameters.sched_priority = 1
            if sched_setscheduler(0, 1, &parameters) == 0 { return }  // SCHED_FIFO
            _ = setNice(0, -10)
        #endif
    }

    /// The calling thread's kernel id, or 0 where the C library has no `gettid` (glibc before 2.30, not Linux).
    /// Looked up at run time: the Glibc module does not export it (it is a GNU extension).
    private static func currentThread() -> Int32 {
        #if os(Linux)
            typealias GetThreadID = @convention(c) () -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "gettid") else { return 0 }
            return unsafeBitCast(symbol, to: GetThreadID.self)()
        #else
            return 0
        #endif
    }

    /// The calling thread's CPU-time clock (Linux), nil where the system has none.
    private static func ownCPUClock() -> clockid_t? {
        #if os(Linux)
            var clock = clockid_t()
            return pthread_getcpuclockid(pthread_self(), &clock) == 0 ? clock : nil
        #else
            return nil
        #endif
    }

    /// A CPU-time clock's reading, in nanoseconds (0 if it cannot be read).
    private static func cpuTime(_ clock: clockid_t) -> UInt64 {
        var spec = timespec()
        guard clock_gettime(clock, &spec) == 0, spec.tv_sec >= 0, spec.tv_nsec >= 0 else { return 0 }
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }

    /// How much a long request's nice value rises.
    static let demotion: Int32 = 10

    /// The nice value of the thread with kernel id `thread` (0 where the system does not tell).
    private static func nice(of thread: Int32) -> Int32 {
        #if os(Linux)
            guard thread > 0 else { return 0 }
            return getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(thread))
        #else
            return 0
        #endif
    }

    /// Sets the nice value of the thread with kernel id `thread` (0: the calling thread); false if the system
    /// refused.
    private static func setNice(_ thread: Int32, _ nice: Int32) -> Bool {
        #if os(Linux)
            guard thread >= 0 else { return false }
            return setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(thread), nice) == 0
        #else
            return false
        #endif
    }

    /// Starts a detached thread running `body`; false if the system refused one.
    private static func spawn(_ body: @escaping @Sendable () -> Void) -> Bool {
        final class Box {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        #if canImport(Glibc)
            var thread = pthread_t()
        #else
            var thread: Int32 = 0
        #endif
        let status = pthread_create(
            &thread, nil,
            { raw in
                guard let raw else { return nil }
                let box = Unmanaged<Box>.fromOpaque(raw).takeRetainedValue()
                box.body()
                return nil
            }, box)
        guard status == 0 else {
            Unmanaged<Box>.fromOpaque(box).release()
            return false
        }
        pthread_detach(thread)
        return true
    }
}
