internal import CJansson

/// The kinds of JSON value, for reading a value without copying it.
public enum JSONKind: Sendable {
    case null, bool, number, string, array, object
}

/// What a reader of JSON needs, in place: a value's kind, an object's member, an array's elements, a string, and a
/// copy as a ``JSONValue`` for what is kept. ``JSONValue`` and ``JSONView`` (jansson's parse, read in place) both
/// provide it, so one set of rules (the JSON-RPC envelope's) reads either.
public protocol JSONReadable {
    /// The kind of value.
    var kind: JSONKind { get }
    /// An object's member named `key`; nil when absent or when this is not an object.
    func member(_ key: String) -> Self?
    /// An array's elements, in order; empty when this is not an array.
    var elements: [Self] { get }
    /// A string's value; nil when this is not a string.
    var stringValue: String? { get }
    /// The value, copied.
    var json: JSONValue { get }
}

extension JSONValue: JSONReadable {
    public var kind: JSONKind {
        switch self {
        case .null: .null
        case .bool: .bool
        case .int, .double: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    public func member(_ key: String) -> JSONValue? { self[key] }

    public var elements: [JSONValue] { arrayValue ?? [] }

    public var json: JSONValue { self }
}

/// A value inside a document jansson parsed, read in place: no ``JSONValue`` tree is built for the parts that are
/// only looked at (a request's `jsonrpc`, `method` and `id`). Valid only inside the closure of
/// ``withParsed(_:_:)``, which owns the document; never keep one.
public struct JSONView: JSONReadable {
    private let raw: OpaquePointer

    private var pointer: UnsafeMutablePointer<json_t> { UnsafeMutablePointer(raw) }

    /// Parses `bytes` exactly as ``JSONValue/parse(_:)-(UnsafeRawBufferPointer)`` does (the same errors) and calls
    /// `body` with the document's root; the document is freed when `body` returns.
    public static func withParsed<R>(
        _ bytes: UnsafeRawBufferPointer, _ body: (JSONView) -> R
    ) throws(JSONParseError) -> R {
        let root = try Jansson.load(bytes)
        defer { CJansson_decref(root) }
        return body(JSONView(raw: OpaquePointer(root)))
    }

    public var kind: JSONKind {
        switch CJansson_typeof(pointer) {
        case JSON_OBJECT: .object
        case JSON_ARRAY: .array
        case JSON_STRING: .string
        case JSON_INTEGER, JSON_REAL: .number
        case JSON_TRUE, JSON_FALSE: .bool
        default: .null
        }
    }

    public func member(_ key: String) -> JSONView? {
        guard CJansson_is_object(pointer) != 0 else { return nil }
        var key = key
        let found = key.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { text in
                guard let base = text.baseAddress else { return json_object_getn(pointer, "", 0) }
                return json_object_getn(pointer, base, text.count)
            }
        }
        return found.map { JSONView(raw: OpaquePointer($0)) }
    }

    public var elements: [JSONView] {
        guard CJansson_is_array(pointer) != 0 else { return [] }
        return (0..<json_array_size(pointer)).compactMap { index in
            json_array_get(pointer, index).map { JSONView(raw: OpaquePointer($0)) }
        }
    }

    public var stringValue: String? {
        guard CJansson_is_string(pointer) != 0 else { return nil }
        return String(
            decoding: UnsafeRawBufferPointer(start: json_string_value(pointer), count: json_string_length(pointer)),
            as: UTF8.self)
    }

    public var json: JSONValue { JSONValue(jansson: pointer) }
}
