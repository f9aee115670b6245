extension JSONValue {
    /// Structural equality, except that numbers compare numerically across `.int` and `.double`:
    /// `.int(1) == .double(1.0)`, `.int(1) != .double(1.5)`. Doubles follow IEEE rules (`nan != nan`, `0 == -0`).
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null):
            return true
        case (.bool(let a), .bool(let b)):
            return a == b
        case (.int(let a), .int(let b)):
            return a == b
        case (.double(let a), .double(let b)):
            return a == b
        case (.int(let a), .double(let b)), (.double(let b), .int(let a)):
            return JSONValue.exactInt64(b) == a
        case (.string(let a), .string(let b)):
            return a == b
        case (.array(let a), .array(let b)):
            return a == b
        case (.object(let a), .object(let b)):
            return a == b
        default:
            return false
        }
    }

    /// Hashes consistently with `==`: a `.double` whose value is integral and fits in `Int64` hashes like that
    /// `.int`.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null:
            hasher.combine(0 as UInt8)
        case .bool(let value):
            hasher.combine(1 as UInt8)
            hasher.combine(value)
        case .int(let value):
            hasher.combine(2 as UInt8)
            hasher.combine(value)
        case .double(let value):
            if let integer = JSONValue.exactInt64(value) {
                hasher.combine(2 as UInt8)
                hasher.combine(integer)
            } else {
                hasher.combine(3 as UInt8)
                hasher.combine(value)
            }
        case .string(let value):
            hasher.combine(4 as UInt8)
            hasher.combine(value)
        case .array(let value):
            hasher.combine(5 as UInt8)
            hasher.combine(value)
        case .object(let value):
            hasher.combine(6 as UInt8)
            hasher.combine(value)
        }
    }
}
