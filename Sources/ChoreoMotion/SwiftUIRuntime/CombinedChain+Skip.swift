extension CombinedChain {
    /// Skips the updates of `frames` (the animator's time `time(n)` on frame n) without evaluating them: the newest
    /// entry decides what would be seen (the chain is removed, or logically complete, with it); every older entry
    /// moves over the frames before that, and one that would have finished there is marked finished (with those
    /// before it folded away), as evaluating every frame would leave them. Only the entries after the last one that
    /// finishes are looked at, from the newest back, and those that have not begun by the last frame skipped a run at
    /// a time. Unknowable when one of them keeps a state a frame must be evaluated for (a fluid spring).
    mutating func skip(_ frames: ClosedRange<Int>, time: (Int) -> AnimationTime, logicallyComplete: Bool) -> FrameSkip {
        let newestIndex = end - 1
        if newestIndex == first, firstFinished { return .seen(at: frames.lowerBound, removed: true) }
        let entries = self.entries
        let newest = entries[newestIndex]
        var newestState = state(newestIndex)
        let outcome = newest.animation.skip(
            frames, time: { newest.time(time($0)) }, state: &newestState, logicallyComplete: logicallyComplete)
        let last: Int
        switch outcome {
        case .unknowable: return .unknowable
        case .quiet: last = frames.upperBound
        case .seen(let frame, _): last = frame - 1
        }
        guard last >= frames.lowerBound else { return outcome }
        var states: [(Int, SwiftUIAnimationState)] = [(newestIndex, newestState)]
        var lastFinished: Int?
        // From the newest back to the last entry that finishes by then: the ones before it are folded away, whatever
        // they would do.
        let lowest = firstFinished ? first + 1 : first
        var index = newestIndex - 1
        scan: while index >= lowest {
            let entry = entries[index]
            if !entry.keepsState {
                let at = entry.time(time(last)).seconds
                if entry.animation.removes(at: at) == true {
                    lastFinished = index
                    break scan
                }
                // Not begun by the last frame skipped (nor on any before it): nor are the later entries of its run,
                // so the first of them is found by bisection.
                if entry.animation.isDormant(at: at) {
                    let runStart = max(entry.run, lowest)
                    index =
                        Self.firstEntry(in: runStart...index) {
                            entries[$0].animation.isDormant(at: entries[$0].time(time(last)).seconds)
                        } - 1
                    continue
                }
                index -= 1
                continue
            }
            var entryState = state(index)
            switch entry.animation.skip(
                frames.lowerBound...last, time: { entry.time(time($0)) }, state: &entryState, logicallyComplete: true)
            {
            case .unknowable: return .unknowable
            case .quiet: states.append((index, entryState))
            case .seen:
                lastFinished = index
                break scan
            }
            index -= 1
        }
        for (index, entryState) in states { setState(entryState, of: index) }
        if let lastFinished { finish(lastFinished) }
        return outcome
    }

    /// The first index of `range` at which `holds`, for a condition that holds on every index after one on which it
    /// does, and holds on the last.
    static func firstEntry(in range: ClosedRange<Int>, where holds: (Int) -> Bool) -> Int {
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let middle = low + (high - low) / 2
            if holds(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The newest entry, its state, and whether it has finished (then the chain is removed on its next evaluation).
    var newestEntry: (entry: CombinedEntry, state: SwiftUIAnimationState, finished: Bool) {
        (newest, state(end - 1), end - 1 == first && firstFinished)
    }
}

extension RunningAnimation {
    /// Skips the updates of `frames` without evaluating them (``SwiftUIAnimation/skip(_:time:state:logicallyComplete:)``,
    /// ``CombinedChain/skip(_:time:logicallyComplete:)``); unchanged when unknowable.
    mutating func skip(_ frames: ClosedRange<Int>, time: (Int) -> AnimationTime, logicallyComplete: Bool) -> FrameSkip {
        switch self {
        case .single(let animation, var state):
            let outcome = animation.skip(frames, time: time, state: &state, logicallyComplete: logicallyComplete)
            if outcome != .unknowable { self = .single(animation, state) }
            return outcome
        case .combined(var chain):
            let outcome = chain.skip(frames, time: time, logicallyComplete: logicallyComplete)
            if outcome != .unknowable { self = .combined(chain) }
            return outcome
        }
    }

    /// What decides when the animation is removed and logically complete: the animation itself, or a combined
    /// chain's newest entry (given the animator's time less when it was added); nil when the chain's newest entry
    /// has finished already (removed on the next evaluation).
    var decisive: (animation: SwiftUIAnimation, state: SwiftUIAnimationState, time: (AnimationTime) -> AnimationTime)? {
        switch self {
        case .single(let animation, let state): return (animation, state, { $0 })
        case .combined(let chain):
            let newest = chain.newestEntry
            if newest.finished { return nil }
            return (newest.entry.animation, newest.state, newest.entry.time)
        }
    }
}
