import ChoreoAppKit
import ChoreoJSON

extension OpenRPCComponents {
    /// Shared schemas: Curves.
    static func addCurves(to s: inout [String: JSONSchema]) {
        s["SpringParameters"] = .object(
            """
            A spring: either response (or responseMs) + dampingFraction, or duration (or durationMs) + \
            optional bounce.
            """,
            properties: [
                "response": .number(
                    """
                    The undamped period 2π/ω₀ in seconds (SwiftUI's `spring(response:dampingFraction:)`), 0.0001 \
                    to 10000; the animation is logically complete at `response`. Requires dampingFraction.
                    """
                ).minimum(0.0001).maximum(10000),
                "responseMs": .number("`response` in milliseconds, 0.1 to 1e7. Not together with response.").minimum(
                    0.1
                ).maximum(10_000_000),
                "dampingFraction": .number(
                    """
                    The damping ratio ζ, 0 to 1000: below 1 bounces, 1 is critical, above 1 over-damped. Required \
                    with response/responseMs.
                    """
                ).minimum(0).maximum(1000),
                "duration": .number(
                    """
                    The perceptual duration in seconds (SwiftUI's `Spring(duration:bounce:)`), 0.0001 to 10000; \
                    equals the response.
                    """
                ).minimum(0.0001).maximum(10000),
                "durationMs": .number("`duration` in milliseconds, 0.1 to 1e7. Not together with duration.").minimum(
                    0.1
                ).maximum(10_000_000),
                "bounce": .number(
                    """
                    Bounciness with duration/durationMs, -0.999 to 1, default 0 (critically damped): ζ = 1 − \
                    bounce for bounce ≥ 0, 1/(1 + bounce) below 0.
                    """
                ).minimum(-0.999).maximum(1),
                "initialVelocity": .number(
                    """
                    Initial velocity in units of the whole change per second (SwiftUI's convention): 1 means the \
                    value starts moving at (to − from) per second. -1e6 to 1e6, default 0.
                    """
                ).minimum(-1_000_000).maximum(1_000_000),
                "blendDuration": .number(
                    """
                    Seconds over which a retarget blends from the previous spring's response to this one (SwiftUI's \
                    `blendDuration`, as in `interactiveSpring`), 0 to 10000, default 0. Only the `swiftui` physics \
                    runs the blend; `ideal` ignores it.
                    """
                ).minimum(0).maximum(10_000),
                "blendDurationMs": .number("The same as blendDuration, in milliseconds.").minimum(0).maximum(
                    10_000_000),
            ], additionalProperties: false
        ).oneOf([
            .anything().requiring("response", "dampingFraction"),
            .anything().requiring("responseMs", "dampingFraction"), .anything().requiring("duration"),
            .anything().requiring("durationMs"),
        ])
        s["InterpolatingSpringParameters"] = .object(
            """
            SwiftUI's `interpolatingSpring(stiffness:damping:mass:initialVelocity:)`; logically complete \
            after one undamped period: 2π/√(k/m) under `ideal`, 2π/√k under `swiftui` (SwiftUI ignores the mass \
            there; the motion itself uses it).
            """,
            properties: [
                "stiffness": .number("Stiffness k (force per unit of displacement), 1e-6 to 1e9.").minimum(1e-06)
                    .maximum(1_000_000_000),
                "damping": .number(
                    """
                    Damping coefficient c (force per unit of velocity, per second), greater than 0, at most 1e9 \
                    (an undamped spring never settles).
                    """
                ).minimum(0).maximum(1_000_000_000).exclusiveMinimum(0),
                "mass": .number("Mass m, 1e-6 to 1e9, default 1.").minimum(1e-06).maximum(1_000_000_000).defaultValue(
                    1),
                "initialVelocity": .number(
                    """
                    Initial velocity in units of the whole change per second (SwiftUI's convention): 1 means the \
                    value starts moving at (to − from) per second. -1e6 to 1e6, default 0.
                    """
                ).minimum(-1_000_000).maximum(1_000_000),
            ], required: ["stiffness", "damping"], additionalProperties: false)
        s["TimingParameters"] = .object(
            "A timing curve's duration: exactly one of duration (seconds) or durationMs.",
            properties: [
                "duration": .number("Duration in seconds (SwiftUI's unit), 0 to 1e6.").minimum(0).maximum(1_000_000),
                "durationMs": .number("The duration in milliseconds, 0 to 1e9. Not together with duration.").minimum(0)
                    .maximum(1_000_000_000),
            ], additionalProperties: false
        ).oneOf([.anything().requiring("duration"), .anything().requiring("durationMs")])
        s["BezierParameters"] = .object(
            """
            A cubic Bézier timing curve from (0,0) to (1,1) with control points (x1,y1) and (x2,y2) \
            (`timingCurve(x1, y1, x2, y2, duration:)`), plus exactly one of duration or durationMs.
            """,
            properties: [
                "x1": .number("First control point x, 0 to 1.").minimum(0).maximum(1),
                "y1": .number("First control point y, -10 to 10.").minimum(-10).maximum(10),
                "x2": .number("Second control point x, 0 to 1.").minimum(0).maximum(1),
                "y2": .number("Second control point y, -10 to 10.").minimum(-10).maximum(10),
                "duration": .number("Duration in seconds (SwiftUI's unit), 0 to 1e6.").minimum(0).maximum(1_000_000),
                "durationMs": .number("The duration in milliseconds, 0 to 1e9. Not together with duration.").minimum(0)
                    .maximum(1_000_000_000),
            ], required: ["x1", "y1", "x2", "y2"], additionalProperties: false
        ).oneOf([.anything().requiring("duration"), .anything().requiring("durationMs")])
        s["RepeatForever"] = .either(
            [
                .boolean(),
                .object(
                    properties: ["autoreverses": .boolean("Play back and forth. Default true, as in SwiftUI.")],
                    additionalProperties: false),
            ],
            """
            `repeatForever(autoreverses:)`: true (SwiftUI's `.repeatForever()`, which autoreverses), false (no \
            repetition) or {"autoreverses": Bool}. Each pass lasts the curve's settle time (under `swiftui`, a \
            whole number of frames); the animation never completes and never blocks clock.settle. The curve must \
            have a positive duration. Not together with repeatCount.
            """)
        s["RepeatCount"] = .either(
            [
                .integer("The number of passes, 1 to 1000000.").minimum(1).maximum(1_000_000),
                .object(
                    properties: [
                        "count": .integer("The number of passes, 1 to 1000000.").minimum(1).maximum(1_000_000),
                        "autoreverses": .boolean("Play back and forth. Default true, as in SwiftUI."),
                    ], required: ["count"], additionalProperties: false),
            ],
            """
            `repeatCount(_:autoreverses:)`: a count (SwiftUI's `.repeatCount(n)`, which autoreverses) or \
            {"count": Int, "autoreverses": Bool}. The animation ends after its last pass, at the target; its \
            milestones are that pass's end. The curve must have a positive duration. Not together with \
            repeatForever.
            """)
        s["Curve"] = .object(
            """
            How a value moves, in the shape SwiftUI spells it: exactly one of the kinds spring, \
            interpolatingSpring, linear, easeIn, easeOut, easeInOut, bezier, plus optional delay/delayMs and \
            repeatForever. Times are in seconds (`duration`, `response`, `delay`) with `*Ms` aliases in \
            milliseconds; velocities are per second. easeIn/easeOut/easeInOut are Core Animation's presets \
            (0.42,0,1,1), (0,0,0.58,1), (0.42,0,0.58,1). Any other key is rejected with -32602 naming it \
            (e.g. `curve.spring.dampingRatio`).
            """,
            properties: [
                "spring": .ref("SpringParameters"), "interpolatingSpring": .ref("InterpolatingSpringParameters"),
                "linear": .ref("TimingParameters"), "easeIn": .ref("TimingParameters"),
                "easeOut": .ref("TimingParameters"), "easeInOut": .ref("TimingParameters"),
                "bezier": .ref("BezierParameters"),
                "delay": .number("Delay before the animation starts, in seconds (SwiftUI's `.delay`), 0 to 1e6.")
                    .minimum(0).maximum(1_000_000),
                "delayMs": .number("The delay in milliseconds, 0 to 1e9. Not together with delay.").minimum(0).maximum(
                    1_000_000_000), "repeatForever": .ref("RepeatForever"), "repeatCount": .ref("RepeatCount"),
            ], additionalProperties: false
        ).oneOf([
            .anything().requiring("spring"), .anything().requiring("interpolatingSpring"),
            .anything().requiring("linear"), .anything().requiring("easeIn"), .anything().requiring("easeOut"),
            .anything().requiring("easeInOut"), .anything().requiring("bezier"),
        ]).examples(
            ["spring": ["response": 0.4, "dampingFraction": 0.8]], ["spring": ["durationMs": 500, "bounce": 0.2]],
            ["interpolatingSpring": ["stiffness": 130, "damping": 12]],
            ["easeInOut": ["duration": 0.35], "delayMs": 100],
            ["linear": ["duration": 1], "repeatForever": ["autoreverses": true]],
            ["bezier": ["x1": 0.2, "y1": 0.9, "x2": 0.3, "y2": 1.2, "duration": 0.5]]
        ).not(.anything().requiring("delay", "delayMs"))
        s["CurveDescription"] = .anything(
            """
            A curve as the daemon reports it (motion.sample's `curve`, animation records, `animation.started` \
            events): exactly the input shape, as it was written (a `spring` stays `{response, \
            dampingFraction}`, an `interpolatingSpring` stays `{stiffness, damping, mass?}`), times in \
            seconds with `*Ms` aliases resolved and computed numbers rounded to 12 significant digits. It can \
            be sent back as input and describes the same curve.
            """
        ).allOf([.ref("Curve")])
    }
}
