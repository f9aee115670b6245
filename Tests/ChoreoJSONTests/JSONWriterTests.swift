import Testing

@testable import ChoreoJSON

/// ``JSONWriter`` against jansson's own serializer (`json_dumps`, JSON_COMPACT and JSON_INDENT(2)) on the same values:
/// byte for byte, except that each real is written as jansson writes that real alone (jansson's one precision for a
/// whole document made one 17-digit real stretch every other real to 17 digits: issue 46 #4).
@Suite("JSONWriter writes what jansson writes, each real at its own precision")
struct JSONWriterTests {
    /// A deterministic generator (SplitMix64), so a failure reproduces.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

        /// A real at any magnitude from 10⁻¹² to 10¹⁸, reported (12 digits) or raw, either sign, or a special one.
        mutating func real() -> Double {
            let specials: [Double] = [
                0, -0.0, 0.1, 0.5, 1e-5, 1.5e-5, 1e-4, 0.0001234, 9.99999999999e-5, 1e15, 999_999_999_999_999,
                1e16, 1e20, 1e300, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, 1.0 / 3.0,
                2.0 / 3.0,
                123_456.789, 0.30000000000000004, 9_007_199_254_740_992, 9_007_199_254_740_994, .nan, .infinity,
            ]
            if below(8) == 0 { return specials[below(specials.count)] * (below(2) == 0 ? 1 : -1) }
            let exponent = Double(below(31) - 12)
            var d = (1 + unit() * 9) * pow10(exponent)
            if below(2) == 0 { d = -d }
            switch below(4) {
            case 0: return d
            case 1: return JSONValue.reported(d)
            case 2: return (d * 1000).rounded() / 1000
            default: return JSONValue.reported(d / 7)
            }
        }

        func pow10(_ e: Double) -> Double {
            var r = 1.0
            if e >= 0 { for _ in 0..<Int(e) { r *= 10 } } else { for _ in 0..<Int(-e) { r /= 10 } }
            return r
        }

        mutating func string() -> String {
            let pieces = [
                "a", "Z", "\"", "\\", "\n", "\t", "\r", "\u{8}", "\u{C}", "\u{1}", "\u{1F}", "\u{0}", "/",
                "é", "😀", "\u{7F}", "key", " ", "\u{2028}",
            ]
            return (0..<below(6)).map { _ in pieces[below(pieces.count)] }.joined()
        }

        mutating func value(depth: Int) -> JSONValue {
            switch below(depth > 3 ? 6 : 8) {
            case 0: return .null
            case 1: return .bool(below(2) == 0)
            case 2: return .int(Int64(bitPattern: next()) >> Int64(below(64)))
            case 3, 4: return .double(real())
            case 5: return .string(string())
            case 6: return .array((0..<below(5)).map { _ in value(depth: depth + 1) })
            default:
                var members: [String: JSONValue] = [:]
                for _ in 0..<below(6) { members[string()] = value(depth: depth + 1) }
                return .object(members)
            }
        }
    }

    /// The compact text jansson writes for `value` when every scalar is written alone: the structure here, every
    /// number and string from jansson itself.
    static func janssonPieceByPiece(_ value: JSONValue) -> String {
        switch value {
        case .array(let elements): return "[" + elements.map(janssonPieceByPiece).joined(separator: ",") + "]"
        case .object(let members):
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            return "{"
                + keys.map { key in
                    String(decoding: JSONValue.string(key).janssonSerializedBytes(), as: UTF8.self) + ":"
                        + janssonPieceByPiece(members[key]!)
                }.joined(separator: ",") + "}"
        default: return String(decoding: value.janssonSerializedBytes(), as: UTF8.self)
        }
    }

    /// `value` with every real cut to at most 15 significant digits (three decimals, below 10¹²), which jansson writes
    /// at 15 whatever else the document holds: there one precision for all and one for each agree.
    static func reportedOnly(_ value: JSONValue) -> JSONValue {
        switch value {
        case .double(let d):
            return .double(d.isFinite ? (d.truncatingRemainder(dividingBy: 1e12) * 1000).rounded() / 1000 : d)
        case .array(let elements): return .array(elements.map(reportedOnly))
        case .object(let members): return .object(members.mapValues(reportedOnly))
        default: return value
        }
    }

    @Test("20,000 random values come out as jansson writes each of their pieces")
    func randomValuesMatch() {
        var generator = Generator(state: 19)
        for _ in 0..<20_000 {
            let value = generator.value(depth: 0)
            let written = String(decoding: value.serializedBytes(), as: UTF8.self)
            let expected = Self.janssonPieceByPiece(value)
            #expect(written == expected)
            if written != expected { return }
        }
    }

    @Test("Values whose reals need 15 digits come out byte for byte as jansson writes them, compact and indented")
    func reportedValuesMatchJanssonWhole() {
        var generator = Generator(state: 23)
        for _ in 0..<10_000 {
            let value = Self.reportedOnly(generator.value(depth: 0))
            let compact = value.serializedBytes()
            let jansson = value.janssonSerializedBytes()
            #expect(compact == jansson, "\(String(decoding: compact, as: UTF8.self))")
            #expect(value.prettyPrinted() == value.janssonPrettyPrinted())
            if compact != jansson || value.prettyPrinted() != value.janssonPrettyPrinted() { return }
        }
    }

    @Test("Every real alone, and next to a real that needs 17 digits, is written as jansson writes it alone")
    func realsMatch() {
        var generator = Generator(state: 7)
        let third = String(decoding: JSONValue.double(1.0 / 3.0).janssonSerializedBytes(), as: UTF8.self)
        for _ in 0..<50_000 {
            let d = generator.real()
            let alone = String(decoding: JSONValue.double(d).janssonSerializedBytes(), as: UTF8.self)
            #expect(JSONValue.double(d).serialized() == alone, "\(d)")
            #expect(JSONValue.array([.double(d), .double(1.0 / 3.0)]).serialized() == "[\(alone),\(third)]", "\(d)")
        }
    }

    /// The reported case of issue 46 #4: trace.get's `now` next to a 17-digit `ms` in the same reply.
    @Test func aSeventeenDigitRealLeavesTheOthersAlone() {
        let reply: JSONValue = ["now": 33.333333, "events": [["params": ["ms": 16.666666666666668], "t": 16.666666]]]
        #expect(
            reply.serialized()
                == #"{"events":[{"params":{"ms":16.666666666666668},"t":16.666666}],"now":33.333333}"#)
        #expect(reply.prettyPrinted().contains(#""now": 33.333333"#))
    }
}
