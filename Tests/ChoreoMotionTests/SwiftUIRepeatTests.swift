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
