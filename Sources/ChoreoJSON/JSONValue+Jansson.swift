internal import CJansson

extension JSONValue {
    /// Copies a jansson tree (borrowed, not consumed). Recursion depth is bounded by jansson's parser depth limit
    /// (`JSON_PARSER_MAX_DEPTH`, 2048) for trees that come from ``Jansson/load(_:)``.
    init(jansson json: UnsafeMutablePointer<json_t>) {
        switch CJansson_typeof(json) {
        case JSON_OBJECT:
            var members: [String: JSONValue] = [:]
            members.reserveCapacity(json_object_size(json))
            var iterator = json_object_iter(json)
            while let current = iterator {
                let key = String(
                    decoding: UnsafeRawBufferPointer(
                        start: json_object_iter_key(current), count: json_object_iter_key_len(current)),
                    as: UTF8.self)
                if let value = json_object_iter_value(current) {
                    members[key] = JSONValue(jansson: value)
                }
                iterator = json_object_iter_next(json, current)
            }
            self = .object(members)
        case JSON_ARRAY:
            let count = json_array_size(json)
            var elements: [JSONValue] = []
            elements.reserveCapacity(count)
            for index in 0..<count {
                if let element = json_array_get(json, index) {
                    elements.append(JSONValue(jansson: element))
                }
            }
            self = .array(elements)
        case JSON_STRING:
            self = .string(
                String(
                    decoding: UnsafeRawBufferPointer(start: json_string_value(json), count: json_string_length(json)),
                    as: UTF8.self))
        case JSON_INTEGER:
            self = .int(Int64(json_integer_value(json)))
        case JSON_REAL:
            self = .double(json_real_value(json))
        case JSON_TRUE:
            self = .bool(true)
        case JSON_FALSE:
            self = .bool(false)
        default:
            self = .null
        }
    }

    /// Builds a new jansson tree; the caller owns the returned reference and must `json_decref` it.
    ///
    /// `precision` (start it at ``Jansson/minimumRealPrecision``) is raised to the smallest `%.{p}g` precision at
    /// which every real in the tree reads back exactly. Integral doubles below 2^53 become JSON integers,
    /// non-finite doubles become `null`.
    func makeJansson(precision: inout Int32) -> UnsafeMutablePointer<json_t> {
        let made: UnsafeMutablePointer<json_t>?
        switch self {
        case .null:
            made = json_null()
        case .bool(let value):
            made = CJansson_boolean(value ? 1 : 0)
        case .int(let value):
            made = json_integer(json_int_t(value))
        case .double(let value):
            if value.magnitude < JSONValue.exactIntegerLimit, let integer = JSONValue.exactInt64(value) {
                made = json_integer(json_int_t(integer))
            } else if value.isFinite {
                // A value already rounded to 12 significant digits (every number Choreo computes) prints exactly
                // at the starting precision of 15; only other values need the round-trip search.
                while precision < Jansson.maximumRealPrecision, !JSONValue.hasReportedPrecision(value),
                    CJansson_real_round_trips(value, precision) == 0
                {
                    precision += 1
                }
                made = json_real(value)
            } else {
                made = json_null()
            }
        case .string(let value):
            made = JSONValue.withUTF8(value) { pointer, count in json_stringn_nocheck(pointer, count) }
        case .array(let elements):
            made = json_array()
            if let array = made {
                for element in elements {
                    let status = json_array_append_new(array, element.makeJansson(precision: &precision))
                    precondition(status == 0, "jansson failed to append to an array (out of memory?)")
                }
            }
        case .object(let members):
            made = json_object()
            if let object = made {
                // Members go in in byte order of their keys: jansson keeps insertion order, so the output is sorted
                // (and deterministic) without JSON_SORT_KEYS sorting every object again.
                for key in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                    let child = members[key]!.makeJansson(precision: &precision)
                    let status = JSONValue.withUTF8(key) { pointer, count in
                        json_object_setn_new_nocheck(object, pointer, count, child)
                    }
                    precondition(status == 0, "jansson failed to set an object member (out of memory?)")
                }
            }
        }
        guard let made else { fatalError("jansson failed to allocate a JSON value (out of memory)") }
        return made
    }

    /// Calls `body` with a pointer to `string`'s UTF-8 bytes (never NULL, may contain NUL) and their count.
    private static func withUTF8<R>(_ string: String, _ body: (UnsafePointer<CChar>, Int) -> R) -> R {
        var string = string
        return string.withUTF8 { buffer in
            guard let base = buffer.baseAddress else { return body("", 0) }
            return body(UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), buffer.count)
        }
    }
}
