import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON

extension OpenRPCComponents {
    /// Shared schemas: Basics.
    static func addBasics(to s: inout [String: JSONSchema]) {
        s["SessionId"] = .string(
            """
            A session id as session.create and session.fork hand them out: `s1`, `s2`, … in creation order, \
            never reused while the daemon runs. Any other string is answered with -32000 (unknown session).
            """
        ).pattern("^s[1-9][0-9]*$").examples("s1")
        s["Milliseconds"] = .number(
            """
            A point in virtual time: milliseconds since the session started (virtual time 0). The clock \
            counts whole nanoseconds; like every number the daemon computes, a reported time is rounded to 12 \
            significant digits, so it is exact to the nanosecond below 1e6 ms (about 16.7 virtual minutes). A \
            whole number when it falls on a whole millisecond, else a fraction such as 571.013738.
            """
        ).minimum(0).examples(0, 200, 571.013738)
        s["DurationMs"] = .number(
            """
            A span of virtual time in milliseconds, from 0 to 1e12; rounded once to the nearest nanosecond.
            """
        ).minimum(0).maximum(1_000_000_000_000)
        s["HapticStyle"] = .string(
            """
            A haptic: UIKit's impact styles (light, medium, heavy, soft, rigid), selection feedback \
            (selection) and notification feedback (success, warning, error).
            """
        ).choices(values(of: HapticStyle.self))
        s["AnimationMode"] = .string(
            """
            full: every animation as designed; reduced: shorter, simpler animations; minimal: instant state \
            changes and solid fallbacks (forced while Reduce Motion is on and respected).
            """
        ).choices(values(of: AnimationMode.self))
        s["DynamicTypeSize"] = .string("A Dynamic Type size category, smallest first; `large` is the system default.")
            .choices(values(of: DynamicTypeSize.self))
        s["ColorScheme"] = .string("Light or dark appearance.").choices(values(of: ColorScheme.self))
        s["Physics"] = .string(
            """
            How a session evaluates animations. swiftui: as SwiftUI's runtime does, with the session's fps as the \
            render loop (fluid-spring integrator at 1/300 s for spring(...), SwiftUI's closed form for \
            interpolatingSpring, timing curves solved and rounded to 2^-20, merge/combine on retarget, removal on \
            frames; a change is taken at the first frame at or after it and enters the screen through \
            AnimatorState's phases, two frames after that update; between frames the screen shows the last frame: \
            daemon.info physics.swiftuiRuntime). ideal: closed forms (damped oscillator, exact Bézier, additive timing offsets); settled within \
            0.1% of the change with velocity within 0.1% of the change times ω₀.
            """
        ).choices(values(of: Physics.self))
        s["LabName"] = .string(
            """
            A lab name: 1 to 64 ASCII letters, digits, '_' or '-'. Value NAME lives at state path \
            `lab.values.NAME`.
            """
        ).pattern("^[A-Za-z0-9_-]{1,64}$")
        s["ISO8601"] = .string("An ISO 8601 date-time `YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH:MM]`; no zone means UTC.")
            .pattern(
                """
                ^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt \
                ][0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]+)?)?([Zz]|[+-][0-9]{2}:?[0-9]{2})?$
                """)
        s["SessionSummary"] = .object(
            "One open session.",
            properties: [
                "session": .ref("SessionId"), "app": .string("The hosted app."),
                "now": .ref("Milliseconds", "The session's virtual time."),
                "physics": .ref("Physics", "How the session evaluates animations."),
            ], required: ["session", "app", "now", "physics"], additionalProperties: true)
        s["SettingsChange"] = SettingsChange.schema
        s["Settings"] = SettingsChange.settingsSchema
    }
}
