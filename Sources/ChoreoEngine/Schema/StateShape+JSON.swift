import ChoreoJSON

extension StateShape {
    /// The shape as JSON, for `app.describe` and contract files: `{type, …}` with `choices`, `unit`, `range`
    /// (`[min, max]`), `element`, `fields`, `key`/`value`, `shape`/`whenNull` or `description` as the type needs.
    public var json: JSONValue {
        switch self {
        case .bool: return ["type": "bool"]
        case .string(let choices):
            guard let choices else { return ["type": "string"] }
            return ["type": "string", "choices": .array(choices.map { .string($0) })]
        case .number(let unit, let range):
            var object: [String: JSONValue] = ["type": "number", "unit": .string(unit)]
            if let range { object["range"] = [.number(range.lowerBound), .number(range.upperBound)] }
            return .object(object)
        case .integer(let unit, let range):
            var object: [String: JSONValue] = ["type": "integer", "unit": .string(unit)]
            if let range { object["range"] = [.int(range.lowerBound), .int(range.upperBound)] }
            return .object(object)
        case .array(let element): return ["type": "array", "element": element.json]
        case .object(let fields): return ["type": "object", "fields": .array(fields.map(\.json))]
        case .map(let key, let value): return ["type": "map", "key": .string(key), "value": value.json]
        case .nullable(let shape, let whenNull):
            return ["type": "nullable", "shape": shape.json, "whenNull": .string(whenNull)]
        case .any(let description): return ["type": "any", "description": .string(description)]
        }
    }
}

extension StateField {
    /// `{name, shape, meaning, presentWhen?}`.
    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "name": .string(name), "shape": shape.json, "meaning": .string(meaning),
        ]
        if let presentWhen { object["presentWhen"] = .string(presentWhen) }
        return .object(object)
    }
}

extension TraceEventKind {
    /// `{kind, meaning, fields}`.
    public var json: JSONValue {
        ["kind": .string(kind), "meaning": .string(meaning), "fields": .array(fields.map(\.json))]
    }
}

extension HapticSource {
    /// `{source, styles, meaning}`.
    public var json: JSONValue {
        ["source": .string(source), "styles": .array(styles.map { .string($0.rawValue) }), "meaning": .string(meaning)]
    }
}
