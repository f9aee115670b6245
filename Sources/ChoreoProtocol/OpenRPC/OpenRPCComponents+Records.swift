import ChoreoAppKit
import ChoreoJSON

extension OpenRPCComponents {
    /// Shared schemas: Records.
    static func addRecords(to s: inout [String: JSONSchema]) {
        s["AnimationState"] = .string(
            """
            Where an animation is at the current virtual time: delayed (waiting for its delay), running \
            (before logical completion), logicallyComplete (past logical completion, not yet settled), \
            settled (at rest), interrupted (a newer animation or lab.set of the same path took over before it \
            settled), repeating (an endless repeatForever loop).
            """
        ).choices("delayed", "running", "logicallyComplete", "settled", "interrupted", "repeating")
        s["AnimationRecord"] = .object(
            """
            One animation started in a session, as animations.list reports it at the current virtual time.
            """,
            properties: [
                "id": .integer("The session-wide animation number, from 1.").minimum(1),
                "path": .string("The state path of the animated value, e.g. `lab.values.x`."),
                "from": .number("The value when the animation started moving (after its delay)."),
                "to": .number("The target value."), "curve": .ref("CurveDescription"),
                "source": .string("What started it: `lab` for lab.animate, else the app component."),
                "requestedAt": .ref("Milliseconds", "When it was requested (before any delay), virtual ms."),
                "start": .ref("Milliseconds", "When it starts moving (requestedAt + delay), virtual ms."),
                "state": .ref("AnimationState"), "infinite": .boolean("True for an endless repeatForever loop."),
                "logicallyCompleteAt": .either(
                    [.ref("Milliseconds"), .null()],
                    """
                    Virtual ms of logical completion (start + a spring's response or a timing curve's duration); \
                    null for an endless loop, or when it falls past the clock's range (4e12 ms).
                    """),
                "settledAt": .either(
                    [.ref("Milliseconds"), .null()],
                    """
                    Virtual ms when it stays within 0.1% of the change with negligible velocity (a timing curve: \
                    start + duration); null for an endless loop, and for a curve that never settles within the \
                    clock's range (an undamped spring under `ideal`).
                    """), "interruptedAt": .ref("Milliseconds", "Virtual ms it was interrupted; present only then."),
                "value": .number(
                    "What the screen shows of the value now; present only on the animation driving it (not interrupted)."
                ),
                "velocity": .either(
                    [.number(), .null()],
                    """
                    The value's rate of change now, in its unit per second: the evaluation on screen (behavior.md \
                    RL10: a fluid spring's own velocity, a timing curve's or interpolating spring's exact \
                    derivative, 0 on a held frame before the first evaluation and once removed); null where it is \
                    infinite or past ±1e18 (RL23); present only on the animation driving the value.
                    """),
            ],
            required: [
                "id", "path", "from", "to", "curve", "source", "requestedAt", "start", "state", "infinite",
                "logicallyCompleteAt", "settledAt",
            ], additionalProperties: true)
        s["RunningAnimation"] = .object(
            "An animation still moving.",
            properties: [
                "animation": .integer("The animation id (as in animations.list).").minimum(1),
                "path": .string("The animated state path."), "value": .number("The value now."),
                "to": .number("The target value."), "state": .ref("AnimationState"),
                "infinite": .boolean("True for an endless loop."), "source": .string("What started it."),
                "settlesAt": .ref(
                    "Milliseconds",
                    "Predicted settle time, virtual ms; absent for a loop and for a curve that never settles within the "
                        + "clock's range."),
            ], required: ["animation", "path", "value", "to", "state", "infinite", "source"], additionalProperties: true
        )
        s["RunningTimer"] = .object(
            "A pending timer that clock.settle waits for.",
            properties: [
                "timer": .integer("The timer id.").minimum(1), "name": .string("The timer's name."),
                "owner": .string("Who scheduled it: `lab` or an app component."),
                "firesAt": .ref("Milliseconds", "When it fires, virtual ms."),
            ], required: ["timer", "name", "owner", "firesAt"], additionalProperties: true)
        s["RunningItem"] = .either(
            [.ref("RunningAnimation"), .ref("RunningTimer")],
            """
            Something still moving or pending when clock.settle returned: an animation (endless loops always; \
            finite ones only after a timeout) or, after a timeout, a pending timer.
            """)
        s["TraceEvent"] = .object(
            """
            One entry of a session's ordered event log: `{seq, t, kind}` plus the kind's own members — \
            session.created {app, seed, fps, wallClock}; action {method, params} (every state-changing \
            request, params without `session`); animation.started {id, path, from, to, source, curve, start?} \
            (`start` only when delayed); animation.completed {id, path} (logical completion); \
            animation.settled {id, path, value}; haptic {style, source}; announcement {text}; navigation \
            {from, to}; timer {id, name, owner}; settings {the full Settings object, effectiveMode included}; \
            lab.set {name, value}. Events at the same `t` are in the order they happened.
            """,
            properties: [
                "seq": .integer(
                    """
                    Position in the session's trace, from 1, strictly increasing (a fork keeps its parent's \
                    events and numbering).
                    """
                ).minimum(1), "t": .ref("Milliseconds", "When it happened, virtual ms."),
                "kind": .string("What happened; the other members depend on it.").examples(
                    "session.created", "action", "animation.started", "animation.completed", "animation.settled",
                    "haptic", "announcement", "navigation", "timer", "settings", "lab.set"),
            ], required: ["seq", "t", "kind"], additionalProperties: true)
        s["HapticRecord"] = .object(
            "One haptic played.",
            properties: [
                "t": .ref("Milliseconds", "When it played, virtual ms."), "style": .ref("HapticStyle"),
                "source": .string("What played it: `lab`, `lab.timer.NAME`, or an app component."),
            ], required: ["t", "style", "source"], additionalProperties: true)
        s["AnnouncementRecord"] = .object(
            "One VoiceOver announcement posted (recorded whether or not VoiceOver runs).",
            properties: [
                "t": .ref("Milliseconds", "When it was posted, virtual ms."), "text": .string("The spoken text."),
            ], required: ["t", "text"], additionalProperties: true)
        s["EventNotification"] = .object(
            """
            The params of an `event` notification (server → client): `event` for each trace event, or, once, \
            `dropped` when the subscription ends because the connection does not read its output.
            """,
            properties: [
                "subscription": .integer("The id events.subscribe returned.").minimum(1), "session": .ref("SessionId"),
                "event": .ref("TraceEvent"),
                "dropped": droppedSubscription,
            ], required: ["subscription", "session"], additionalProperties: true
        ).oneOf([.anything().requiring("event"), .anything().requiring("dropped")])
        s["SessionSnapshot"] = .object(
            """
            A session saved by session.export: its session.create params and every request that changed it, \
            in order, with the length and digest of the trace they produce. session.import replays the \
            actions and accepts the result only if it reproduces that trace exactly. Treat it as opaque; an \
            edited snapshot is refused.
            """,
            properties: [
                "format": .string().constant("choreo-session"),
                "version": .integer("The snapshot format version.").constant(1),
                "app": .string("The session's app (the same as config.app, or its default)."),
                "config": .object("The params session.create was called with (a fork keeps its original's)."),
                "actions": .array(
                    of: .object(
                        properties: ["method": .string(), "params": .object()], required: ["method", "params"],
                        additionalProperties: false),
                    """
                    The `action` events of the trace, in order: every request that changed the session (failed \
                    ones included), params without `session`.
                    """), "now": .ref("Milliseconds", "The session's virtual time when exported."),
                "traceEvents": .integer("The length of the trace.").minimum(1),
                "traceDigest": .string(
                    """
                    FNV-1a (64 bits) of the trace as trace.get serializes it: an integrity check against edits \
                    and version skew, not an authentication code.
                    """
                ).pattern("^fnv1a64:[0-9a-f]{16}$"),
                "actionsDigest": .string(
                    """
                    FNV-1a (64 bits) of `[config, actions]` serialized, checked before anything is replayed: an \
                    edited snapshot is refused without running what the edit asks for. Absent from snapshots of \
                    choreod before it (their replay alone checks them).
                    """
                ).pattern("^fnv1a64:[0-9a-f]{16}$"),
            ], required: ["format", "version", "config", "actions", "traceEvents", "traceDigest"],
            additionalProperties: false)
    }
}
