import Testing

@testable import ChoreoMotion

/// A repeat's passes are counted in whole frames (behavior.md: every pass lasts a whole number of frames), so a loop
/// keeps its rhythm however long it runs and wherever it starts.
@Suite("Repeats count their passes in whole frames")
struct SwiftUIRepeatTests {
    /// The frames on which the passes of `animation` (a loop 0 → 1 that does not reverse) end, drawn frame by frame
    /// from a transaction at frame `start` through `last`: a pass's end shows 1 and the next frame starts again.
    static func passEnds(of animation: SwiftUIAnimation, fps: Int, start: Int, through last: Int) -> [Int] {
        var animator = SwiftUIAnimator(value: 0, fps: fps, frame: start)
        animator.animate(atFrame: start, to: 1, with: animation)
        var ends: [Int] = []
        var previous = animator.shown
        for frame in (start + 1)...last {
            animator.draw(through: frame)
            if animator.shown < previous { ends.append(frame - 1) }
            previous = animator.shown
        }
        return ends
    }

    @Test(
        "Every pass after the first lasts the same whole number of frames",
        arguments: [
            (3.0, 120, 0, 3_600), (3.0, 60, 0, 3_600), (4.0, 60, 7, 600), (1.5, 60, 1, 600), (0.35, 120, 3, 300),
            (1.0 / 3.0, 60, 0, 300),
        ])
    func passesLastWholeFrames(duration: Double, fps: Int, start: Int, seconds: Int) {
        let loop = SwiftUIAnimation.repeating(.bezier(0.42, 0, 0.58, 1, duration), autoreverses: false)
        let ends = Self.passEnds(of: loop, fps: fps, start: start, through: start + seconds * fps)
        let lengths = zip(ends.dropFirst(), ends).map { $0 - $1 }
        // The first frame after the duration ends a pass: the least j with j/fps > duration.
        var expected = 1
        while Double(expected) / Double(fps) <= duration { expected += 1 }
        #expect(lengths.count >= seconds * fps / expected - 2)
        #expect(lengths.allSatisfy { $0 == expected }, "pass lengths \(Set(lengths).sorted()), expected \(expected)")
    }
}

/// A repeating animation evaluated at a far frame: its pass and the frame within the pass by integer division, not
/// by updating every frame between.
@Suite("Repeats are evaluated at a far frame without updating the frames between")
struct SwiftUIRepeatFarTests {
    static let loops: [(String, SwiftUIAnimation)] = [
        ("easeInOut 3 s autoreverses", .repeating(.bezier(0.42, 0, 0.58, 1, 3), autoreverses: true)),
        ("linear 0.5 s", .repeating(.bezier(0, 0, 1, 1, 0.5), autoreverses: false)),
        (
            "delayed easeInOut 1.5 s autoreverses",
            .delayed(0.012, .repeating(.bezier(0.42, 0, 0.58, 1, 1.5), autoreverses: true))
        ),
        ("interpolatingSpring passes", .repeating(.interpolating(300, 30, 1), autoreverses: true)),
    ]

    @Test("A far frame equals updating every frame up to it", arguments: loops.indices, [60, 120])
    func farFrameEqualsEveryFrame(loop: Int, fps: Int) {
        var engine = SwiftUIAnimator(value: 2, fps: fps, frame: 5)
        engine.animate(atFrame: 5, to: -3, with: Self.loops[loop].1)
        var reference = UnprunedAnimator(value: 2, fps: fps, frame: 5)
        reference.animate(atFrame: 5, to: -3, with: Self.loops[loop].1)
        for frame in [7, 8, 100, 361, 362, 363, 5_000, 60 * fps + 1, 600 * fps + 17].sorted() {
            let far = engine.shown(atFrame: frame)
            reference.draw(through: frame)
            #expect(far.value.bitPattern == reference.shown.bitPattern, "frame \(frame): \(far.value)")
            #expect(far.velocity == reference.shownVelocity, "frame \(frame)")
        }
    }

    /// 3e8 ms (83 h) into a 3 s loop at 60 fps, read directly: what the pass's curve gives at the frame within the
    /// pass, found by integer division (each pass after the first lasts 181 frames).
    @Test("83 hours into a loop shows the curve at the frame within its pass")
    func farFrameIsTheCurveWithinItsPass() throws {
        let curve = BezierAnimation(CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1), duration: 3)
        var animator = SwiftUIAnimator(value: 0, fps: 60, frame: 0)
        animator.animate(atFrame: 0, to: 1, with: .repeating(.bezier(curve), count: nil, autoreverses: true))
        // The first pass: evaluated from frame 1 at elapsed 0, then from frame 3 at (k − 2)/60; it ends on the first
        // frame past 3 s, frame 183; every later pass lasts 181 frames.
        let frame = 18_000_000
        let firstEnd = 183
        let length = 181
        let pass = (frame - firstEnd) / length + 1
        let within = (frame - firstEnd) % length
        // What a frame shows `within` frames into the pass: the offset (reversed on odd passes) over the change 0 → 1,
        // in SwiftUI's order (target + offset) − interval.
        func shown(within: Int) throws -> Double {
            let progress = try #require(curve.fraction(elapsed: Double(within) / 60))
            return (1 + (pass % 2 == 1 ? 1 - progress : progress)) - 1
        }
        #expect(animator.shown(atFrame: frame).value == (try shown(within: within)))
        // The frame before is the frame before within the same pass.
        #expect(animator.shown(atFrame: frame - 1).value == (try shown(within: within - 1)))
    }
}
