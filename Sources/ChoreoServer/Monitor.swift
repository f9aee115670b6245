import ChoreoLocks
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pthread mutex and condition variable (ThreadSanitizer sees them, as it sees ``Locked``'s), the condition timed
/// against the monotonic clock where the platform allows it.
final class Monitor: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        var attributes = pthread_condattr_t()
        var status = pthread_condattr_init(&attributes)
        #if canImport(Glibc)
            status |= pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        #endif
        status |= pthread_mutex_init(mutex, nil) | pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
        precondition(status == 0, "pthread_mutex_init or pthread_cond_init failed: \(status)")
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deinitialize(count: 1)
        condition.deallocate()
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` holding the mutex.
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Waits for a signal (the mutex held: call inside ``locked(_:)``).
    func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// Waits for a signal or until `deadline` (nanoseconds on ``Monitor/now()``'s clock; the mutex held).
    func wait(until deadline: UInt64) {
        #if canImport(Glibc)
            var time = timespec(
                tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
            _ = pthread_cond_timedwait(condition, mutex, &time)
        #else
            let now = Monitor.now()
            let wait = deadline > now ? deadline - now : 0
            var time = timespec(tv_sec: Int(wait / 1_000_000_000), tv_nsec: Int(wait % 1_000_000_000))
            _ = pthread_cond_timedwait_relative_np(condition, mutex, &time)
        #endif
    }

    /// Wakes one waiter.
    func signal() { pthread_cond_signal(condition) }

    /// Wakes every waiter.
    func broadcast() { pthread_cond_broadcast(condition) }

    /// Nanoseconds on the monotonic clock.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
