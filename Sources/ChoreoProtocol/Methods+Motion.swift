import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON
import ChoreoMotion

extension MethodTable {
    static let motionMethods = [motionSample]

    static let motionSample = Method(
        outsideLock: "motion.sample",
        summary: "Samples a curve: values and velocities at given times.",
        description: """
            Animates a value from `from` to `to` with `curve` starting at time 0 (no session involved) and \
            samples it. Before the curve starts (within its delay) the value is `from`; a spring may \
            overshoot `to`. Under `swiftui` this is the animation's own function of elapsed time, as SwiftUI's \
            runtime evaluates it with no render loop around it: its own frames at k/fps s, a read evaluated at \
            its instant, removed on the first own frame whose evaluation ends, velocities exact (a fluid \
            spring's own, the derivative of the curve otherwise). A session shows the same evaluations two \
            frames after the update that takes the change (AnimatorState's phases) and only on frames. \
            Under `swiftui` the animation is stepped frame by frame up to the last time asked (or until it is \
            removed): a sample that would step more than `maxSampleFrames` frames (daemon.info `limits`; a curve \
            that never settles, such as an undamped spring, sampled hours in) fails with -32010 `sampleFrames`. \
            Runs outside the daemon's lock.
            """,
        params: Param.curve("curve", "The curve to sample."),
        Param.times(
            "at", "Milliseconds since the animation was requested (≥ 0): one number or an array of up to 100000."),
        Param.number("from", "The start value (default 0).").describingSchema.defaulting(to: 0),
        Param.number("to", "The target value (default 1).").describingSchema.defaulting(to: 1),
        Param.choice(
            "physics",
            "How to evaluate: `swiftui` (SwiftUI's runtime, frames at n/fps s from the request) or `ideal` (closed "
                + "forms). Default: the daemon's default (daemon.info `physics.default`).",
            Physics.self, schema: "Physics"
        ).optional,
        Param.integer(
            "fps", "The render loop's frames per second under `swiftui`, 60 or 120 (default 60).", in: 1...1000,
            expected: "60 or 120"
        ).checked { (fps, name) throws(RPCError) in
            guard fps == 60 || fps == 120 else { throw .invalidParams(name, expected: "60 or 120") }
        }.documented(as: .integer().choices(60, 120)).defaulting(to: 60),
        result: MethodResult(
            "samples",
            .object(
                properties: [
                    "values": .array(of: .number(), "The value at each time of `at`."),
                    "velocities": .array(
                        of: .either([.number(), .null()]),
                        "The velocity at each time, in value units per second; null where it is infinite (a bezier's "
                            + "vertical tangent: x1 = 0 at its start, x2 = 1 at its end) or past ±1e18 (RL23)."),
                    "logicallyCompleteMs": .either(
                        [.ref("Milliseconds"), .null()],
                        """
                        When it is logically complete (ideal: delay + a spring's response or a timing curve's \
                        duration; swiftui: the frame SwiftUI marks it so, a timing curve's removal frame), ms; null \
                        for repeatForever.
                        """),
                    "settleMs": .either(
                        [.ref("Milliseconds"), .null()],
                        """
                        ideal: when it stays within 0.1% of the change (a timing curve: delay + duration); swiftui: \
                        the frame at which SwiftUI removes it. ms; null for repeatForever.
                        """), "curve": .ref("CurveDescription"),
                    "physics": .ref("Physics", "The physics used."),
                ], required: ["values", "velocities", "logicallyCompleteMs", "settleMs", "curve", "physics"],
                additionalProperties: true)),
        errors: [.limitExceeded],
        examples: [
            Example(
                "easeInOut 0.4 s in closed form",
                params: ["curve": ["easeInOut": ["duration": 0.4]], "at": [0, 200, 400], "physics": "ideal"],
                result: [
                    "curve": ["easeInOut": ["duration": 0.4]], "logicallyCompleteMs": 400, "settleMs": 400,
                    "values": [0, 0.5, 1], "velocities": [0, 4.31034482759, 0], "physics": "ideal",
                ]),
            Example(
                "spring 0.4 / 0.8 from 0 to 100 in closed form",
                params: [
                    "curve": ["spring": ["response": 0.4, "dampingFraction": 0.8]], "at": [0, 100, 200, 333, 400],
                    "from": 0, "to": 100, "physics": "ideal",
                ],
                result: [
                    "curve": ["spring": ["response": 0.4, "dampingFraction": 0.8]], "logicallyCompleteMs": 400,
                    "settleMs": 571.013738, "values": [0, 52.5705431339, 92.2313786754, 101.516441141, 101.045057473],
                    "velocities": [0, 602.803450647, 201.685125231, 0.125247331503, -10.0968323638],
                    "physics": "ideal",
                ]),
            Example(
                "spring 0.4 / 0.8 from 0 to 1 as SwiftUI runs it at 60 fps",
                params: [
                    "curve": ["spring": ["response": 0.4, "dampingFraction": 0.8]], "at": [100], "physics": "swiftui",
                ],
                result: [
                    "curve": ["spring": ["response": 0.4, "dampingFraction": 0.8]], "logicallyCompleteMs": 400,
                    "settleMs": 666.666667, "values": [0.542759637225], "velocities": [5.92905479363],
                    "physics": "swiftui",
                ]),
        ]
    ) { state, _, curve, times, from, to, physics, fps throws(RPCError) in
        let maxFrames = state.limits.maxSampleFrames
        // Evaluated outside the daemon's lock, at a cost bounded by maxSampleFrames.
        return Method.Later { _ throws(RPCError) in
            try sample(
                curve: curve, times: times, from: from, to: to, physics: physics ?? .default, fps: Int(fps),
                maxFrames: maxFrames)
        }
    }

