import ChoreoEngine
import ChoreoMotion
import Testing

/// Under the `swiftui` physics nothing depends on the absolute time at which an animation starts: started at any
/// frame from 0 to 60 s (or between two frames), every kind of curve shows the same values on the same frames
/// relative to its transaction, and is logically complete and removed the same number of frames later.
struct StartTimeSweepTests {
    /// One way to animate a property, with changes at frame offsets from the start.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        /// (frame offset from the start, target, curve).
        let changes: [(Int, Double, AnimationCurve)]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "spring(0.4, 0.8)", changes: [(0, 1, .spring(response: 0.4, dampingFraction: 0.8))]),
        Case(
            name: "interpolatingSpring(130, 12)", changes: [(0, 8, .interpolatingSpring(stiffness: 130, damping: 12))]),
        Case(name: "easeInOut 0.6 s", changes: [(0, 1, .easeInOut(0.6))]),
        Case(name: "linear 0.25 s", changes: [(0, 1, .linear(0.25))]),
        Case(
            name: "easeOut 0.588 s delayed 12 ms",
            changes: [(0, 1, AnimationCurve.easeOut(0.588).delayed(by: .milliseconds(12)))]),
        Case(
            name: "repeatForever easeInOut 1.5 s autoreverses",
            changes: [(0, 1, AnimationCurve.easeInOut(1.5).repeatingForever(autoreverses: true))]),
        Case(
            name: "spring merged into a spring",
            changes: [
                (0, 1, .spring(response: 0.4, dampingFraction: 0.8)),
                (12, 0, .spring(response: 0.4, dampingFraction: 0.8)),
            ]),
        Case(
            name: "spring over a linear curve",
            changes: [(0, 1, .linear(0.25)), (6, 0, .spring(response: 0.5, dampingFraction: 1))]),
        Case(
            name: "easeInOut combined with easeInOut",
            changes: [(0, 100, .easeInOut(0.35)), (6, 200, .easeInOut(0.35))]),
        Case(
            name: "interpolating springs combined",
            changes: [
                (0, 4, .interpolatingSpring(stiffness: 130, damping: 12)),
                (9, 2, .interpolatingSpring(stiffness: 130, damping: 12)),
            ]),
        Case(
            name: "retargets on consecutive frames",
            changes: [
                (0, 1, .spring(response: 0.3, dampingFraction: 0.6)), (3, 2, .easeOut(0.2)),
                (4, 3, .spring(response: 0.3, dampingFraction: 0.6)),
            ]),
    ]

    /// What the property shows at each frame from the start's to `frames` later, and when its last record is
    /// logically complete and settled, in frames from the start.
    static func run(_ test: Case, fps: Int, startFrame: Int, extra: VirtualTime = .zero, frames: Int) -> (
        values: [Double], logical: Int?, settled: Int?
    ) {
        let clock = FrameClock(fps: fps)
        var timeline = Timeline(physics: .swiftui, fps: fps)
        timeline.set("x", to: 0, at: .zero)
        var record: AnimationRecord?
        for (offset, target, curve) in test.changes {
            // `extra` moves the request between frames: it is taken at the next frame, whatever the absolute time.
            let time = clock.time(ofFrame: startFrame + offset) - (offset == 0 ? extra : .zero)
            record = timeline.animate("x", to: target, curve: curve, source: "sweep", at: time)
        }
        let values = (0..<frames).map { timeline.value("x", at: clock.time(ofFrame: startFrame + $0))! }
        func framesAfter(_ time: VirtualTime?) -> Int? {
            guard let time, time != .distantFuture else { return nil }
            let n = clock.frame(atOrBefore: time)
            #expect(clock.time(ofFrame: n) == time, "a milestone is a frame")
            return n - startFrame
        }
        return (values, framesAfter(record?.logicallyCompleteAt), framesAfter(record?.settledAt))
    }

    @Test(arguments: cases, [60, 120])
    func valuesAndEndFramesAreTheSameAtEveryStart(_ test: Case, fps: Int) {
        let frames = fps * 3 / 2
        let reference = Self.run(test, fps: fps, startFrame: 0, frames: frames)
        // Every start frame in the first second, then a stride that visits every residue, up to 60 s.
        let starts = Array(1..<fps) + Array(stride(from: fps, through: 60 * fps, by: 7))
        var mismatches = 0
        for start in starts {
            let run = Self.run(test, fps: fps, startFrame: start, frames: frames)
            if run.values != reference.values || run.logical != reference.logical || run.settled != reference.settled {
                mismatches += 1
                if mismatches <= 3 {
                    let first = zip(run.values, reference.values).enumerated().first { $0.element.0 != $0.element.1 }
                    Issue.record(
                        "start frame \(start): first different frame \(first.map { "\($0.offset): \($0.element.0) vs \($0.element.1)" } ?? "none"), logical \(String(describing: run.logical)) vs \(String(describing: reference.logical)), settled \(String(describing: run.settled)) vs \(String(describing: reference.settled))"
                    )
                }
            }
        }
        #expect(mismatches == 0, "\(mismatches) of \(starts.count) start frames differ")
        // A request between two frames is taken at the next one: the same frames again.
        let between = Self.run(test, fps: fps, startFrame: 600, extra: .milliseconds(5), frames: frames)
        let firstDifference = zip(between.values, reference.values).enumerated().first {
            $0.element.0 != $0.element.1
        }?.offset
        #expect(firstDifference == nil, "a request 5 ms before a frame differs at frame +\(firstDifference ?? -1)")
        #expect(reference.settled != nil || test.name.hasPrefix("repeatForever"))
    }
}
