import ChoreoMotion

extension AnimatedProperty.Piece {
    /// How long after its start an animation may run before it counts as settled anyway, in seconds.
    static let removalLimit = 600.0

    /// A virtual time in seconds for the render loop: exactly n/fps when the time is frame n rounded to the
    /// nanosecond (so reading at a reported milestone reads that frame), else the time itself.
    static func renderSeconds(_ time: VirtualTime, fps: Int) -> Double {
        let seconds = time.seconds
        let n = (seconds * Double(fps)).rounded()
        let frame = n / Double(fps)
        return VirtualTime(seconds: frame) == time ? frame : seconds
    }

    /// When an animator that changed at `start` is logically complete and removed, found by drawing its frames.
    /// SwiftUI starts nothing for an unchanged value (a 0 → 0 ring): done at once, not "never removed". One not
    /// removed within ``removalLimit`` (e.g. an undamped spring) counts as settling at the limit.
    static func milestones(
        of animator: SwiftUIAnimator, from start: VirtualTime
    ) -> (logicallyComplete: VirtualTime, settled: VirtualTime) {
        guard animator.isAnimating else { return (start, start) }
        var rest = animator
        let seconds = renderSeconds(start, fps: animator.fps)
        guard let removed = rest.runUntilRemoved(limit: seconds + removalLimit) else {
            let limit = start + VirtualTime(seconds: removalLimit)
            return (max(rest.logicallyCompleteAt.map { VirtualTime(seconds: $0) } ?? limit, start), limit)
        }
        let logical = max(rest.logicallyCompleteAt.map { VirtualTime(seconds: $0) } ?? start, start)
        return (logical, max(VirtualTime(seconds: removed), logical))
    }

    /// The step of the slope that stands for the velocity of animations that report none, in seconds.
    static let slopeStep = 1e-4

    /// The velocity under the `swiftui` physics, in units per second: a fluid spring's own (the last grid step's);
    /// for animations that report none, the slope of the value over the next 0.1 ms.
    static func velocity(of animator: SwiftUIAnimator, at time: VirtualTime, frames: SwiftUIFrameCache) -> Double {
        let seconds = renderSeconds(time, fps: animator.fps)
        if let velocity = frames.springVelocity(of: animator, at: seconds) { return velocity }
        let now = frames.value(of: animator, at: seconds)
        return (frames.value(of: animator, at: seconds + slopeStep) - now) / slopeStep
    }

    /// Values and velocities at `times` (increasing), as ``value(at:)`` and ``velocity(at:)`` give them one at a
    /// time; an animator's frames are drawn once for all of them.
    func samples(at times: [VirtualTime]) -> [(value: Double, velocity: Double)] {
        guard let animator else { return times.map { (value(at: $0), velocity(at: $0)) } }
        let seconds = times.map { Self.renderSeconds($0, fps: animator.fps) }
        return animator.samples(at: seconds, slopeStep: Self.slopeStep).map { sample in
            (sample.value, sample.spring ?? (sample.later - sample.value) / Self.slopeStep)
        }
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
