import Testing

@testable import ChoreoMotion

/// A transaction that changes nothing (to the animator's own target) draws no frame of its own: a real change on the
/// same frame is combined with the state that frame's update starts from, as if the first were never made, and on
/// the frame an animation would be removed it still merges into it (SwiftUI combines every transaction of an update
/// before updating once).
@Suite("A transaction that changes nothing draws no frame")
struct SwiftUIUnchangedTransactionTests {
    static let animations: [SwiftUIAnimation] = [
        .fluid(0.4, 0.8, 0), .fluid(0.25, 0.7, 0.2), .interpolating(130, 12, 1), .bezier(0.42, 0, 0.58, 1, 0.35),
        .bezier(0, 0, 1, 1, 0.25), .delayed(0.05, .bezier(0, 0, 0.58, 1, 0.3)),
    ]

    /// What every frame shows through `last`, and the removal and logical-completion frames.
    static func run(_ changes: [(frame: Int, target: Double, animation: SwiftUIAnimation?)], fps: Int, last: Int)
        -> (frames: [Double], removed: Int?, logical: Int?)
    {
        var animator = SwiftUIAnimator(value: 0, fps: fps)
        var frames: [Double] = []
        var pending = changes[...]
        for frame in 0...last {
            while let change = pending.first, change.frame == frame {
                animator.animate(atFrame: frame, to: change.target, with: change.animation)
                pending = pending.dropFirst()
            }
            animator.draw(through: frame)
            frames.append(animator.shown)
        }
        return (frames, animator.removedFrame, animator.logicallyCompleteFrame)
    }

    @Test("A no-change transaction before a real one on the same frame changes nothing", arguments: [60, 120])
    func noChangeBeforeARealChange(fps: Int) {
        var random = SplitMix64(seed: 43)
        var departures: [String] = []
        for trial in 0..<300 {
            let first = Self.animations[Int(random.next() % UInt64(Self.animations.count))]
            let second = Self.animations[Int(random.next() % UInt64(Self.animations.count))]
            let noChange = Self.animations[Int(random.next() % UInt64(Self.animations.count))]
            let frame = 1 + Int(random.next() % UInt64(fps))
            let base: [(frame: Int, target: Double, animation: SwiftUIAnimation?)] = [(0, 1, first)]
            let alone = Self.run(base + [(frame, 2, second)], fps: fps, last: frame + 3 * fps)
            // The no-change transaction animated, or not, before the real one on the same frame.
            for extra in [noChange, nil] as [SwiftUIAnimation?] {
                let twin = Self.run(base + [(frame, 1, extra), (frame, 2, second)], fps: fps, last: frame + 3 * fps)
                if twin.frames != alone.frames || twin.removed != alone.removed || twin.logical != alone.logical {
                    departures.append("trial \(trial): frame \(frame)")
                }
            }
        }
        #expect(departures.isEmpty, "\(departures.count) departures: \(departures.prefix(8))")
    }

    @Test(
        "On the frame an animation is removed, a real change after a no-change one still merges", arguments: [60, 120])
    func onTheRemovalFrame(fps: Int) {
        var animator = SwiftUIAnimator(value: 0, fps: fps)
        animator.animate(atFrame: 0, to: 1, with: .bezier(0, 0, 1, 1, 0.25))
        let removal = animator.milestones(limitFrame: 10 * fps).removed!
        let alone = Self.run(
            [(0, 1, .bezier(0, 0, 1, 1, 0.25)), (removal, 2, .fluid(0.4, 0.8, 0))], fps: fps, last: removal + fps)
        let twin = Self.run(
            [(0, 1, .bezier(0, 0, 1, 1, 0.25)), (removal, 1, .fluid(0.4, 0.8, 0)), (removal, 2, .fluid(0.4, 0.8, 0))],
            fps: fps, last: removal + fps)
        #expect(twin.frames == alone.frames)
        // Merged into the running animation: it moves on the next frame, with no phases of a new animator.
        #expect(alone.frames[removal + 1] != alone.frames[removal])
    }
}

/// A seeded generator (splitmix64) for reproducible random scenarios.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
