import ChoreoLocks
import ChoreoMotion
import Testing

@testable import ChoreoServer

#if canImport(Glibc)
    import Glibc
#endif

@Suite(.timeLimit(.minutes(1)))
struct RequestWorkersTests {
    /// Work runs in the order it was queued when there is one thread, and every piece runs.
    @Test func oneThreadRunsWorkInOrder() {
        let workers = RequestWorkers(threads: 1)
        let seen = Seen()
        for index in 0..<2_000 { workers.submit { seen.add(index) } }
        workers.shutdown()
        #expect(seen.values == Array(0..<2_000))
    }

    /// Many threads run every piece exactly once.
    @Test func manyThreadsRunEveryPieceOnce() {
        let workers = RequestWorkers(threads: 8, demoteAfterMilliseconds: 1)
        let seen = Seen()
        for index in 0..<5_000 { workers.submit { seen.add(index) } }
        workers.shutdown()
        #expect(seen.values.sorted() == Array(0..<5_000))
    }

    #if os(Linux)
        /// A long piece of work runs at its thread's nice value + 10 (at most 19) once it has run 1 ms here, and the
        /// work after it at the pool's nice value again, on the same thread (restored, as root may) or on a new one (as
        /// an unprivileged process must).
        @Test(arguments: [true, false])
        func longWorkIsDemotedAndTheNextRunsAtNormalPriority(mayRestore: Bool) {
            let base = Self.nice()  // the workers' threads start with the nice value of the thread that made them
            let workers = RequestWorkers(threads: 1, demoteAfterMilliseconds: 1, mayRestore: mayRestore)
            let niceValues = Seen()
            workers.submit { niceValues.add(Int(Self.nice())) }
            workers.submit {
                let started = Monitor.now()
                var nice = Self.nice()
                while nice == base, Monitor.now() &- started < 5_000_000_000 { nice = Self.nice() }
                niceValues.add(Int(nice))
            }
            workers.submit { niceValues.add(Int(Self.nice())) }
            workers.shutdown()
            #expect(niceValues.values.map(Int32.init) == [base, min(19, base + 10), base])
            if !mayRestore { #expect(workers.replacements == 1) }
        }

        /// A demoted worker takes a lock with the pool's hooks at its normal priority, and goes down again as soon as
        /// it has released it: no other thread waits for a lock whose holder runs at nice + 10.
        @Test func aDemotedWorkerHoldsASharedLockAtItsNormalPriority() {
            let base = Self.nice()
            let workers = RequestWorkers(threads: 1, demoteAfterMilliseconds: 1)
            let shared = Locked(0, hooks: workers.lockHooks)
            let inner = Locked(0, hooks: workers.lockHooks)
            let plain = Locked(0)
            let niceValues = Seen()
            workers.submit {
                let started = Monitor.now()
                var nice = Self.nice()
                while nice == base, Monitor.now() &- started < 5_000_000_000 { nice = Self.nice() }
                niceValues.add(Int(nice))
                shared.withLock { _ in
                    niceValues.add(Int(Self.nice()))
                    inner.withLock { _ in }  // released while `shared` is held: still at the normal priority
                    niceValues.add(Int(Self.nice()))
                }
                niceValues.add(Int(Self.nice()))
                plain.withLock { _ in niceValues.add(Int(Self.nice())) }
            }
            workers.shutdown()
            let demoted = Int(min(19, base + 10))
            #expect(niceValues.values == [demoted, Int(base), Int(base), demoted, demoted])
        }

        /// Work that waits (a lock, a socket, a core) uses no CPU meanwhile: it is not demoted however long it takes
        /// on the wall clock; once it computes past the threshold it is.
        @Test func workThatWaitsIsNotDemotedButWorkThatComputesIs() {
            let base = Int(Self.nice())
            let workers = RequestWorkers(threads: 1, demoteAfterMilliseconds: 1)
            let niceValues = Seen()
            workers.submit {
                var pause = timespec(tv_sec: 0, tv_nsec: 30_000_000)
                nanosleep(&pause, nil)  // 30 ms waiting: 30 thresholds of wall time, almost no CPU
                niceValues.add(Int(Self.nice()))
                let started = Monitor.now()
                var nice = Self.nice()
                while nice == Int32(base), Monitor.now() &- started < 5_000_000_000 { nice = Self.nice() }
                niceValues.add(Int(nice))
            }
            workers.shutdown()
            #expect(niceValues.values == [base, Int(min(19, Int32(base) + 10))])
        }

        /// Never demoted when the watchdog is off (0 ms).
        @Test func noDemotionWhenOff() {
            let base = Int(Self.nice())
            let workers = RequestWorkers(threads: 1, demoteAfterMilliseconds: 0)
            let niceValues = Seen()
            workers.submit {
                let started = Monitor.now()
                while Monitor.now() &- started < 20_000_000 {}
                niceValues.add(Int(Self.nice()))
            }
            workers.shutdown()
            #expect(niceValues.values == [base])
        }

        /// The calling thread's nice value (`getpriority(PRIO_PROCESS, 0)` reads the calling thread on Linux).
        private static func nice() -> Int32 {
            getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        }
    #endif
}

/// Values added from any thread.
private final class Seen: @unchecked Sendable {
    private let monitor = Monitor()
    private var added: [Int] = []
    func add(_ value: Int) { monitor.locked { added.append(value) } }
    var values: [Int] { monitor.locked { added } }
}
