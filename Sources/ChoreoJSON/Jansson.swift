internal import CJansson

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// jansson wants `json_object_seed(0)` once, before any object is created and before threads race to do it.
/// A global `let` is initialized lazily and exactly once (thread-safe).
private let janssonSeeded: Void = json_object_seed(0)

/// Process-wide jansson setup and the raw load/dump calls. Every `json_t` stays inside this module.
enum Jansson {
    /// Decode flags: any value at top level, escaped `\u0000` kept in strings.
    static let decodeFlags = Int(JSON_DECODE_ANY | JSON_ALLOW_NUL)

    /// Encode flags for the wire: one line, keys sorted, any value at top level.
    static let compactFlags = Int(JSON_COMPACT | JSON_ENCODE_ANY)

    /// Encode flags for people: 2-space indent, keys sorted, any value at top level.
    static let prettyFlags = CJansson_indent(2) | Int(JSON_ENCODE_ANY)

    /// Real precisions tried, smallest first; 17 significant digits always round-trip a `Double`.
    static let minimumRealPrecision: Int32 = 15
    static let maximumRealPrecision: Int32 = 17

    /// Calls `json_object_seed(0)` the first time it runs; cheap afterwards.
    static func ensureSeeded() {
        janssonSeeded
    }

    /// Parses `bytes` with ``decodeFlags`` (and every integer read as a real when `integersAsReals`); returns a new
    /// reference the caller must `json_decref`.
    static func load(
        _ bytes: UnsafeRawBufferPointer, integersAsReals: Bool = false
    ) throws(JSONParseError) -> UnsafeMutablePointer<json_t> {
        ensureSeeded()
        let decodeFlags = integersAsReals ? decodeFlags | Int(JSON_DECODE_INT_AS_REAL) : decodeFlags
        var error = json_error_t()
        let root: UnsafeMutablePointer<json_t>?
        if let base = bytes.baseAddress {
            let text = base.assumingMemoryBound(to: CChar.self)
            let nulOffset = CJansson_nul_offset(text, bytes.count)
            if nulOffset >= 0 { throw JSONParseError(rawNulAt: nulOffset, in: bytes) }
            root = json_loadb(text, bytes.count, decodeFlags, &error)
        } else {
            root = json_loadb("", 0, decodeFlags, &error)
        }
        guard let root else { throw JSONParseError(jansson: error) }
        return root
    }

    /// Serializes `root` with `flags` and calls `body` with the bytes (no trailing newline; never a raw NUL, which
    /// jansson escapes), valid only during the call. One pass in C (`json_dumps`), no callback per token.
    static func withDump<R>(_ root: UnsafeMutablePointer<json_t>, flags: Int, _ body: (UnsafeRawBufferPointer) -> R)
        -> R
    {
        guard let text = json_dumps(root, flags) else {
            preconditionFailure("jansson failed to serialize a JSON tree (out of memory?)")
        }
        defer { free(text) }
        return body(UnsafeRawBufferPointer(start: text, count: strlen(text)))
    }
}
