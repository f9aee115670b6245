import ChoreoJSON

/// A JSON Schema (draft-07) for journey files, for editors (YAML language servers, VS Code): generated from the step
/// declarations (``StepKinds/all``: keywords, modifiers, examples), the journey keys and the matcher keys, so it
/// follows them. It checks the shape: which keys a journey, a step and an include take; the deep checks (methods,
/// state paths, variables) stay with `journey validate`. `protocol/journey.schema.json` is this document
/// (`make journey-schema`; a test compares them).
public enum JourneySchema {
    public static var document: JSONValue {
        let stepKinds = StepKinds.all.flatMap { kind in
            kind.keywords.map { keyword in
                step(
                    keyword, modifiers: kind.modifiers.sorted(), required: kind.requiredModifiers.sorted(),
                    example: kind.examples.first { $0.hasPrefix(keyword + ":") } ?? "\(keyword): …")
            }
        }
        let include = step(
            StepKinds.include, modifiers: ["with"], required: [],
            example: "include: _shared/open-sheet.yaml\nwith: {sheet: budget}")
        let header: [String: JSONValue] = [
            "journey": ["type": "string", "description": "The journey's name (reports and --filter use it)."],
            "description": [
                "type": "string", "description": "What the journey checks, and where its numbers come from.",
            ],
            "app": ["type": "string", "description": "The app to host (daemon.info lists them; default: the first)."],
            "seed": ["type": "integer", "minimum": 0],
            "fps": ["enum": [60, 120], "description": "Frames per second of the render loop (default 60)."],
            "physics": [
                "enum": ["swiftui", "ideal"],
                "description": "swiftui (the default): SwiftUI's render loop; ideal: the closed forms.",
            ],
            "settings": ["type": "object", "description": "Initial settings (mode, reduceMotion, …)."],
            "data": ["type": "object", "description": "Replacements for parts of the app's dataset."],
            "wallClock": ["type": "string", "description": "The wall-clock time the session starts at (ISO 8601)."],
            "matrix": [
                "description":
                    "Run the journey once per variant: a mapping of keys to lists of values (every combination), or a list of variants, each a mapping that may carry `name:`.",
                "oneOf": [
                    ["type": "object", "additionalProperties": ["type": "array", "minItems": 1]],
                    [
                        "type": "array", "minItems": 1,
                        "items": ["type": "object", "properties": ["name": ["type": "string", "minLength": 1]]],
                    ],
                ],
            ],
            "skip": [
                "type": ["boolean", "string"], "description": "Reported as skipped, not run; a string says why.",
            ],
            "only": [
                "type": "boolean",
                "description":
                    "When any journey of a run says true, only those run (journey run --forbid-only refuses).",
            ],
            "tags": [
                "oneOf": [["type": "string"], ["type": "array", "items": ["type": "string"]]],
                "description": "Names journey run --tags picks journeys by.",
            ],
            "steps": ["type": "array", "items": ["$ref": "#/definitions/step"]],
        ]
        return [
            "$schema": "http://json-schema.org/draft-07/schema#",
            "$id": "https://choreo.dev/schemas/journey.schema.json",
            "title": "Choreo journey",
            "description": "A journey file for `journey run` (generated from the step declarations; see the README).",
            "type": "object",
            "required": ["journey", "steps"],
            "additionalProperties": false,
            "properties": .object(header),
            "definitions": [
                "step": [
                    "description": "One step: a mapping with exactly one step keyword and the keys that go with it.",
                    "oneOf": .array(stepKinds + [include]),
                ],
                "matcherKeys": .array(MatcherParser.keys.sorted().map(JSONValue.string)),
            ],
        ]
    }

    /// One step keyword: an object that has it, and only it and its modifiers.
    private static func step(_ keyword: String, modifiers: [String], required: [String], example: String) -> JSONValue {
        var properties: [String: JSONValue] = [keyword: ["description": .string("e.g.\n" + example)]]
        for modifier in modifiers { properties[modifier] = [:] }
        return [
            "type": "object", "title": .string(keyword),
            "required": .array(([keyword] + required).map(JSONValue.string)),
            "properties": .object(properties), "additionalProperties": false,
        ]
    }

    /// ``document`` pretty-printed, ending with a newline: the bytes of `protocol/journey.schema.json`.
    public static var text: String { document.prettyPrinted() + "\n" }
}
