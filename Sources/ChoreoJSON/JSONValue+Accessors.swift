extension JSONValue {
    /// Whether this is `.null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The value of a `.bool`, else `nil`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The value of an `.int`, or of a `.double` whose value is exactly integral and fits in `Int64`; else `nil`.
    public var intValue: Int64? {
        switch self {
        case .int(let value): return value
        case .double(let value): return JSONValue.exactInt64(value)
        default: return nil
        }
    }

    /// The value of a `.double`, or of an `.int` converted to `Double` (rounded to nearest beyond 2^53); else `nil`.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    /// The value of a `.string`, else `nil`.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The elements of an `.array`, else `nil`.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members of an `.object`, else `nil`.
    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The member named `key` of an `.object`; `nil` if this is not an object or has no such member.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The element at `index` of an `.array`; `nil` if this is not an array or `index` is out of bounds.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
        return nil
    }

    /// The JSON type name for error messages: `"null"`, `"boolean"`, `"integer"` (`.int`), `"number"` (`.double`),
    /// `"string"`, `"array"` or `"object"`.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .int: return "integer"
        case .double: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}
