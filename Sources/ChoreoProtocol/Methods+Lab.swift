import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON

extension MethodTable {
    static let labMethods = [labAnimate, labSet, labTimer, labHaptic, labAnnounce]

    static let labAnimate = Method(
        action: "lab.animate",
        summary: "Animates a named lab value with any curve.",
        description: """
            Animates `lab.values.NAME` from its current value (or from `from`, jumping there first) to `to`. \
            A name never used before (by lab.animate or lab.set) starts at 0. A running animation of the same \
            value is interrupted: a spring continues from the current position and velocity, timing curves \
            add up as SwiftUI's do. Records `action` and `animation.started`; its milestones fire \
            `animation.completed` and `animation.settled` as virtual time passes. A request that changes             nothing (the value already heads to `to`) starts nothing and records only `action`.
            """,
        params: Param.labName("name", "The value's name."),
        Param.number("from", "Jump to this value first (optional).").schemaDescription("Jump to this value first.")
            .optional,
        Param.number("to", "The target value.").describingSchema,
        Param.curve("curve", "How it moves."),
        result: MethodResult(
            "animation",
            .object(
                properties: [
                    "animation": .either(
                        [.integer("The animation id.").minimum(1), .null()],
                        "The animation id; null when the request changes nothing (the value already heads to `to`, "
                            + "and `from` is absent or `to`): nothing starts, nothing running is interrupted, nothing "
                            + "is recorded, as SwiftUI starts no animator for an unchanged value."),
                    "from": .number("The value it starts moving from."),
                    "logicallyCompleteAt": .either(
                        [.ref("Milliseconds"), .null()],
                        "Virtual ms of logical completion; absent for repeatForever, null when it falls past the "
                            + "clock's range (4e12 ms)."),
                    "settledAt": .either(
                        [.ref("Milliseconds"), .null()],
                        "Virtual ms it settles; absent for repeatForever, null when it never settles within the clock's "
                            + "range (an undamped spring under `ideal`)."),
                ], required: ["animation", "from"], additionalProperties: true)),
        examples: [
            Example(
                "a spring", description: "After: session.create {}.",
                params: [
                    "session": "s1", "name": "x", "from": 0, "to": 100,
                    "curve": ["spring": ["response": 0.4, "dampingFraction": 0.8]],
                ], result: ["animation": 1, "from": 0, "logicallyCompleteAt": 400, "settledAt": 571.013738])
        ]
    ) { name, from, to, curve in
        .perform(Lab.Request.animate(name: name, from: from, to: to, curve: curve))
    }

    static let labSet = Method(
        action: "lab.set",
        summary: "Sets a named lab value at once.",
        description: "Sets `lab.values.NAME`, interrupting any animation of it. Records `action` and `lab.set`.",
        params: Param.labName("name", "The value's name."),
        Param.number("value", "The new value.").describingSchema,
        result: MethodResult(
            "set",
            .object(properties: ["value": .number("The value set.")], required: ["value"], additionalProperties: true)),
        examples: [
            Example(
                "set", description: "After: session.create {}.", params: ["session": "s1", "name": "x", "value": 42],
                result: ["value": 42])
        ]
    ) { name, value in .perform(Lab.Request.set(name: name, value: value)) }

    static let labTimer = Method(
        action: "lab.timer",
        summary: "Starts a named timer, optionally playing a haptic when it fires.",
        description: """
            When it fires it records a `timer` event (owner `lab`) and plays `haptic` (source \
            `lab.timer.NAME`) if given. clock.settle waits for it. Pending lab timers are listed at state \
            path `lab.timers`.
            """,
        params: Param.labName("name", "The timer's name."),
        Param.milliseconds("afterMs", "Delay in virtual milliseconds (0 to 1e12)."),
        Param.choice("haptic", "A haptic to play when it fires.", HapticStyle.self, schema: "HapticStyle").optional,
        result: MethodResult(
            "timer",
            .object(
                properties: [
                    "timer": .integer("The timer id.").minimum(1),
                    "firesAt": .ref("Milliseconds", "When it fires, virtual ms."),
                ], required: ["timer", "firesAt"], additionalProperties: true)),
        examples: [
            Example(
                "a timer with a haptic", description: "After: session.create {}.",
                params: ["session": "s1", "name": "done", "afterMs": 150, "haptic": "success"],
                result: ["firesAt": 150, "timer": 1])
        ]
    ) { name, after, haptic in .perform(Lab.Request.timer(name: name, after: after, haptic: haptic)) }

    static let labHaptic = Method(
        action: "lab.haptic",
        summary: "Plays a haptic now.",
        description: "Records `action` and `haptic` (source `lab`).",
        params: Param.choice("style", "The haptic.", HapticStyle.self, schema: "HapticStyle"),
        result: MethodResult("played", .object("An empty object.", properties: [:], additionalProperties: true)),
        examples: [
            Example(
                "light", description: "After: session.create {}.", params: ["session": "s1", "style": "light"],
                result: [:])
        ]
    ) { style in .perform(Lab.Request.haptic(style)) }

    static let labAnnounce = Method(
        action: "lab.announce",
        summary: "Posts a VoiceOver announcement now.",
        description: "Records `action` and `announcement`.",
        params: Param.string("text", "The text to speak.").describingSchema,
        result: MethodResult("posted", .object("An empty object.", properties: [:], additionalProperties: true)),
        examples: [
            Example(
                "announce", description: "After: session.create {}.", params: ["session": "s1", "text": "Budget met"],
                result: [:])
        ]
    ) { text in .perform(Lab.Request.announce(text)) }
}
