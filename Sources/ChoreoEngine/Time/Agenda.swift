/// What happens at a deadline: an app timer or an animation milestone.
public enum AgendaItem: Sendable, Hashable {
    /// An animation reaches logical completion.
    case animationCompleted(id: Int)
    /// An animation settles.
    case animationSettled(id: Int)
    /// A timer an app (or the lab) scheduled.
    case timer(id: Int, ScheduledTimer)
}

/// The deadlines of a session, kept as a binary min-heap ordered by (deadline, sequence), so simultaneous
/// deadlines fire in the order they were scheduled.
public struct Agenda: Sendable, Hashable {
    /// One scheduled item.
    public struct Entry: Sendable, Hashable {
        public var deadline: VirtualTime
        public var sequence: Int
        public var item: AgendaItem

        func precedes(_ other: Entry) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
        }
    }

    private var heap: [Entry] = []
    private var nextSequence = 0

    public init() {}

    /// How many entries are scheduled.
    public var count: Int { heap.count }

    /// The earliest entry, if any.
    public var first: Entry? { heap.first }

    /// All entries, in no particular order.
    public var entries: [Entry] { heap }

    /// Schedules an item. - Complexity: O(log n).
    public mutating func schedule(_ item: AgendaItem, at deadline: VirtualTime) {
        heap.append(Entry(deadline: deadline, sequence: nextSequence, item: item))
        nextSequence += 1
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest entry. - Complexity: O(log n).
    public mutating func removeFirst() -> Entry? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let first = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].precedes(heap[smallest]) { smallest = left }
            if right < heap.count, heap[right].precedes(heap[smallest]) { smallest = right }
            if smallest == parent { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }

    /// Removes every entry matching a predicate. - Complexity: O(n log n).
    public mutating func removeAll(where shouldRemove: (AgendaItem) -> Bool) {
        removeEntries { shouldRemove($0.item) }
    }

    /// Removes the milestones of animation `id` due at or after `time`: once it is interrupted there, they would
    /// record nothing (and count as nothing fired). - Complexity: O(n log n), n the entries scheduled.
    public mutating func cancelMilestones(of id: Int, from time: VirtualTime) {
        removeEntries { entry in
            guard entry.deadline >= time else { return false }
            switch entry.item {
            case .animationCompleted(let other), .animationSettled(let other): return other == id
            case .timer: return false
            }
        }
    }

    private mutating func removeEntries(where shouldRemove: (Entry) -> Bool) {
        let kept = heap.filter { !shouldRemove($0) }
        guard kept.count != heap.count else { return }
        heap = []
        let sequence = nextSequence
        for entry in kept.sorted(by: { $0.precedes($1) }) { heap.append(entry) }
        nextSequence = sequence
    }
}
