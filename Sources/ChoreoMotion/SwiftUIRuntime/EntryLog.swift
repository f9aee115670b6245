import ChoreoLocks
/// What the entries of a combined animation are (their animations, when they were added, their targets), appended in
/// order and never changed afterwards: the copies of a ``CombinedChain`` share one log, and the copy that holds its
/// end appends to it in place. A copy of a chain therefore costs nothing, and a transaction does not copy the entries
/// before it, however many a session's history has piled up (a retarget on every frame keeps the animator pending and
/// every entry is replayed later, so none can be dropped).
///
/// The entries behind a pthread mutex (``Locked``): copies of a session may append from different threads; each one
/// only ever reads entries below its own end, which nobody changes.
final class EntryLog: Sendable {
    private let entries: Locked<[CombinedEntry]>
    /// The last evaluation's work on the entries before its newest (``CombinedChain/Fold``), for the next one.
    let fold = Locked<CombinedChain.Fold?>(nil)

    /// A log holding `entries`.
    init(_ entries: [CombinedEntry]) {
        var runs: [CombinedEntry] = []
        runs.reserveCapacity(entries.count)
        for entry in entries { runs.append(entry.inRun(after: runs.last, at: runs.count)) }
        self.entries = Locked(runs)
    }

    /// Appends `entry` when the log holds exactly `count` entries (the caller's end is the log's); false when a copy
    /// has appended past `count` already.
    func append(_ entry: CombinedEntry, at count: Int) -> Bool {
        entries.withLock { entries in
            guard entries.count == count else { return false }
            entries.append(entry.inRun(after: entries.last, at: count))
            return true
        }
    }

    /// The entries `range` (below the caller's end).
    func entries(_ range: Range<Int>) -> ArraySlice<CombinedEntry> { entries.withLock { $0[range] } }

    /// Entry `index` (below the caller's end).
    func entry(_ index: Int) -> CombinedEntry { entries.withLock { $0[index] } }
}

/// One entry of a combined animation: entry i moves from what the older ones give toward its own cumulative `target`
/// (relative to the animator's start value), r_i = r_(i−1) + f_i(t − added_i)·(target_i − r_(i−1)).
struct CombinedEntry: Sendable, Hashable {
    var animation: SwiftUIAnimation
    /// Seconds since the animator began at which the entry was added (SwiftUI's `elapsed` of the entry).
    var added: Double
    /// The frame since the animator began on which the entry was added (`added` in whole frames).
    var addedFrame: Int
    /// The entry's cumulative target, relative to the start value.
    var target: Double
    /// Whether its animation keeps a state of its own between frames (a fluid spring, a repeat).
    var keepsState: Bool
    /// The log index of the first entry of its run: consecutive entries of one animation without a state, added at
    /// times that do not decrease (a retarget on every frame appends one run). At any time the entries of a run that
    /// have not begun are its last ones, so evaluation passes over them at once.
    var run = 0

    init(animation: SwiftUIAnimation, added: Double, addedFrame: Int, target: Double) {
        self.animation = animation
        self.added = added
        self.addedFrame = addedFrame
        self.target = target
        keepsState = animation.keepsState
    }

    /// This entry at log index `index`, after `previous`: in its run when of the same animation and added no
    /// earlier, else the first of a run of its own.
    func inRun(after previous: CombinedEntry?, at index: Int) -> CombinedEntry {
        var entry = self
        entry.run = index
        if let previous, !keepsState, !previous.keepsState, previous.added <= added, previous.animation == animation {
            entry.run = previous.run
        }
        return entry
    }

    /// The time the entry's animation is given when the animator's is `time` (SwiftUI's `time − entry.elapsed`).
    func time(_ time: AnimationTime) -> AnimationTime { time.sinceEntry(added: added, addedFrame: addedFrame) }
}

extension SwiftUIAnimation {
    /// Whether it keeps a state of its own between frames: a fluid spring's, or a repeat's pass count and start.
    var keepsState: Bool {
        switch self {
        case .fluidSpring, .repeating: return true
        case .interpolatingSpring, .bezier: return false
        case .delayed(let base, _): return base.keepsState
        }
    }
}
