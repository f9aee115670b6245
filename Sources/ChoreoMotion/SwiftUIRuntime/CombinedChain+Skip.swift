extension CombinedChain {
    /// Skips the updates of `frames` (the animator's time `time(n)` on frame n) without evaluating them: the newest
    /// entry decides what would be seen (the chain is removed, or logically complete, with it); every older entry
    /// moves over the frames before that, and one that would have finished there is marked finished (with those
    /// before it folded away), as evaluating every frame would leave them. Unknowable when any entry keeps a state a
    /// frame must be evaluated for (a fluid spring). Entries that have not begun by the last frame skipped are passed
    /// over a run at a time.
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
        var index = firstFinished ? first + 1 : first
        while index < newestIndex {
            let entry = entries[index]
            // Not begun by the last frame skipped: not on any before it either, nor the rest of its run.
            if !entry.keepsState, entry.animation.isDormant(at: entry.time(time(last)).seconds) {
                index = min(Self.runEnd(of: index, in: entries), newestIndex)
                continue
            }
            defer { index += 1 }
            var entryState = state(index)
            switch entry.animation.skip(
                frames.lowerBound...last, time: { entry.time(time($0)) }, state: &entryState, logicallyComplete: true)
            {
            case .unknowable: return .unknowable
            case .quiet: if entry.keepsState { states.append((index, entryState)) }
            case .seen: lastFinished = index
            }
        }
        for (index, entryState) in states { setState(entryState, of: index) }
        if let lastFinished { finish(lastFinished) }
        return outcome
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
