import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON

extension MethodTable {
    static let describeMethods = [appDescribe]

    /// A state shape or field as `app.describe` writes it (``StateShape/json``).
    private static let shape = JSONSchema.object(
        "A state shape: `type` (bool, string, number, integer, array, object, map, nullable, any) and what the type "
            + "needs: `choices`, `unit`, `range` [min, max], `element`, `fields` [{name, shape, meaning, "
            + "presentWhen?}], `key` and `value`, `shape` and `whenNull`, `description`.",
        properties: [
            "type": .string().choices(
                "bool", "string", "number", "integer", "array", "object", "map", "nullable", "any")
        ],
        required: ["type"], additionalProperties: true)

    static let appDescribe = Method(
        "app.describe",
        summary:
            "An app's contract as data: its state tree, trace events, haptics, action results and refusal reasons.",
        description: """
            Everything a client needs to check journeys against an app it was not built with: the state tree \
            `state.get` returns (the engine's `settings` and `lab` included), every trace event kind with its \
            fields, every haptic source with its styles, what its actions answer (each result type with the \
            methods it answers and its shape), the refusal reasons they can answer instead, the names of its \
            animations (`motion.audit`), and where its animations and haptics live in the app's Swift code \
            (`anchors`, which `journey conformance` checks against the sources). `journey contract --save FILE` \
            saves every app's answer for validating offline. No session needed.
            """,
        params: Param.string("app", "One app daemon.info lists (default: the first, session.create's default).")
            .optional,
        result: MethodResult(
            "description",
            .object(
                properties: [
                    "app": .string("The app's name."),
                    "default": .boolean("Whether session.create hosts it when `app` is not given."),
                    "state": shape,
                    "traceEvents": .array(
                        of: .object(
                            properties: ["kind": .string(), "meaning": .string(), "fields": .array(of: .object())],
                            required: ["kind", "meaning", "fields"])),
                    "hapticSources": .array(
                        of: .object(
                            properties: ["source": .string(), "styles": .array(of: .string()), "meaning": .string()],
                            required: ["source", "styles", "meaning"])),
                    "refusalReasons": .array(
                        of: .object(
                            properties: ["reason": .string(), "summary": .string()], required: ["reason", "summary"])),
                    "actionResults": .array(
                        of: .object(
                            properties: [
                                "name": .string(), "summary": .string(), "answers": .array(of: .string()),
                                "shape": shape,
                            ], required: ["name", "summary", "answers", "shape"]),
                        "What the app's actions answer (a refusal aside), by type."),
                    "animations": .array(of: .string(), "The names motion.audit lists for the app."),
                    "screens": .array(of: .string(), "The screens ui.navigate shows."),
                    "refusal": shape,
                    "dataParts": .array(
                        of: .string(), "The parts of the dataset session.create's `data` may replace (keys)."),
                    "anchors": .array(
                        of: .object(
                            properties: [
                                "name": .string("The animation's or haptic source's name in the model."),
                                "kind": .string().choices("animation", "haptic", "transition"),
                                "type": .string("The Swift type that owns it, as the design names it."),
                                "module": .string(
                                    "The module that declares the type (a SwiftPM target or an app folder), when "
                                        + "several declare a type of that name; absent otherwise."),
                                "member": .string("The member of the type that holds it (null: anywhere in it).")
                                    .orNull(),
                                "token": .string("A static token or helper, `Type.member`, that defines the curve.")
                                    .orNull(),
                                "section": .string("A design document's section heading that shows it.").orNull(),
                                "curves": .array(
                                    of: .object(
                                        properties: [
                                            "variant": .string().choices(
                                                "full", "reduced", "minimal", "120fps", "60fps"),
                                            "curve": .object("The curve as lab.animate takes it; null: instant.")
                                                .orNull(),
                                            "swift": .string("The curve as SwiftUI code spells it."),
                                        ], required: ["variant", "curve", "swift"]),
                                    "An animation's curve per animation mode or frame rate."),
                                "styles": .array(of: .string(), "A haptic source's styles."),
                                "pattern": .array(of: .string(), "A haptic pattern's styles in the order they play."),
                                "transition": .string("A transition as Swift spells it."),
                            ], required: ["name", "kind", "type"]),
                        "Where each animation and haptic lives in the app's Swift code (journey conformance)."),
                ],
                required: [
                    "app", "default", "state", "traceEvents", "hapticSources", "actionResults", "refusalReasons",
                    "animations",
                ],
                additionalProperties: true)),
        errors: [.unknownApp],
        examples: [
            Example(
                "an app",
                description: "Abridged, on prefs-choreod: the real answer lists every node, event, source and reason.",
                params: ["app": "prefs"],
                result: [
                    "app": "prefs", "default": true,
                    "state": [
                        "type": "object",
                        "fields": [
                            [
                                "name": "sheet", "meaning": "The presented sheet.",
                                "shape": [
                                    "type": "nullable", "whenNull": "no sheet is presented",
                                    "shape": ["type": "object", "fields": []],
                                ],
                            ]
                        ],
                    ],
                    "traceEvents": [
                        [
                            "kind": "toggle.changed", "meaning": "A toggle was tapped.",
                            "fields": [["name": "on", "shape": ["type": "bool"], "meaning": "Its value now."]],
                        ]
                    ],
                    "hapticSources": [
                        ["source": "toggle", "styles": ["selection"], "meaning": "A toggle was tapped."]
                    ],
                    "refusalReasons": [
                        ["reason": "atRoot", "summary": "ui.back at the root of the navigation stack."]
                    ],
                    "actionResults": [
                        [
                            "name": "Toggled", "summary": "A toggle was tapped: its new value.", "answers": ["ui.tap"],
                            "shape": [
                                "type": "object",
                                "fields": [
                                    ["name": "on", "shape": ["type": "bool"], "meaning": "Whether it is on now."]
                                ],
                            ],
                        ]
                    ],
                    "animations": ["toggle"],
                ])
        ]
    ) { state, _, app throws(RPCError) in
        guard let app else { return state.apps.description(of: state.apps.defaultApp) }
        guard let type = state.apps.app(named: app) else {
            throw RPCError(.unknownApp(app, available: state.apps.names))
        }
        return state.apps.description(of: type)
    }
}
