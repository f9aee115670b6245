import ChoreoJSON

/// Keeps `journey mcp`'s tool list small (an agent pays for it in every context): a shared schema of more than
/// ``limit`` bytes in a tool's `$defs` (a curve, a snapshot) is given by reference — an object whose description
/// says what it is (with its units) and names where its whole schema is (the resource `choreo://schemas/NAME`) — and the
/// definitions nothing then refers to are dropped; the others keep the first sentence of their description, and one
/// the tool refers to once is written in place.
enum MCPSchemas {
    /// The largest shared definition written out in a tool's input schema, in bytes of compact JSON.
    static let limit = 500

    /// Shorter words for the definitions every tool repeats (what the declaration says at length is in
    /// choreo://openrpc).
    static let shortDescriptions = [
        "SessionId": "A session id from session_create (e.g. s1).",
        "Curve":
            "How a value moves, as SwiftUI spells it: exactly one of spring {response, dampingFraction}, "
            + "interpolatingSpring {stiffness, damping}, linear, easeIn, easeOut, easeInOut {duration}, bezier "
            + "{x1, y1, x2, y2, duration}, plus delay and repeatForever. Times are in SECONDS (duration, response, "
            + "delay), or milliseconds with the Ms names (durationMs): {linear: {duration: 0.2}} is 200 ms.",
    ]

    static func compact(_ schema: JSONValue) -> JSONValue {
        guard case .object(var members) = schema, var defs = members["$defs"]?.objectValue else { return schema }
        // A definition repeated in many tools (a session id, a mode) keeps its first sentence and no examples.
        for (name, definition) in defs {
            guard case .object(var fields) = definition else { continue }
            fields["examples"] = nil
            if let text = fields["description"]?.stringValue {
                fields["description"] = .string(shortDescriptions[name] ?? firstSentence(text))
            }
            defs[name] = .object(fields)
        }
        for (name, definition) in defs where definition.serialized().utf8.count > limit {
            let summary = definition["description"]?.stringValue.map { $0 + " " } ?? ""
            defs[name] = [
                "type": definition["type"] ?? "object",
                "description": .string(summary + "Its whole schema: the resource choreo://schemas/\(name)."),
            ]
        }
        // Every tool takes `session`: its definition says what it is, once per tool.
        if case .object(var properties)? = members["properties"], case .object(var session)? = properties["session"],
            session["$ref"] != nil
        {
            session["description"] = nil
            properties["session"] = .object(session)
            members["properties"] = .object(properties)
        }
        // Keep the definitions still referred to, from the properties or from other kept definitions.
        members["$defs"] = nil
        var kept: [String: JSONValue] = [:]
        var pending = references(in: .object(members))
        while let name = pending.popLast() {
            guard kept[name] == nil, let definition = defs[name] else { continue }
            kept[name] = definition
            pending += references(in: definition)
        }
        // A definition the tool refers to once is written where it is used (a `$defs` entry and a reference cost more
        // than the definition itself).
        var uses: [String: Int] = [:]
        for name in references(in: .object(members)) + kept.values.flatMap(references(in:)) {
            uses[name, default: 0] += 1
        }
        let once = Set(kept.keys.filter { uses[$0] == 1 && !kept.values.flatMap(references(in:)).contains($0) })
        if !once.isEmpty {
            members = inlined(.object(members), kept.filter { once.contains($0.key) }).objectValue ?? members
            for name in once { kept[name] = nil }
        }
        if !kept.isEmpty { members["$defs"] = .object(kept) }
        return .object(members)
    }

    /// `value` with each reference to one of `definitions` replaced by the definition (the reference's own fields
    /// kept over it; its description put before the definition's).
    private static func inlined(_ value: JSONValue, _ definitions: [String: JSONValue]) -> JSONValue {
        switch value {
        case .object(var members):
            if let ref = members["$ref"]?.stringValue, ref.hasPrefix("#/$defs/"),
                case .object(var definition)? = definitions[String(ref.dropFirst("#/$defs/".count))]
            {
                members["$ref"] = nil
                for (key, field) in members {
                    // Both descriptions: what this parameter is, then what the shared schema says (its units, where
                    // its whole schema is).
                    if key == "description", let own = field.stringValue, let shared = definition[key]?.stringValue {
                        definition[key] = .string(own + " " + shared)
                    } else {
                        definition[key] = field
                    }
                }
                return .object(definition)
            }
            for (key, field) in members { members[key] = inlined(field, definitions) }
            return .object(members)
        case .array(let items): return .array(items.map { inlined($0, definitions) })
        default: return value
        }
    }

    /// The `$defs` names a schema refers to (`{"$ref": "#/$defs/NAME"}`).
    private static func references(in value: JSONValue) -> [String] {
        switch value {
        case .object(let members):
            var found = members.values.flatMap(references(in:))
            if let ref = members["$ref"]?.stringValue, ref.hasPrefix("#/$defs/") {
                found.append(String(ref.dropFirst("#/$defs/".count)))
            }
            return found
        case .array(let items): return items.flatMap(references(in:))
        default: return []
        }
    }

    /// Up to the first `. ` (or the end).
    static func firstSentence(_ text: String) -> String {
        guard let end = text.range(of: ". ") else { return text }
        return String(text[..<end.lowerBound]) + "."
    }
}
