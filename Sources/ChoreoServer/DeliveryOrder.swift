/// The order in which lines deliver the events they owe subscribers: a line takes a turn under the daemon's lock (a
/// counter, nothing that waits), lets the lock go, and delivers when its turn comes, so every subscriber gets a
/// session's events in trace order while the daemon's lock is held for none of the delivering.
///
/// Every turn taken must be passed through ``inTurn(_:_:)`` exactly once, or later turns wait for ever.
final class DeliveryOrder: @unchecked Sendable {
    private let monitor = Monitor()
    /// The next turn to hand out.
    private var next = 0
    /// The turn whose delivery may run now.
    private var serving = 0

    /// A place in the order: taken under the daemon's lock, so turns follow that lock's order.
    func take() -> Int {
        monitor.locked {
            let turn = next
            next &+= 1
            return turn
        }
    }

    /// Runs `body` once every earlier turn has run (at once for no turn), then lets the next turn go.
    func inTurn<T>(_ turn: Int?, _ body: () -> T) -> T {
        guard let turn else { return body() }
        monitor.locked { while serving != turn { monitor.wait() } }
        defer {
            monitor.locked {
                serving &+= 1
                monitor.broadcast()
            }
        }
        return body()
    }
}
