import Testing

@testable import ChoreoMotion

/// Combined animations drop what no frame can reach any more (everything before the last finished entry) and keep
/// their entries in a log their copies share; every frame still shows exactly what the unpruned render loop shows
/// (``UnprunedAnimator``).
@Suite("Combined animations fold away what no frame reaches")
struct CombinedChainTests {
    /// A small deterministic generator (a 64-bit LCG's high bits).
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// The animations a random sequence picks from: every kind, delayed, repeating, and no animation at all.
    static let pool: [SwiftUIAnimation?] = [
        .fluid(0.4, 0.8, 0), .fluid(0.25, 0.7, 0.3), .interpolating(130, 12, 1), .interpolating(300, 10, 1),
        .bezier(0.42, 0, 0.58, 1, 0.4), .bezier(0, 0, 1, 1, 0.25), .bezier(0.2, 0, 0, 1, 0.6),
        .delayed(0.05, .bezier(0.42, 0, 0.58, 1, 0.3)), .delayed(0.1, .fluid(0.3, 0.9, 0)),
        .delayed(0.02, .interpolating(200, 20, 1)), .repeating(.bezier(0.42, 0, 0.58, 1, 0.5), autoreverses: true),
        .repeating(.bezier(0, 0, 1, 1, 0.2), autoreverses: false),
        .repeating(.bezier(0.42, 0, 1, 1, 0.3), count: 3, autoreverses: true), nil,
    ]

    /// The transactions of random sequence `seed`: (frame, target, animation), on the same frame, on consecutive
    /// frames and with gaps, toward targets that repeat.
    static func sequence(
        seed: UInt64, count: Int, kinds: [SwiftUIAnimation?] = pool, gaps: [Int] = [0, 1, 1, 1, 2, 3, 5, 13, 40]
    ) -> [(Int, Double, SwiftUIAnimation?)] {
        var random = Generator(state: seed)
        var frame = 3
        var out: [(Int, Double, SwiftUIAnimation?)] = []
        for _ in 0..<count {
            frame += gaps[random.next(gaps.count)]
            out.append((frame, Double(random.next(5)) - 1, kinds[random.next(kinds.count)]))
        }
        return out
    }

