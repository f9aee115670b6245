extension AnimatorState {
    /// Skips the updates after `frame` (just updated) and before `limit` that nobody would see, without evaluating
    /// them, and returns the last one skipped; nil when none can be. Only a running animator skips: its begin frame
    /// no longer moves, so frame n is given (n − beginFrame)/fps. Skipping stops before the first frame on which the
    /// animation would be removed or newly logically complete; everything the skipped frames would change (a
    /// repeat's passes, combined entries that finish) changes as updating them would. The frame after the last
    /// skipped one is then updated as usual, so what it shows is an evaluation.
    mutating func skipUpdates(after frame: Int, before limit: Int, fps: Int) -> Int? {
        guard phase == .running, nextFrame == frame, frame + 1 < limit else { return nil }
        let begin = beginFrame
        var skipped = animation
        let outcome = skipped.skip(
            (frame + 1)...(limit - 1), time: { AnimationTime(frame: $0 - begin, fps: fps) },
            logicallyComplete: isLogicallyComplete)
        let last: Int
        switch outcome {
        case .unknowable: return nil
        case .quiet: last = limit - 1
        case .seen(let seen, _): last = seen - 1
        }
        guard last > frame else { return nil }
        animation = skipped
        nextFrame = last
        return last
    }

    /// The frames on which the updates from `frame` through `limit` would first report logical completion and remove
    /// the animation, found without evaluating it when what decides them (the animation, or a combined chain's
    /// newest entry) depends on time alone or is a repeat of something that does: the phases move the begin frame
    /// on the first frames, and from the running phase on the frames are searched, not updated. Nil when it does
    /// not (a fluid spring: update the frames).
    func milestones(from frame: Int, through limit: Int, fps: Int) -> (logicallyComplete: Int?, removed: Int?)? {
        guard let decisive = animation.decisive else {
            // The newest entry has finished: the next evaluation removes the chain.
            var copy = self
            var update = frame
            while update <= limit {
                if case .removed = copy.update(frame: update, fps: fps) { return (nil, update) }
                update += 1
            }
            return (nil, nil)
        }
        let (animation, entryTime) = (decisive.animation, decisive.time)
        var state = decisive.state
        var phase = self.phase
        var begin = beginFrame
        var next = nextFrame
        var complete = isLogicallyComplete
        var logical: Int?
        var update = frame
        while update <= limit {
            if update <= next {
                update = next + 1
                continue
            }
            let frames: ClosedRange<Int>
            switch phase {
            case .pending:
                begin = update
                phase = .first
                frames = update...update
            case .first:
                phase = .second
                next += update - begin
                begin = update
                update += 1
                continue
            case .second:
                let allowance = Self.lateFrameAllowance(fps: fps)
                if allowance < update - begin { begin = update - allowance }
                phase = .running
                frames = update...update
            case .running:
                frames = update...limit
            }
            let clock = begin
            let time = { (n: Int) in entryTime(AnimationTime(frame: n - clock, fps: fps)) }
            switch animation.skip(frames, time: time, state: &state, logicallyComplete: complete) {
            case .unknowable:
                return nil
            case .quiet:
                update = frames.upperBound + 1
            case .seen(let seen, true):
                return (logical, seen)
            case .seen(let seen, false):
                logical = seen
                complete = true
                // That frame's evaluation moves the state as a quiet one would.
                guard animation.skip(seen...seen, time: time, state: &state, logicallyComplete: true) == .quiet
                else { return (logical, seen) }
                update = seen + 1
            }
            next = update - 1
        }
        return (logical, nil)
    }
}