    /// `motion.sample`'s result: ``swiftUISamples(curve:animation:times:from:to:fps:maxFrames:)`` for a curve SwiftUI
    /// renders by itself under `swiftui`, else the timeline's samples (closed forms under `ideal`; a repeating
    /// spring under `swiftui`, stepped frame by frame, refused past `maxFrames` frames up to the last time).
    static func sample(
        curve: AnimationCurve, times: [VirtualTime], from: Double, to: Double, physics: Physics, fps: Int,
        maxFrames: Int
    ) throws(RPCError) -> JSONValue {
        if physics == .swiftui, let animation = curve.swiftUIRenderedAnimation {
            return try swiftUISamples(
                curve: curve, animation: animation, times: times, from: from, to: to, fps: fps, maxFrames: maxFrames)
        }
        if physics == .swiftui, let last = times.max(), last.seconds * Double(fps) > Double(maxFrames) {
            throw tooManyFrames(maxFrames, at: last)
        }
        var timeline = Timeline(physics: physics, fps: fps)
        let record = timeline.animate("sample", from: from, to: to, curve: curve, source: "motion.sample", at: .zero)
        let samples = timeline.samples("sample", at: times) ?? []
        return [
            "values": .array(samples.map { .number($0.value) }),
            "velocities": .array(samples.map { reportedVelocity($0.velocity) }),
            "logicallyCompleteMs": record.logicallyCompleteAt.map { .number($0.milliseconds) } ?? .null,
            // A curve that never settles (an undamped spring) has its settle time at the end of time: null, as
            // under swiftui, rather than that instant as a number.
            "settleMs": record.settledAt.flatMap { $0 > VirtualTime.latest ? nil : .number($0.milliseconds) } ?? .null,
            "curve": curve.json, "physics": .string(physics.rawValue),
        ]
    }

    /// A velocity as a reply gives it (`motion.sample`, `animations.list`): null where it is infinite (a Bézier
    /// curve's vertical tangent, at its start when x1 = 0 and y1 ≠ 0, or at its end when x2 = 1 and y2 ≠ 1, as
    /// SwiftUI's own `UnitCurve.velocity(at:)` gives ±∞ there) or too steep to report, past ±1e18 units per second (a
    /// curve a microsecond long over a change of 10¹⁵: behavior.md RL23, as steep as a vertical tangent at any frame
    /// the clock can show). NaN stays a number, for the reply check to report as the bug it is.
    static func reportedVelocity(_ velocity: Double) -> JSONValue {
        velocity.isNaN || abs(velocity) <= JSONValue.largestReportableMagnitude ? .number(velocity) : .null
    }

    /// `motion.sample` under `swiftui`: the animation's own function of elapsed time (``SwiftUICurveSampler``: its
    /// own frames at k/fps s, a read evaluated at its instant, no render-loop phases), with its exact velocity.
    static func swiftUISamples(
        curve: AnimationCurve, animation: SwiftUIAnimation, times: [VirtualTime], from: Double, to: Double, fps: Int,
        maxFrames: Int
    ) throws(RPCError) -> JSONValue {
        var sampler = SwiftUICurveSampler(animation, interval: to - from, fps: fps)
        let clock = FrameClock(fps: fps)
        let order = times.indices.sorted { times[$0] < times[$1] }
        var values = [JSONValue](repeating: .null, count: times.count)
        var velocities = [JSONValue](repeating: .null, count: times.count)
        for index in order {
            // A frame's time as the session prints it (the virtual clock's nanosecond) is that frame (RL1, RL13):
            // 16.666667 ms at 60 fps is own frame 1, not 1/300 s of the integrator past it.
            let sampled =
                if let frame = clock.frame(exactlyAt: times[index]) {
                    sampler.sample(atFrame: frame, frameLimit: maxFrames)
                } else {
                    sampler.sample(at: times[index].seconds, frameLimit: maxFrames)
                }
            guard let sample = sampled else { throw tooManyFrames(maxFrames, at: times[index]) }
            values[index] = .number(from + sample.offset)
            velocities[index] = reportedVelocity(sample.velocity)
        }
        let repeats = animation.repeats
        if !repeats { sampler.runUntilRemoved(limit: 600) }
        func ms(_ frame: Int?) -> JSONValue {
            guard !repeats, let frame else { return .null }
            return .number(Double(frame) / Double(fps) * 1000)
        }
        return [
            "values": .array(values), "velocities": .array(velocities),
            "logicallyCompleteMs": ms(sampler.logicallyCompleteFrame), "settleMs": ms(sampler.removedFrame),
            "curve": curve.json, "physics": .string(Physics.swiftui.rawValue),
        ]
    }

    /// -32010 `sampleFrames`: sampling at `time` would step more than `maxFrames` frames.
    static func tooManyFrames(_ maxFrames: Int, at time: VirtualTime) -> RPCError {
        .limitExceeded(
            "sampleFrames", maximum: maxFrames,
            detail: "under the swiftui physics the curve is stepped frame by frame, and it is still running after "
                + "\(maxFrames) frames, before \(time.milliseconds) ms; sample earlier times, use physics ideal "
                + "(closed forms), or start choreod with a larger --max-sample-frames")
    }
}
