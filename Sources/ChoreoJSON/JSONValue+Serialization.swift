internal import CJansson

extension JSONValue: CustomStringConvertible {
    /// Compact JSON (JSON_COMPACT), keys sorted (JSON_SORT_KEYS) so output is deterministic, never contains a raw
    /// newline, no trailing newline. Non-finite doubles become null.
    ///
    /// Integral doubles below 2^53 print as integers (`.double(400)` → `400`). Each real prints with its own smallest
    /// precision in 15...17 significant digits at which it reads back exactly, so `0.1` prints as `0.1` whatever else
    /// the value holds.
    public func serialized() -> String {
        String(decoding: serializedBytes(), as: UTF8.self)
    }

    /// The UTF-8 bytes of ``serialized()``.
    public func serializedBytes() -> [UInt8] {
        withSerializedBytes { Array($0) }
    }

    /// Calls `body` with the UTF-8 bytes of ``serialized()``, valid only during the call (saves a copy when they go
    /// straight into another buffer). Written by ``JSONWriter``: what jansson writes, each real at its own precision.
    @discardableResult
    public func withSerializedBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        JSONWriter.serialize(self).withUnsafeBytes(body)
    }

    /// ``serializedBytes()`` as jansson writes it (`json_dumps`, JSON_COMPACT, one precision for every real): what
    /// ``JSONWriter`` is checked against.
    func janssonSerializedBytes() -> [UInt8] {
        dump(flags: Jansson.compactFlags) { Array($0) }
    }

    /// ``prettyPrinted()`` as jansson writes it (`JSON_INDENT(2)`), for the same checks.
    func janssonPrettyPrinted() -> String {
        dump(flags: Jansson.prettyFlags) { String(decoding: $0, as: UTF8.self) }
    }

    /// Indented (2 spaces), keys sorted — for people. Numbers print as in ``serialized()``; no trailing newline.
    public func prettyPrinted() -> String {
        String(decoding: JSONWriter.prettyPrint(self), as: UTF8.self)
    }

    /// Same as ``serialized()``.
    public var description: String {
        serialized()
    }

    private func dump<R>(flags: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        Jansson.ensureSeeded()
        var precision = Jansson.minimumRealPrecision
        let root = makeJansson(precision: &precision)
        defer { CJansson_decref(root) }
        return Jansson.withDump(root, flags: flags | CJansson_real_precision(precision), body)
    }
}
