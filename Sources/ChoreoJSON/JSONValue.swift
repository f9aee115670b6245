/// A JSON value: the only JSON representation that leaves `ChoreoJSON`.
///
/// Numbers keep jansson's distinction between integers (`.int`, any JSON number without a fraction or exponent
/// that fits in `Int64`) and reals (`.double`), but equality and hashing are numeric: `.int(1) == .double(1.0)`.
/// Objects are unordered; serialization sorts their keys.
///
/// Parse with ``parse(_:)-(String)`` and friends, serialize with ``serialized()`` or ``prettyPrinted()``.
public enum JSONValue: Sendable, Hashable {
    /// JSON `null`.
    case null
    /// JSON `true` or `false`.
    case bool(Bool)
    /// A JSON integer (no fraction, no exponent) that fits in `Int64`.
    case int(Int64)
    /// A JSON real. Non-finite values serialize as `null`.
    case double(Double)
    /// A JSON string; may contain U+0000.
    case string(String)
    /// A JSON array.
    case array([JSONValue])
    /// A JSON object. Keys are compared as Swift `String`s (Unicode canonical equivalence).
    case object([String: JSONValue])
}
