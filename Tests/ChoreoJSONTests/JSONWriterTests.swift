import Testing

@testable import ChoreoJSON

/// ``JSONWriter`` against jansson's own serializer (`json_dumps`, JSON_COMPACT) on the same values: the wire format
/// must not move by one byte.
@Suite("JSONWriter writes what jansson writes")
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

    @Test("20,000 random values come out byte for byte as jansson writes them")
    func randomValuesMatch() {
        var generator = Generator(state: 19)
        for _ in 0..<20_000 {
            let value = generator.value(depth: 0)
            let written = value.serializedBytes()
            let jansson = value.janssonSerializedBytes()
            #expect(
                written == jansson,
                "\(String(decoding: written, as: UTF8.self)) != \(String(decoding: jansson, as: UTF8.self))")
            if written != jansson { return }
        }
    }

    @Test("Every reported real alone, and next to a real that needs 17 digits, matches jansson")
    func realsMatch() {
        var generator = Generator(state: 7)
        for _ in 0..<50_000 {
            let d = generator.real()
            for value in [JSONValue.double(d), .array([.double(d), .double(1.0 / 3.0)])] {
                #expect(value.serializedBytes() == value.janssonSerializedBytes(), "\(d)")
            }
        }
    }
}
