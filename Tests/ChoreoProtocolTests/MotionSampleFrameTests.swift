import ChoreoJSON
import Testing

/// RL1 and RL13: `motion.sample` under `swiftui` reports the animation itself on its own frames, and a session shows
/// the same evaluations two frames after the update that takes the change. A frame's time as a session prints it
/// (rounded to the nanosecond: 16.666667 ms at 60 fps) is that frame: sampled there, the curve equals the session's
/// frame two later, not a 1/300 s integrator step past it.
@Suite("motion.sample at a frame's printed time is that frame")
struct MotionSampleFrameTests {
    static let curves: [JSONValue] = [
        ["spring": ["response": 0.4, "dampingFraction": 0.8]],
        ["spring": ["response": 0.25, "dampingFraction": 0.5]],
        ["interpolatingSpring": ["stiffness": 130, "damping": 12]],
        ["easeInOut": ["duration": 0.35]],
    ]

    /// Frame n's time in ms as the daemon prints it: round(n·10⁹/fps) ns, in ms with six decimals.
    static func printed(_ n: Int, fps: Int) -> Double {
        let ns = (2 * Int64(n) * 1_000_000_000 + Int64(fps)) / (2 * Int64(fps))
        return Double(ns) / 1e6
    }

    @Test(
        "Every frame of the first second sampled at its printed time equals the session's frame two later",
        arguments: [60, 120])
    func sampleEqualsTheSessionsFrame(fps: Int) {
        var h = Harness()
        var departures: [String] = []
        for curve in Self.curves {
            let frames = Array(0...fps)
            let sampled = h.call(
                "motion.sample",
                [
                    "curve": curve, "from": 0, "to": 1, "physics": "swiftui", "fps": .int(Int64(fps)),
                    "at": .array(frames.map { .number(Self.printed($0, fps: fps)) }),
                ])
            let values = sampled["values"]?.arrayValue ?? []
            let session = h.session(["physics": "swiftui", "fps": .int(Int64(fps)), "app": "airfit"])
            _ = h.call("lab.animate", ["session": .string(session), "name": "x", "from": 0, "to": 1, "curve": curve])
            var now = 0.0
            for k in frames {
                // The session's frame k + 2 shows the curve's own frame k (the transaction's frame holds, RL3).
                let at = Self.printed(k + 2, fps: fps)
                _ = h.call("clock.advance", ["session": .string(session), "ms": .number(at - now)])
                now = at
                let shown = h.call("state.get", ["session": .string(session), "path": "lab.values.x"])["value"]
                if k < values.count, shown != values[k] {
                    departures.append("\(curve) frame \(k): sampled \(values[k]), session \(String(describing: shown))")
                }
            }
        }
        #expect(departures.isEmpty, "\(departures.count): \(departures.prefix(6))")
    }
}
