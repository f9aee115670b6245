#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value behind a pthread mutex: the daemon's shared state, and the frames a ``SwiftUIFrameCache`` keeps.
///
/// `Synchronization.Mutex` would do the same, but on Linux it is a futex that ThreadSanitizer cannot see, so every
/// access it protects is reported as a race; pthread mutexes are intercepted by ThreadSanitizer, which lets
/// `make test-sanitized` check the real synchronization.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline var value: Value
    @usableFromInline let hooks: LockHooks?

    /// A value behind a new lock; `hooks` run just before each acquisition and just after each release.
    public init(_ value: Value, hooks: LockHooks? = nil) {
        self.value = value
        self.hooks = hooks
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock. Inlinable, so a caller in another module gets it
    /// specialized for its value (as `Synchronization.Mutex` is), not through generic value witnesses.
    @inlinable
    public func withLock<T, Failure: Error>(_ body: (inout Value) throws(Failure) -> T) throws(Failure) -> T {
        hooks?.willLock()
        pthread_mutex_lock(mutex)
        defer {
            pthread_mutex_unlock(mutex)
            hooks?.didUnlock()
        }
        return try body(&value)
    }
}

/// What a lock shared by every thread does around each acquisition: the daemon's worker pool runs a thread that has
/// been given a lower priority at its normal one while it holds the daemon's lock, so that no other thread waits for
/// a thread the scheduler keeps off the CPU (``Locked/init(_:hooks:)``).
public final class LockHooks: Sendable {
    /// Runs on the acquiring thread just before it takes the lock.
    public let willLock: @Sendable () -> Void
    /// Runs on the releasing thread just after it has released the lock.
    public let didUnlock: @Sendable () -> Void

    public init(willLock: @escaping @Sendable () -> Void, didUnlock: @escaping @Sendable () -> Void) {
        self.willLock = willLock
        self.didUnlock = didUnlock
    }
}
