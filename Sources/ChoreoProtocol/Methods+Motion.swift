import ChoreoEngine
import ChoreoJSON

extension MethodTable {
    static let motionMethods = [motionSample]

    static let motionSample = Method(
        "motion.sample",
        summary: "Samples a curve: values and velocities at given times.",
        description: """
            Animates a value from `from` to `to` with `curve` starting at time 0 (no session involved) and \
            samples it. Before the curve starts (within its delay) the value is `from`; a spring may \
            overshoot `to`.
            """,
        params: Param.curve("curve", "The curve to sample."),
        Param.times(
            "at", "Milliseconds since the animation was requested (≥ 0): one number or an array of up to 100000."),
        Param.number("from", "The start value (default 0).").describingSchema.defaulting(to: 0),
        Param.number("to", "The target value (default 1).").describingSchema.defaulting(to: 1),
        result: MethodResult(
            "samples",
            .object(
                properties: [
                    "values": .array(of: .number(), "The value at each time of `at`."),
                    "velocities": .array(of: .number(), "The velocity at each time, in value units per second."),
                    "logicallyCompleteMs": .either(
                        [.ref("Milliseconds"), .null()],
                        """
                        When it is logically complete (delay + a spring's response or a timing curve's duration), \
                        ms; null for repeatForever.
                        """),
                    "settleMs": .either(
                        [.ref("Milliseconds"), .null()],
                        """
                        When it stays within 0.1% of the change (a timing curve: delay + duration), ms; null for \
                        repeatForever.
                        """), "curve": .ref("CurveDescription"),
                ], required: ["values", "velocities", "logicallyCompleteMs", "settleMs", "curve"],
                additionalProperties: true)),
        examples: [
            Example(
                "easeInOut 0.4 s", params: ["curve": ["easeInOut": ["duration": 0.4]], "at": [0, 200, 400]],
                result: [
                    "curve": ["easeInOut": ["duration": 0.4]], "logicallyCompleteMs": 400, "settleMs": 400,
                    "values": [0, 0.5, 1], "velocities": [0, 4.31034482759, 0],
                ]),
            Example(
                "spring 0.4 / 0.8 from 0 to 100",
                params: [
                    "curve": ["spring": ["response": 0.4, "dampingFraction": 0.8]], "at": [0, 100, 200, 333, 400],
                    "from": 0, "to": 100,
                ],
                result: [
                    "curve": ["spring": ["response": 0.4, "dampingFraction": 0.8]], "logicallyCompleteMs": 400,
                    "settleMs": 571.013738, "values": [0, 52.5705431339, 92.2313786754, 101.516441141, 101.045057473],
                    "velocities": [0, 602.803450647, 201.685125231, 0.125247331503, -10.0968323638],
                ]),
        ]
    ) { _, _, curve, times, from, to throws(RPCError) in
        var timeline = Timeline()
        let record = timeline.animate("sample", from: from, to: to, curve: curve, source: "motion.sample", at: .zero)
        return [
            "values": .array(times.map { .number(timeline.value("sample", at: $0)!) }),
            "velocities": .array(times.map { .number(timeline.velocity("sample", at: $0)) }),
            "logicallyCompleteMs": record.logicallyCompleteAt.map { .number($0.milliseconds) } ?? .null,
            "settleMs": record.settledAt.map { .number($0.milliseconds) } ?? .null,
            "curve": curve.json,
        ]
    }
}
