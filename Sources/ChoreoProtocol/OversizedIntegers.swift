import ChoreoAppKit
import ChoreoJSON

/// A line that is valid JSON but holds an integer too large for 64 bits (`"seed": 9223372036854775808`): jansson
/// refuses it, so it is read again with every integer as a real number, only to answer each request with its own
/// id and a -32602 naming the parameter (a client waiting for its id never hangs on a parse error). Nothing in
/// such a line runs: the other integers were read as reals too, which could change what they mean.
enum OversizedIntegers {
    /// The smallest magnitude that does not fit in an `Int64` (2⁶³).
    static let limit = 9_223_372_036_854_775_808.0

    /// The replies owed for a line read with integers as reals.
    static func decode(_ value: JSONValue) -> RPCProcessor.Decoded {
        switch value {
        case .array(let items) where !items.isEmpty:
            let culprits = items.map { oversized(in: $0["params"], at: "") }
            let reason =
                "another request of this batch holds an integer too large for 64 bits; send it again without it"
            return .batch(
                zip(items, culprits).map { item, culprit in
                    entry(item, culprit: culprit, otherwise: .invalidRequest(reason))
                })
        case .object:
            return .single(
                entry(value, culprit: oversized(in: value["params"], at: ""), otherwise: .invalidRequest(tooLarge)))
        default:
            return .error(.invalidRequest(tooLarge))
        }
    }

    private static let tooLarge = "the request holds an integer too large for 64 bits (more than 9223372036854775807)"

    /// The reply for one element: -32602 naming `culprit` when its params hold the oversized integer, else `error`.
    private static func entry(_ item: JSONValue, culprit: String?, otherwise error: RPCError) -> RPCProcessor.Entry {
        let id = recoveredID(item["id"])
        guard let id else {
            return .invalid(id: .null, error: .invalidRequest("'id' is an integer too large for 64 bits"))
        }
        guard let culprit else { return .invalid(id: id, error: error) }
        return .invalid(
            id: id,
            error: .invalidParams(
                culprit, expected: "a number that fits in 64 bits (at most 9223372036854775807 in magnitude)"))
    }

    /// The request's id as the client wrote it: an integer read as a real becomes an integer again; nil when the
    /// id itself was the oversized integer.
    static func recoveredID(_ id: JSONValue?) -> JSONValue? {
        switch id {
        case nil: return .null
        case .double(let number)?:
            guard abs(number) < limit else { return nil }
            return number == number.rounded() ? .int(Int64(number)) : .double(number)
        case .some(let other): return other
        }
    }

    /// The dotted path of the first number in `value` too large for 64 bits, or nil.
    static func oversized(in value: JSONValue?, at path: String) -> String? {
        switch value {
        case .double(let number)?:
            return abs(number) >= limit ? (path.isEmpty ? "params" : path) : nil
        case .object(let object)?:
            for key in object.keys.sorted() {
                if let found = oversized(in: object[key], at: path.isEmpty ? key : "\(path).\(key)") { return found }
            }
            return nil
        case .array(let array)?:
            for (index, element) in array.enumerated() {
                if let found = oversized(in: element, at: path.isEmpty ? "\(index)" : "\(path).\(index)") {
                    return found
                }
            }
            return nil
        default:
            return nil
        }
    }
}
