/// Overlapping animations that did not merge, oldest first (SwiftUICore's DefaultCombiningAnimation and its
/// CombinedAnimationState), with what no frame can reach any more folded away.
///
/// Each frame evaluates every entry in order; a finished entry gives its whole target, `result = target_i`, whatever
/// the older ones give, so once an entry has finished every entry before it is unreachable: evaluation keeps the
/// last finished entry as the chain's first and drops those before it. Only the first entry can therefore be
/// finished. The entries themselves live in an ``EntryLog`` shared by the chain's copies; a chain holds the range in
/// use and the states that differ from a fresh one.
struct CombinedChain: Sendable {
    private var log: EntryLog
    /// The first entry in use: `log` entries before it are folded into it.
    private(set) var first: Int
    /// The end of the entries in use.
    private(set) var end: Int
    /// How many entries were folded away before the log's first (when the log was compacted).
    private var compacted = 0
    /// Whether the first entry has finished (it gives its whole target).
    private(set) var firstFinished = false
    /// The states of the entries that keep one (``CombinedEntry/keepsState``) and have left the fresh state, by index.
    private var states: [Int: SwiftUIAnimationState] = [:]

    /// A chain of `entries`, the first with `state`.
    init(_ entries: [CombinedEntry], firstState state: SwiftUIAnimationState) {
        log = EntryLog(entries)
        first = 0
        end = entries.count
        if state != SwiftUIAnimationState() { states[0] = state }
    }

    /// How many entries are in use.
    var count: Int { end - first }

    /// The index of the first entry in use among every entry the chain has had (how many were folded away).
    var firstIndex: Int { compacted + first }

    /// The entries in use, oldest first, and their indices from `first`.
    var entries: ArraySlice<CombinedEntry> { log.entries(first..<end) }

    /// The newest entry.
    var newest: CombinedEntry { log.entry(end - 1) }

    /// Whether this chain reads its entries from the same log as `other` (one was appended to in place).
    func sharesEntries(with other: CombinedChain) -> Bool { log === other.log }

    /// The state of entry `index` (a fresh one unless it keeps one).
    func state(_ index: Int) -> SwiftUIAnimationState { states[index] ?? SwiftUIAnimationState() }

    /// Sets the state of entry `index`.
    mutating func setState(_ state: SwiftUIAnimationState, of index: Int) {
        states[index] = state == SwiftUIAnimationState() ? nil : state
    }

    /// Adds `entry` as the newest (combineAnimation): in place when this chain holds the log's end, otherwise (a copy
    /// appended before) on a log of its own; a log mostly folded away is compacted.
    mutating func append(_ entry: CombinedEntry) {
        if first < 64 || first < count, log.append(entry, at: end) {
            end += 1
            return
        }
        var kept = Array(log.entries(first..<end))
        kept.append(entry)
        log = EntryLog(kept)
        states = Dictionary(uniqueKeysWithValues: states.map { ($0.key - first, $0.value) })
        end = kept.count
        compacted += first
        first = 0
    }

    /// Marks entry `index` finished and folds every entry before it away.
    mutating func finish(_ index: Int) {
        precondition(index >= first && index < end, "no such entry")
        if index > first {
            states = states.filter { $0.key >= index }
            first = index
        }
        states[index] = nil
        firstFinished = true
    }

    /// What evaluating the entries of a chain before `index` at `time` gives: the value and rate so far, the layers
    /// of the entries that have begun (then `zeros` more), the last that finished. The log keeps the last one, so the
    /// next evaluation at the same time of a copy that has only grown since resumes there: a retarget on every frame
    /// keeps the animator pending, and each transaction's request reads the chain at elapsed 0 with one entry more.
    struct Fold: Sendable {
        var time: AnimationTime
        var first: Int
        var firstFinished: Bool
        var index: Int
        var result = 0.0
        var rate = 0.0
        var layers: [Double] = []
        var zeros = 0
        var lastFinished: Int?
    }

