import Foundation

/// Values computed once per key and kept for the cache's lifetime (thread-safe). A computation that throws stores
/// nothing.
final class MemoCache<Key: Hashable, Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Key: Value] = [:]

    /// The value for `key`, made by `make` the first time.
    func value<E: Error>(for key: Key, _ make: (Key) throws(E) -> Value) throws(E) -> Value {
        if let known = lock.withLock({ values[key] }) { return known }
        let value = try make(key)
        lock.withLock { values[key] = value }
        return value
    }
}
