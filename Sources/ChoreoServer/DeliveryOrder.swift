#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The order in which lines deliver the events they owe subscribers: a line takes a turn under the daemon's lock (a
/// counter, nothing that waits), lets the lock go, and delivers when its turn comes, so every subscriber gets a
/// session's events in trace order while the daemon's lock is held for none of the delivering.
///
/// A pthread mutex and condition variable, as ``Locked`` uses (ThreadSanitizer sees them). Every turn taken must be
/// passed through ``inTurn(_:_:)`` exactly once, or later turns wait for ever.
final class DeliveryOrder: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    /// The next turn to hand out.
    private var next = 0
    /// The turn whose delivery may run now.
    private var serving = 0

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        let status = pthread_mutex_init(mutex, nil) | pthread_cond_init(condition, nil)
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

    /// A place in the order: taken under the daemon's lock, so turns follow that lock's order.
    func take() -> Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        let turn = next
        next &+= 1
        return turn
    }

    /// Runs `body` once every earlier turn has run (at once for no turn), then lets the next turn go.
    func inTurn<T>(_ turn: Int?, _ body: () -> T) -> T {
        guard let turn else { return body() }
        pthread_mutex_lock(mutex)
        while serving != turn { pthread_cond_wait(condition, mutex) }
        pthread_mutex_unlock(mutex)
        defer {
            pthread_mutex_lock(mutex)
            serving &+= 1
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
        return body()
    }
}
