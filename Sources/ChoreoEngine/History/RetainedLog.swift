import ChoreoJSON

/// A session's history of one kind (haptics, announcements), appended in time order, that keeps only its latest
/// entries once it grows past a retention limit (``Retention``): what was dropped is counted, never silently lost.
///
/// As a collection it is the entries kept (`count` is how many are kept; ``recorded`` how many were ever appended).
public struct RetainedLog<Element: HistoryEntry>: Sendable, Hashable, RandomAccessCollection {
    /// The entries kept, oldest first.
    public private(set) var entries: [Element] = []
    /// How many entries were dropped from the front (the first kept is entry `dropped + 1` of all ever appended).
    public private(set) var dropped = 0
    /// About how many bytes the entries kept hold (``HistoryEntry/retainedBytes``), bounded by the retention's
    /// ``Retention/maxBytes``.
    public private(set) var keptBytes = 0
    /// How many entries to keep.
    public let retention: Retention

    /// An empty log keeping entries under `retention`.
    public init(retention: Retention) {
        self.retention = retention
    }

    /// How many entries were ever appended.
    public var recorded: Int { dropped + entries.count }

    public var startIndex: Int { 0 }
    public var endIndex: Int { entries.count }
    public subscript(position: Int) -> Element { entries[position] }

    /// Appends an entry, dropping the oldest when the log has grown past its retention; `beforeDropping` sees them
    /// first.
    public mutating func append(
        _ element: Element, beforeDropping: (ArraySlice<Element>) -> Void = { _ in }
    ) {
        entries.append(element)
        keptBytes += element.retainedBytes
        var drop = retention.dropped(ofTotal: recorded) - dropped
        if keptBytes > retention.maxBytes {
            // Past the bytes bound, the oldest go until a quarter of it is free again (so dropping stays O(1) per
            // entry); the latest entry always stays.
            var freed = 0
            var count = 0
            while count < entries.count - 1, keptBytes - freed > retention.maxBytes / 4 * 3 {
                freed += entries[count].retainedBytes
                count += 1
            }
            drop = Swift.max(drop, count)
        }
        if drop > 0 {
            beforeDropping(entries[..<drop])
            for entry in entries[..<drop] { keptBytes -= entry.retainedBytes }
            entries.removeFirst(drop)
            dropped += drop
        }
    }

    /// The entries kept that were appended after the first `position` ever appended (all kept when `position` is
    /// at or before the first kept).
    public func after(_ position: Int) -> ArraySlice<Element> {
        entries[Swift.min(entries.count, Swift.max(0, position - dropped))...]
    }

    /// The entries kept from the first whose `key` is at least `lowest` on (entries are appended in increasing
    /// order of `key`, such as their time): found by bisection, so the cost is that of what is returned.
    public func suffix<Key: Comparable>(from lowest: Key, by key: (Element) -> Key) -> ArraySlice<Element> {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if key(entries[middle]) < lowest { low = middle + 1 } else { high = middle }
        }
        return entries[low...]
    }
}

/// How much of its history a session keeps: at least the latest `limit` entries of each kind (trace events,
/// haptics, announcements, finished animation records) and fewer than `limit + limit/4`. The oldest are dropped a
/// quarter of the limit at a time, so dropping costs O(1) per entry, and what is kept depends only on how many
/// entries there were: a session and its import keep the same ones.
public struct Retention: Sendable, Hashable {
    /// The default limit: what `session.create {traceLimit}` gives when absent.
    public static let defaultLimit = 100_000
    /// The smallest limit a session may ask for.
    public static let minimumLimit = 1_000

    /// The default bound on the bytes each log keeps: 32 MiB.
    public static let defaultMaxBytes = 32 * 1024 * 1024

    /// The number of entries kept at least, unless they hold more than ``maxBytes``.
    public let limit: Int
    /// About how many bytes each log may keep (``HistoryEntry/retainedBytes``): past it the oldest entries are
    /// dropped whatever their count, so long texts (announcements, a tap's long target) cannot grow a session
    /// without bound.
    public let maxBytes: Int

    /// Keeps at least the latest `limit` entries (at least ``minimumLimit``) within `maxBytes` bytes.
    public init(limit: Int = Retention.defaultLimit, maxBytes: Int = Retention.defaultMaxBytes) {
        precondition(limit >= Self.minimumLimit, "a retention keeps at least \(Self.minimumLimit) entries")
        self.limit = limit
        self.maxBytes = maxBytes
    }

    /// How many entries are dropped at a time.
    public var chunk: Int { limit / 4 }

    /// How many of `total` entries ever appended are dropped (oldest first): none up to `limit + chunk − 1`, then
    /// whole chunks, leaving between `limit` and `limit + chunk − 1`.
    public func dropped(ofTotal total: Int) -> Int {
        guard total >= limit + chunk else { return 0 }
        return (total - limit) / chunk * chunk
    }
}

/// An entry of a session's history, with about how many bytes it holds.
public protocol HistoryEntry: Sendable, Hashable {
    /// About how many bytes the entry holds: its strings' lengths plus a fixed part (for ``Retention/maxBytes``).
    var retainedBytes: Int { get }
}

extension HapticEvent: HistoryEntry {
    public var retainedBytes: Int { 32 + source.utf8.count }
}

extension Announcement: HistoryEntry {
    public var retainedBytes: Int { 32 + text.utf8.count }
}

extension TraceEvent: HistoryEntry {
    public var retainedBytes: Int {
        var bytes = 48 + kind.utf8.count
        for (key, value) in fields { bytes += key.utf8.count + value.retainedBytes }
        return bytes
    }
}

extension JSONValue {
    /// About how many bytes the value holds (16 per value plus its strings' lengths).
    fileprivate var retainedBytes: Int {
        switch self {
        case .string(let text): return 16 + text.utf8.count
        case .array(let items): return items.reduce(16) { $0 + $1.retainedBytes }
        case .object(let members): return members.reduce(16) { $0 + $1.key.utf8.count + $1.value.retainedBytes }
        case .null, .bool, .int, .double: return 16
        }
    }
}
