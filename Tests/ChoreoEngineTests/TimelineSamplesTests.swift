import ChoreoEngine
import ChoreoMotion
import Testing

/// `Timeline.samples` (what `motion.sample` reads) draws an animator's frames once for many times; it must give
/// exactly what one read at a time gives, in any order of the times, across retargets and pieces.
struct TimelineSamplesTests {
    @Test(arguments: [60, 120])
    func samplesInOnePassEqualReadsOneAtATime(fps: Int) {
        var timeline = Timeline(physics: .swiftui, fps: fps)
        _ = timeline.animate(
            "x", from: 0, to: 100, curve: .spring(response: 0.4, dampingFraction: 0.8), source: "t", at: .zero)
        _ = timeline.animate("x", to: 20, curve: .easeInOut(0.35), source: "t", at: .milliseconds(120))
        _ = timeline.animate(
            "x", to: 60, curve: .spring(response: 0.3, dampingFraction: 0.5), source: "t", at: .milliseconds(400))
        var times = (0...180).map { VirtualTime(milliseconds: Double($0) * 7.3)! }
        times += [
            VirtualTime.milliseconds(400), VirtualTime.milliseconds(120), VirtualTime.zero,
            VirtualTime.milliseconds(2000),
        ]
        times.reverse()
        let samples = timeline.samples("x", at: times)!
        for (time, sample) in zip(times, samples) {
            #expect(sample.value == timeline.value("x", at: time)!)
            #expect(sample.velocity == timeline.velocity("x", at: time))
        }
        #expect(timeline.samples("nothing", at: times).map { _ in true } == nil)
    }
}
