import ChoreoMotion

extension AnimatedProperty.Piece {
    /// How long after its start an animation may run before it counts as settled anyway, in seconds.
    static let removalLimit = 600.0

    /// What `animator`'s screen shows at `time` (the last frame at or before it) and its rate, units per second.
    static func shown(of animator: SwiftUIAnimator, at time: VirtualTime, frames: SwiftUIFrameCache) -> (
        value: Double, velocity: Double
    ) {
        frames.shown(of: animator, atFrame: FrameClock(fps: animator.fps).frame(atOrBefore: time))
    }

    /// What `animator`'s screen shows at `time` of each animation in flight (``SwiftUIAnimator/shownLayers``).
    static func shownLayers(
        of animator: SwiftUIAnimator, at time: VirtualTime, frames: SwiftUIFrameCache
    ) -> AnimationLayers {
        frames.drawn(animator, through: FrameClock(fps: animator.fps).frame(atOrBefore: time)).shownLayers
    }

    /// When an animator whose transaction was requested at `time` is logically complete and removed, found by
    /// updating its frames. SwiftUI starts nothing for an unchanged value (a 0 → 0 ring): done at once, not "never
    /// removed". One not removed within ``removalLimit`` (an undamped spring, a repeat) counts as settling at the
    /// limit.
    static func milestones(
        of animator: SwiftUIAnimator, requestedAt time: VirtualTime
    ) -> (logicallyComplete: VirtualTime, settled: VirtualTime) {
        guard animator.isAnimating else { return (time, time) }
        let clock = FrameClock(fps: animator.fps)
        let limitFrame = animator.nextFrame + Int(removalLimit) * animator.fps
        let frames = animator.milestones(limitFrame: limitFrame)
        guard let removed = frames.removed else {
            let limit = time + VirtualTime(seconds: removalLimit)
            return (max(frames.logicallyComplete.map(clock.time(ofFrame:)) ?? limit, time), limit)
        }
        let logical = max(frames.logicallyComplete.map(clock.time(ofFrame:)) ?? time, time)
        return (logical, max(clock.time(ofFrame: removed), logical))
    }

    /// Values and velocities at `times` (increasing), as ``value(at:)`` and ``velocity(at:)`` give them one at a
    /// time.
    func samples(at times: [VirtualTime]) -> [(value: Double, velocity: Double)] {
        guard let animator else { return times.map { (value(at: $0), velocity(at: $0)) } }
        return times.map { Self.shown(of: animator, at: $0, frames: frames.cache) }
    }
}

extension AnimatedProperty {
    /// Values and velocities at each of `times` (any order), as ``value(at:)`` and ``velocity(at:)`` give them:
    /// the times are taken in order, so an animation's frames are drawn once for all of them (`motion.sample`).
    public func samples(at times: [VirtualTime]) -> [(value: Double, velocity: Double)] {
        let order = times.indices.sorted { times[$0] < times[$1] }
        var samples = [(value: Double, velocity: Double)](repeating: (0, 0), count: times.count)
        var start = 0
        while start < order.count {
            let piece = pieceIndex(at: times[order[start]])
            var end = start + 1
            while end < order.count, pieceIndex(at: times[order[end]]) == piece { end += 1 }
            let run = order[start..<end]
            for (index, sample) in zip(run, pieces[piece].samples(at: run.map { times[$0] })) {
                samples[index] = sample
            }
            start = end
        }
        return samples
    }
}

extension AnimatedProperty {
    /// Under the `swiftui` physics, the progress of each animation in flight at `time`, oldest first (overlapping
    /// animations that did not merge are combined: each runs toward its own target; those before the last finished
    /// one are folded away); none at rest; nil under `ideal` or before the property was animated.
    public func layers(at time: VirtualTime) -> AnimationLayers? {
        let piece = pieces[pieceIndex(at: time)]
        guard let animator = piece.animator else { return nil }
        return Piece.shownLayers(of: animator, at: time, frames: piece.frames.cache)
    }
}
