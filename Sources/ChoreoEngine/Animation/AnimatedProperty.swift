import ChoreoMotion

/// One animatable number and everything that is moving it, evaluated in closed form at any virtual time.
///
/// The property is a list of pieces ordered by start time; the piece that applies at time t is the last one that
/// started at or before t. A piece has a target and offsets that fade to zero:
/// `value(t) = target + Σ offset_i(t)`.
/// - A spring restarts from the current position and velocity (one spring offset), so retargeting keeps both
///   continuous.
/// - A timing curve is additive, as SwiftUI's are: the offsets already in flight continue and a new one
///   `−Δ·(1 − f(progress))` is added, so the position stays continuous (and the velocity too for curves that start
///   at rest, such as the ease curves).
/// - Once an offset is past its settle time it counts as zero: the value snaps to its target by at most 0.1% of
///   the change.
public struct AnimatedProperty: Sendable, Hashable {
    struct Offset: Sendable, Hashable {
        enum Shape: Sendable, Hashable {
            case spring(SpringMotion)
            case timing(TimingFunction, durationSeconds: Double, delta: Double)
        }
        var start: VirtualTime
        var end: VirtualTime
        var shape: Shape

        func value(at time: VirtualTime) -> Double {
            guard time < end else { return 0 }
            let s = max(0, (time - start).seconds)
            switch shape {
            case .spring(let motion):
                return motion.displacement(at: s)
            case .timing(let function, let duration, let delta):
                guard duration > 0 else { return 0 }
                return -delta * (1 - function.progress(atFraction: s / duration))
            }
        }

        func velocity(at time: VirtualTime) -> Double {
            guard time < end, time >= start else { return 0 }
            let s = (time - start).seconds
            switch shape {
            case .spring(let motion):
                return motion.velocity(at: s)
            case .timing(let function, let duration, let delta):
                guard duration > 0 else { return 0 }
                return delta * function.slope(atFraction: s / duration) / duration
            }
        }
    }

    struct Loop: Sendable, Hashable {
        var from: Double
        var to: Double
        var curve: Curve
        var durationSeconds: Double
        var autoreverses: Bool
        /// How many passes (`repeatCount`), nil for ever.
        var count: Int? = nil

        /// Whether `count` passes have run by `elapsed` seconds (then the loop shows its target, at rest).
        func isOver(at elapsed: Double) -> Bool {
            guard let count else { return false }
            return !(elapsed < durationSeconds * Double(count))
        }

        func phase(at elapsed: Double) -> (fraction: Double, reversed: Bool) {
            guard durationSeconds > 0 else { return (1, false) }
            let passes = elapsed / durationSeconds
            // A duration so short that its passes cannot be counted (2e-308 s) shows its end, as a zero one does.
            guard passes.isFinite else { return (1, false) }
            let cycles = passes.rounded(.down)
            let fraction = passes - cycles
            // The parity in floating point: `Int64(cycles)` traps past 2^63 passes.
            let reversed = autoreverses && cycles.truncatingRemainder(dividingBy: 2) == 1
            return (reversed ? 1 - fraction : fraction, reversed)
        }
    }

    struct Piece: Sendable, Hashable {
        var start: VirtualTime
        var target: Double
        var offsets: [Offset] = []
        var loop: Loop? = nil
        /// Under the `swiftui` physics: the animator just after the change at `start` (frames replay from there).
        var animator: SwiftUIAnimator? = nil
        /// Under the `swiftui` physics: the animator runs a `repeatForever` (never removed).
        var repeats = false
        /// The animator's frames drawn by the latest read, so the next read draws only the frames since (derived:
        /// no part of the piece's value, equality or hash).
        let frames = FramesKept()

        func value(at time: VirtualTime) -> Double {
            if let animator { return Self.shown(of: animator, at: time, frames: frames.cache).value }
            if let loop {
                let elapsed = max(0, (time - start).seconds)
                if loop.isOver(at: elapsed) { return loop.to }
                let fraction = loop.phase(at: elapsed).fraction
                return loop.from + (loop.to - loop.from) * loop.curve.progress(at: fraction * loop.durationSeconds)
            }
            var value = target
            for offset in offsets { value += offset.value(at: time) }
            return value
        }

        func velocity(at time: VirtualTime) -> Double {
            if let animator { return Self.shown(of: animator, at: time, frames: frames.cache).velocity }
            if let loop {
                guard loop.durationSeconds > 0 else { return 0 }
                let elapsed = max(0, (time - start).seconds)
                if loop.isOver(at: elapsed) { return 0 }
                let phase = loop.phase(at: elapsed)
                let slope = loop.curve.velocity(at: phase.fraction * loop.durationSeconds)
                return (loop.to - loop.from) * slope * (phase.reversed ? -1 : 1)
            }
            var velocity = 0.0
            for offset in offsets { velocity += offset.velocity(at: time) }
            return velocity
        }

        var end: VirtualTime {
            if repeats { return .distantFuture }
            if let animator { return Self.milestones(of: animator, requestedAt: start).settled }
            if let loop {
                guard let count = loop.count else { return .distantFuture }
                return start + VirtualTime(seconds: loop.durationSeconds * Double(count))
            }
            return offsets.reduce(start) { max($0, $1.end) }
        }
    }

    /// A piece's ``SwiftUIFrameCache``, outside its equality and hash.
    struct FramesKept: Sendable, Hashable {
        let cache = SwiftUIFrameCache()
        static func == (_: FramesKept, _: FramesKept) -> Bool { true }
        func hash(into hasher: inout Hasher) {}
    }