    /// Checks the engine's animator against the reference at `frame`.
    static func expectEqual(_ engine: SwiftUIAnimator, _ reference: UnprunedAnimator, frame: Int) {
        #expect(engine.shown.bitPattern == reference.shown.bitPattern, "frame \(frame): \(engine.shown)")
        // (An interpolating spring replayed long after it was combined runs at a time far before its start, where
        // its closed form overflows: both give NaN there.)
        #expect(
            engine.shownVelocity == reference.shownVelocity
                || engine.shownVelocity.isNaN && reference.shownVelocity.isNaN,
            "frame \(frame) velocity: \(engine.shownVelocity), reference \(reference.shownVelocity)")
        #expect(engine.removedFrame == reference.removedFrame, "frame \(frame)")
        #expect(engine.logicallyCompleteFrame == reference.logicallyCompleteFrame, "frame \(frame)")
        let layers = engine.shownLayers
        let all = reference.shownLayers
        #expect(layers.first + layers.count == all.count, "frame \(frame): layers \(layers) of \(all)")
        if layers.first <= all.count {
            #expect(layers.fractions == Array(all[layers.first...]), "frame \(frame): layers \(layers) of \(all)")
        }
    }

    /// Few kinds, mostly on consecutive frames: long runs of one curve that a pending animator replays later.
    static let runKinds: [SwiftUIAnimation?] = [
        .bezier(0.42, 0, 0.58, 1, 0.4), .delayed(0.05, .bezier(0, 0, 0.58, 1, 0.3)), .interpolating(130, 12, 1),
    ]

    @Test("Every frame equals the unpruned render loop", arguments: 0..<48)
    func everyFrameEqualsTheReference(seed: Int) {
        let fps = seed % 2 == 0 ? 60 : 120
        var engine = SwiftUIAnimator(value: 0, fps: fps, frame: 3)
        var reference = UnprunedAnimator(value: 0, fps: fps, frame: 3)
        let transactions =
            seed < 24
            ? Self.sequence(seed: UInt64(seed), count: 60)
            : Self.sequence(
                seed: UInt64(seed), count: 150, kinds: Array(Self.runKinds[(seed % 3)...]) + [nil],
                gaps: [0, 1, 1, 1, 1, 1, 1, 2, 30])
        var next = 0
        let last = transactions.last!.0 + 4 * fps
        for frame in 3...last {
            while next < transactions.count, transactions[next].0 == frame {
                let (_, target, animation) = transactions[next]
                engine.animate(atFrame: frame, to: target, with: animation)
                reference.animate(atFrame: frame, to: target, with: animation)
                next += 1
            }
            engine.draw(through: frame)
            reference.draw(through: frame)
            Self.expectEqual(engine, reference, frame: frame)
        }
    }

    @Test("A retarget on every frame, replayed afterwards, equals the unpruned render loop", arguments: kinds.indices)
    func everyFrameRetargetReplays(kind: Int) {
        let animations = Self.kinds[kind].1
        var engine = SwiftUIAnimator(value: 0, fps: 60, frame: 0)
        var reference = UnprunedAnimator(value: 0, fps: 60, frame: 0)
        var frame = 0
        // 400 retargets on every frame (the animator stays pending), a pause, then a few more.
        for step in 0..<406 {
            frame += step < 400 ? 1 : 9
            // What a request reads before its transaction: the frame as the animator would draw it without it
            // (pending: elapsed 0, each time with one entry more).
            let read = engine.shown(atFrame: frame)
            var readReference = reference
            readReference.draw(through: frame)
            #expect(read.value.bitPattern == readReference.shown.bitPattern, "read at frame \(frame)")
            let animation = animations[step % animations.count]
            engine.animate(atFrame: frame, to: Double(step % 3), with: animation)
            reference.animate(atFrame: frame, to: Double(step % 3), with: animation)
        }
        // Through the replay frame by frame, and again with reads far apart (skipping the frames between).
        var far = engine
        var farReference = reference
        var farFrame = frame
        while reference.isAnimating || engine.isAnimating {
            frame += 1
            engine.draw(through: frame)
            reference.draw(through: frame)
            Self.expectEqual(engine, reference, frame: frame)
            if engine.shown.bitPattern != reference.shown.bitPattern || frame > 100_000 { break }
        }
        for jump in [1, 2, 37, 90, 150, 400, 5_000] {
            farFrame += jump
            far.draw(through: farFrame)
            farReference.draw(through: farFrame)
            Self.expectEqual(far, farReference, frame: farFrame)
        }
    }

    /// The curve kinds retargeted: a timing curve, an interpolating spring, a delayed timing curve, a fluid spring
    /// (it merges), and all of them in turn (combined with one another).
    static let kinds: [(String, [SwiftUIAnimation])] = [
        ("easeInOut 0.4", [.bezier(0.42, 0, 0.58, 1, 0.4)]),
        ("interpolatingSpring(130, 12)", [.interpolating(130, 12, 1)]),
        ("delayed easeOut", [.delayed(0.05, .bezier(0, 0, 0.58, 1, 0.3))]),
        ("spring(0.4, 0.8)", [.fluid(0.4, 0.8, 0)]),
        (
            "combined kinds",
            [.bezier(0.42, 0, 0.58, 1, 0.4), .interpolating(130, 12, 1), .delayed(0.05, .bezier(0, 0, 1, 1, 0.2))]
        ),
    ]

    @Test(
        "Retargets that leave a frame between them keep the chain as short as the curves are long",
        arguments: kinds.indices)
    func chainStaysShort(kind: Int) {
        let animations = Self.kinds[kind].1
        var animator = SwiftUIAnimator(value: 0, fps: 60, frame: 0)
        var longest = 0
        for step in 0..<10_000 {
            animator.animate(atFrame: 2 * step, to: Double(step % 3), with: animations[step % animations.count])
            longest = max(longest, animator.shownLayers.count)
        }
        // No curve here runs longer than 2 s: 60 entries at one every other frame.
        #expect(longest <= 62, "\(Self.kinds[kind].0): \(longest) entries")
    }

    @Test("A retarget on every frame appends to the log its copies share", arguments: kinds.indices)
    func everyFrameRetargetSharesTheLog(kind: Int) {
        let animations = Self.kinds[kind].1
        var animator = SwiftUIAnimator(value: 0, fps: 60, frame: 0)
        for step in 0..<10_000 {
            let previous = animator
            animator.animate(atFrame: step, to: Double(step % 3), with: animations[step % animations.count])
            if step > 1, case .combined(let before)? = previous.runningAnimation,
                case .combined(let after)? = animator.runningAnimation
            {
                #expect(after.sharesEntries(with: before), "step \(step)")
                if !after.sharesEntries(with: before) { return }
            }
        }
    }
}

/// Drawing far ahead skips the frames nobody sees (a repeat's passes counted, finished entries folded, removal and
/// logical completion found by bisection) and leaves exactly what updating every frame leaves.
@Suite("Frames nobody sees are skipped, not updated")
struct FrameSkipTests {
    @Test("Reads far apart equal the unpruned render loop", arguments: 0..<24)
    func farReadsEqualTheReference(seed: Int) {
        let fps = seed % 2 == 0 ? 60 : 120
        var engine = SwiftUIAnimator(value: 0, fps: fps, frame: 3)
        var reference = UnprunedAnimator(value: 0, fps: fps, frame: 3)
        var random = CombinedChainTests.Generator(state: UInt64(seed) &+ 1000)
        let transactions = CombinedChainTests.sequence(seed: UInt64(seed) &+ 77, count: 40)
        var frame = 3
        for (at, target, animation) in transactions {
            // Reads between the transactions, some far apart, some on consecutive frames.
            while frame + 1 < at {
                frame = min(at - 1, frame + [1, 2, 7, 45, 300][random.next(5)])
                engine.draw(through: frame)
                reference.draw(through: frame)
                CombinedChainTests.expectEqual(engine, reference, frame: frame)
            }
            engine.animate(atFrame: at, to: target, with: animation)
            reference.animate(atFrame: at, to: target, with: animation)
            frame = at
            // What the engine predicts for the animation just started equals updating every frame until removed.
            let limit = at + 30 * fps
            let predicted = engine.milestones(limitFrame: limit)
            var rest = reference
            while rest.isAnimating, rest.nextFrame <= limit { rest.draw(through: rest.nextFrame) }
            let removed = reference.isAnimating && !rest.isAnimating ? rest.removedFrame : nil
            #expect(predicted.removed == removed, "frame \(at)")
            #expect(predicted.logicallyComplete == rest.logicallyCompleteFrame, "frame \(at)")
        }
        for jump in [1, 3, 90, 600, 7_000] {
            frame += jump
            engine.draw(through: frame)
            reference.draw(through: frame)
            CombinedChainTests.expectEqual(engine, reference, frame: frame)
        }
    }
}