    /// The offset from the start value at `time` since the animator began and its rate (units per second), or nil
    /// when removed. Combined: r_i' = r_(i−1)'·(1 − f_i) + the entry's own rate, f_i = a_i/(target_i − r_(i−1)).
    /// Entries that have not begun (``SwiftUIAnimation/isDormant(at:)``) add nothing: an older one is passed over
    /// with the rest of its run, and the layers end with the last entry that has begun (the rest are 0).
    mutating func evaluate(time: AnimationTime, logicallyComplete: inout Bool) -> Evaluation? {
        let entries = self.entries
        // The chain is removed with its newest entry, whatever the older ones give: when that depends on time alone
        // (and changes no flag), none of them needs evaluating.
        let newest = entries[end - 1]
        if !(end - 1 == first && firstFinished), newest.animation.removes(at: newest.time(time).seconds) == true {
            return nil
        }
        var fold = Fold(time: time, first: first, firstFinished: firstFinished, index: first)
        if let kept = log.fold.withLock({ $0 }), kept.time == time, kept.first == first,
            kept.firstFinished == firstFinished, kept.index < end
        {
            fold = kept
        }
        // Entries without a state of their own since `first`: the work before the newest can be kept for the next.
        var keepable = true
        defer { if let lastFinished = fold.lastFinished { finish(lastFinished) } }
        while fold.index < end {
            let index = fold.index
            let entry = entries[index]
            let isNewest = index == end - 1
            if isNewest, keepable, index > first {
                let kept = fold
                log.fold.withLock { if $0 == nil || $0!.time != time || $0!.index < kept.index { $0 = kept } }
            }
            if index == first, firstFinished {
                fold.result = entry.target
                fold.rate = 0
                fold.layers.append(1)
                if isNewest { return nil }
                fold.index += 1
                continue
            }
            let entryTime = entry.time(time)
            // Adding its ±0 rate to a rate of −0 would give +0: such an entry is evaluated.
            let dormant = !entry.keepsState && entry.animation.isDormant(at: entryTime.seconds)
            if dormant, !isNewest, fold.rate != 0 || fold.rate.sign == .plus {
                let after = min(Self.runEnd(of: index, in: entries), end - 1)
                fold.zeros += after - index
                fold.index = after
                continue
            }
            keepable = keepable && !entry.keepsState
            var flag = logicallyComplete
            let entryValue = entry.target - fold.result
            var state = entry.keepsState ? self.state(index) : SwiftUIAnimationState()
            let animated = entry.animation.evaluate(
                value: entryValue, time: entryTime, state: &state, logicallyComplete: &flag)
            if entry.keepsState { setState(state, of: index) }
            let layer: Double
            if let animated {
                // A timing curve or interpolating spring entry is f·(its value), and its value moves with what the
                // older entries give; a fluid spring's offset is a state of its own.
                fold.rate = fold.rate * (1 - (animated.fraction ?? 0)) + animated.velocity
                fold.result += animated.offset
                layer = animated.fraction ?? (entryValue != 0 ? animated.offset / entryValue : 1)
            } else {
                fold.lastFinished = index
                fold.result += entryValue
                fold.rate = 0
                layer = 1
            }
            if !dormant {
                fold.layers.append(contentsOf: repeatElement(0, count: fold.zeros))
                fold.zeros = 0
                fold.layers.append(layer)
            } else {
                fold.zeros += 1
            }
            if isNewest {
                logicallyComplete = flag
                guard animated != nil else { return nil }
                var evaluation = Evaluation(offset: fold.result, velocity: fold.rate, fraction: nil)
                // The layers of the entries kept: from the last finished one on.
                evaluation.layers = Array(fold.layers.dropFirst((fold.lastFinished ?? first) - first))
                return evaluation
            }
            fold.index += 1
        }
        return nil
    }

    /// The index after the last entry of the run `index` is in.
    static func runEnd(of index: Int, in entries: ArraySlice<CombinedEntry>) -> Int {
        let run = entries[index].run
        var low = index
        var step = 1
        while low + step < entries.endIndex, entries[low + step].run == run {
            low += step
            step *= 2
        }
        var high = min(low + step, entries.endIndex)
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if entries[middle].run == run { low = middle } else { high = middle }
        }
        return high
    }
}

extension CombinedChain: Hashable {
    /// Equal when the same entries are in use with the same states (the entries compared one by one unless both
    /// chains read them from one log).
    static func == (lhs: CombinedChain, rhs: CombinedChain) -> Bool {
        guard lhs.count == rhs.count, lhs.firstFinished == rhs.firstFinished, lhs.firstIndex == rhs.firstIndex
        else { return false }
        let offset = rhs.first - lhs.first
        guard lhs.states.count == rhs.states.count,
            lhs.states.allSatisfy({ rhs.states[$0.key + offset] == $0.value })
        else { return false }
        if lhs.log === rhs.log, lhs.first == rhs.first { return true }
        return lhs.entries.elementsEqual(rhs.entries)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        hasher.combine(firstFinished)
        hasher.combine(states.count)
    }
}