    private(set) var pieces: [Piece]

    /// A property at rest at a value.
    public init(value: Double) {
        pieces = [Piece(start: VirtualTime(nanoseconds: .min), target: value)]
    }

    func pieceIndex(at time: VirtualTime) -> Int {
        var index = pieces.count - 1
        while index > 0, pieces[index].start > time { index -= 1 }
        return index
    }

    /// The value at a virtual time.
    public func value(at time: VirtualTime) -> Double { pieces[pieceIndex(at: time)].value(at: time) }

    /// The rate of change at a virtual time, in units per second.
    public func velocity(at time: VirtualTime) -> Double { pieces[pieceIndex(at: time)].velocity(at: time) }

    /// The value the property is heading for (its latest target).
    public var target: Double { pieces[pieces.count - 1].loop.map { $0.to } ?? pieces[pieces.count - 1].target }

    /// When the property stops moving (``VirtualTime/distantFuture`` while a loop runs).
    public var restsAt: VirtualTime { pieces[pieces.count - 1].end }

    private mutating func replace(from start: VirtualTime, with piece: Piece) {
        pieces.removeAll { $0.start >= start && $0.start != VirtualTime(nanoseconds: .min) }
        // Drop pieces that can no longer apply: everything before the last piece starting at or before `start`.
        let keepFrom = pieceIndex(at: start)
        if keepFrom > 0 { pieces.removeFirst(keepFrom) }
        pieces.append(piece)
    }

    /// Jumps to a value at a time, stopping any motion.
    public mutating func set(_ value: Double, at time: VirtualTime) {
        replace(from: time, with: Piece(start: time, target: value))
    }

    /// Starts a finite animation toward `target` at `start`; returns when it is logically complete and settled.
    public mutating func animate(
        to newTarget: Double, curve: Curve, startingAt start: VirtualTime
    ) -> (logicallyComplete: VirtualTime, settled: VirtualTime) {
        let base = pieces[pieceIndex(at: start)]
        let current = base.value(at: start)
        let logical = start + VirtualTime(seconds: curve.logicallyCompleteTime)
        var piece = Piece(start: start, target: newTarget)
        switch curve {
        case .spring(let spring, let initialVelocity):
            let motion = SpringMotion(
                spring: spring, initialDisplacement: current - newTarget,
                initialVelocity: base.velocity(at: start) + initialVelocity * (newTarget - current))
            let end = start + VirtualTime(seconds: motion.settleTime())
            piece.offsets = [Offset(start: start, end: end, shape: .spring(motion))]
        case .timing(let function, let duration):
            let end = start + VirtualTime(seconds: duration)
            if base.loop == nil {
                piece.offsets = base.offsets.filter { $0.end > start }
                let delta = newTarget - base.target
                piece.offsets.append(
                    Offset(start: start, end: end, shape: .timing(function, durationSeconds: duration, delta: delta)))
            } else {
                let delta = newTarget - current
                piece.offsets = [
                    Offset(start: start, end: end, shape: .timing(function, durationSeconds: duration, delta: delta))
                ]
            }
        }
        replace(from: start, with: piece)
        // A record never settles before it is logically complete (a move of zero is "done" at its logical time).
        return (max(logical, start), max(piece.end, logical, start))
    }

    /// A transaction requested at `time` with `animation` toward `newTarget`, as SwiftUI's runtime runs it on a render
    /// loop at `fps` (the `swiftui` physics): taken in the update of the first frame at or after `time`, where the new
    /// piece begins; returns the frames at which it is logically complete and removed (never, for a repeat: the
    /// removal limit). `from`, when given, is where a new animator starts (a loop's start value) instead of the value
    /// shown.
    public mutating func animate(
        to newTarget: Double, swiftUI animation: SwiftUIAnimation, fps: Int, requestedAt time: VirtualTime,
        from: Double? = nil, inOwnUpdate: Bool = false
    ) -> (logicallyComplete: VirtualTime, settled: VirtualTime) {
        let clock = FrameClock(fps: fps)
        let frame = clock.frame(atOrAfter: time)
        let start = clock.time(ofFrame: frame)
        let base = pieces[pieceIndex(at: start)]
        var animator: SwiftUIAnimator
        if from == nil, let running = base.animator, running.fps == fps {
            animator = base.frames.cache.drawn(running, through: frame - 1)
        } else {
            animator = SwiftUIAnimator(value: from ?? base.value(at: start), fps: fps, frame: frame)
        }
        animator.animate(atFrame: frame, to: newTarget, with: animation, inOwnUpdate: inOwnUpdate)
        var piece = Piece(start: start, target: newTarget, animator: animator)
        piece.repeats = animation.repeats
        replace(from: start, with: piece)
        if piece.repeats { return (.distantFuture, .distantFuture) }
        return Piece.milestones(of: animator, requestedAt: time)
    }

    /// Starts a loop from `from` to `to` at `start` in closed form (the `ideal` physics; the `swiftui` one runs a
    /// repeat through ``animate(to:swiftUI:fps:requestedAt:from:)``), endless or of `count` passes, after which it
    /// rests at `to`; each pass lasts the curve's settle time (a timing curve's duration).
    public mutating func loop(
        from: Double, to: Double, curve: Curve, autoreverses: Bool, count: Int? = nil, startingAt start: VirtualTime
    ) {
        var piece = Piece(start: start, target: to)
        piece.loop = Loop(
            from: from, to: to, curve: curve, durationSeconds: curve.settleTime, autoreverses: autoreverses,
            count: count)
        replace(from: start, with: piece)
    }
}
