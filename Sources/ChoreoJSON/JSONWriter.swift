internal import CJansson

/// Writes JSON text straight from a ``JSONValue`` into a byte array, compact or indented, as jansson's `json_dumps`
/// writes it (`JSON_COMPACT`, or `JSON_INDENT(2)`) but for one thing: each real is written with its own shortest
/// precision, where jansson uses one precision for the whole document (issue 46 #4: one 17-digit real in a reply made
/// every other real in it print 17 digits, `16.666665999999999` for the `16.666666` every other reply said). No
/// jansson tree is built: no allocation per value, no key sorting inside jansson.
///
/// What jansson does and this does too:
/// - objects `{"k":v,...}` with keys in byte order of their UTF-8, arrays `[a,b]`, no spaces;
/// - strings: `"` and `\` escaped with a backslash, `\b \f \n \r \t` by name, other bytes below 0x20 as `\u00XX`
///   (upper-case hex), everything else (UTF-8 included) as is;
/// - integers in decimal; integral doubles below 2^53 as integers; non-finite doubles as `null`;
/// - each real as `%.{p}g`, where `p` is the smallest precision from 15 up to 17 at which that real reads back
///   exactly (what jansson writes for the real alone), with `.0` appended when there is neither `.` nor `e`, and the
///   exponent without `+` or leading zeros (`1e-05` → `1e-5`);
/// - indented: members and elements one per line, two spaces a level, `"key": value`, `[]` and `{}` when empty.
///
/// A real that has Choreo's reported precision (12 significant digits) is formatted here from its digits, without
/// `snprintf`; every other real goes through `snprintf` as in jansson. `JSONWriterTests` compares the two paths on
/// random values, and every output with jansson's for each real alone.
///
/// Besides whole values, it writes compact text piece by piece (`JSONWriter+Streaming.swift`), for a producer that
/// writes its typed values straight to text without building a ``JSONValue`` tree (`state.get`'s tree).
public struct JSONWriter {
    /// The text written so far.
    var bytes: [UInt8] = []
    /// Spaces per level when indented; 0 for compact text.
    private let indent: Int
    /// The current nesting depth (indented text only).
    private var depth = 0
    /// Piece by piece: whether the next member or element follows another in its container (needs a comma).
    var needsComma = false
    /// Piece by piece: open containers, each `true` for an object; what ``JSONWriter/text`` checks is balanced.
    var open: [Bool] = []
    /// Piece by piece: whether the text is still well formed (every call in its place).
    var wellFormed = true
    /// Piece by piece: whether a key was written whose value has not been.
    var awaitingValue = false
    /// Whether a real written so far is not finite or is past ``JSONValue/largestReportableMagnitude`` (written as
    /// the writer writes it, `null` for a non-finite one): a producer that must not report one checks this.
    public internal(set) var wroteUnreportableNumber = false

    init(indent: Int = 0, capacity: Int = 256) {
        self.indent = indent
        bytes.reserveCapacity(capacity)
    }

    /// `value` as compact text.
    static func serialize(_ value: JSONValue) -> [UInt8] {
        var writer = JSONWriter()
        writer.write(value)
        return writer.bytes
    }

    /// `value` indented by two spaces a level, for people.
    static func prettyPrint(_ value: JSONValue) -> [UInt8] {
        var writer = JSONWriter(indent: 2)
        writer.write(value)
        return writer.bytes
    }

    /// Appends `value` (as a whole: no comma before it).
    mutating func write(_ value: JSONValue) {
        switch value {
        case .null:
            append("null")
        case .bool(let b):
            append(b ? "true" : "false")
        case .int(let i):
            writeInteger(i)
        case .double(let d):
            writeDouble(d)
        case .string(let s):
            writeString(s)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            if indent > 0, !elements.isEmpty {
                depth += 1
                for (index, element) in elements.enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    newline()
                    write(element)
                }
                depth -= 1
                newline()
            } else {
                for (index, element) in elements.enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    write(element)
                }
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members) where indent > 0:
            bytes.append(UInt8(ascii: "{"))
            guard !members.isEmpty else {
                bytes.append(UInt8(ascii: "}"))
                return
            }
            depth += 1
            let sorted = members.sorted { JSONWriter.precedes($0.key, $1.key) }
            for (index, (key, member)) in sorted.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                newline()
                writeMember(key, member)
            }
            depth -= 1
            newline()
            bytes.append(UInt8(ascii: "}"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            if members.count <= 3 {
                // Up to three members (a reply's envelope, most small objects): ordered by comparisons, with no
                // array to allocate.
                var iterator = members.makeIterator()
                var a = iterator.next()
                var b = iterator.next()
                var c = iterator.next()
                func swapIfAfter(
                    _ x: inout (key: String, value: JSONValue)?, _ y: inout (key: String, value: JSONValue)?
                ) {
                    if let p = x, let q = y, JSONWriter.precedes(q.key, p.key) { swap(&x, &y) }
                }
                swapIfAfter(&a, &b)
                swapIfAfter(&b, &c)
                swapIfAfter(&a, &b)
                // The members present come first (a swap needs two), so a, b, c are written in order.
                if let a { writeMember(a.key, a.value) }
                if let b {
                    bytes.append(UInt8(ascii: ","))
                    writeMember(b.key, b.value)
                }
                if let c {
                    bytes.append(UInt8(ascii: ","))
                    writeMember(c.key, c.value)
                }
            } else {
                let sorted = members.sorted { JSONWriter.precedes($0.key, $1.key) }
                for (index, (key, member)) in sorted.enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    writeMember(key, member)
                }
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Whether `a`'s UTF-8 comes before `b`'s in byte order (jansson's key order).
    @usableFromInline
    static func precedes(_ a: String, _ b: String) -> Bool {
        let ordered = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                let common = min(x.count, y.count)
                var index = 0
                while index < common {
                    if x[index] != y[index] { return x[index] < y[index] }
                    index += 1
                }
                return x.count < y.count
            }
        }
        return (ordered ?? nil) ?? a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// `"key":value` (`"key": value` indented).
    private mutating func writeMember(_ key: String, _ value: JSONValue) {
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
        if indent > 0 { bytes.append(UInt8(ascii: " ")) }
        write(value)
    }

    /// A line break and the current level's indentation.
    private mutating func newline() {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * indent))
    }

    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Decimal digits of `i`, with `-` when negative.
    mutating func writeInteger(_ i: Int64) {
        if i < 0 { bytes.append(UInt8(ascii: "-")) }
        writeDigits(i.magnitude)
    }

    /// The decimal digits of `n` (no sign, no leading zeros; `0` for zero).
    private mutating func writeDigits(_ n: UInt64) {
        guard n >= 10 else {
            bytes.append(UInt8(ascii: "0") + UInt8(n))
            return
        }
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for the 20 digits of UInt64.max
        var n = n
        withUnsafeMutableBytes(of: &scratch) { raw in
            var end = raw.count
            while n > 0 {
                end -= 1
                raw[end] = UInt8(ascii: "0") + UInt8(n % 10)
                n /= 10
            }
            bytes.append(contentsOf: raw[end...])
        }
    }

    private mutating func writeDouble(_ d: Double) {
        if !(d.magnitude <= JSONValue.largestReportableMagnitude) { wroteUnreportableNumber = true }
        if d.magnitude < JSONValue.exactIntegerLimit, let integer = JSONValue.exactInt64(d) {
            writeInteger(integer)
        } else if !d.isFinite {
            append("null")
        } else if !writeReportedReal(d) {
            var precision = Jansson.minimumRealPrecision
            while precision < Jansson.maximumRealPrecision, CJansson_real_round_trips(d, precision) == 0 {
                precision += 1
            }
            writeFormattedReal(d, precision: precision)
        }
    }

    /// Writes `d` as `%.15g` and jansson's clean-up would, from its digits, when it has the reported precision
    /// (at most 12 significant digits, 10⁻¹⁰ ≤ |d| < 10¹⁵). Returns false, having written nothing, otherwise.
    ///
    /// The digits are `M = round(|d| × 10^shift)` with `M` below 10¹³; when `M / 10^shift` (one correctly rounded
    /// operation on exact values) gives back `|d|`, the decimal `M × 10^-shift` is the double's nearest, and having
    /// at most 15 significant digits it is exactly what `%.15g` prints (DBL_DIG is 15), trailing zeros removed.
    private mutating func writeReportedReal(_ d: Double) -> Bool {
        let m = d.magnitude
        guard m >= 1e-10, m < 1e15 else { return false }
        var exponent = 0  // 10^exponent <= m < 10^(exponent + 1), give or take the rounding of the comparisons
        if m >= 1 {
            while exponent < 14, JSONWriter.powersOfTen[exponent + 1] <= m { exponent += 1 }
        } else {
            while exponent > -10, m * JSONWriter.powersOfTen[-exponent] < 1 { exponent -= 1 }
        }
        let shift = 11 - exponent
        let mantissa: UInt64
        if shift >= 0 {
            let scale = JSONWriter.powersOfTen[shift]
            let x = (m * scale).rounded()
            guard x < 1e13, x >= 1 else { return false }
            mantissa = UInt64(x)
            guard Double(mantissa) / scale == m else { return false }
        } else {
            let scale = JSONWriter.powersOfTen[-shift]
            let x = (m / scale).rounded()
            guard x < 1e13, x >= 1 else { return false }
            mantissa = UInt64(x)
            guard Double(mantissa) * scale == m else { return false }
        }
        // Significant digits, trailing zeros dropped: digits × 10^lastExponent.
        var digits = mantissa
        var lastExponent = -shift
        while digits % 10 == 0 {
            digits /= 10
            lastExponent += 1
        }
        var count = 1
        var bound: UInt64 = 10
        while count < 20, digits >= bound {
            count += 1
            bound &*= 10
        }
        let decimalExponent = count - 1 + lastExponent  // of the first digit
        if d < 0 { bytes.append(UInt8(ascii: "-")) }
        if decimalExponent < -4 || decimalExponent >= 15 {
            // %e style: d.ddd then the exponent as jansson leaves it (no '+', no leading zeros).
            let start = bytes.count
            writeDigits(digits)
            if count > 1 { bytes.insert(UInt8(ascii: "."), at: start + 1) }
            bytes.append(UInt8(ascii: "e"))
            if decimalExponent < 0 { bytes.append(UInt8(ascii: "-")) }
            writeDigits(UInt64(decimalExponent.magnitude))
        } else if decimalExponent < 0 {
            bytes.append(UInt8(ascii: "0"))
            bytes.append(UInt8(ascii: "."))
            for _ in 0..<(-decimalExponent - 1) { bytes.append(UInt8(ascii: "0")) }
            writeDigits(digits)
        } else {
            let start = bytes.count
            writeDigits(digits)
            let integerDigits = decimalExponent + 1
            if integerDigits >= count {
                for _ in 0..<(integerDigits - count) { bytes.append(UInt8(ascii: "0")) }
                append(".0")
            } else {
                bytes.insert(UInt8(ascii: "."), at: start + integerDigits)
            }
        }
        return true
    }

    /// Writes `d` as jansson does: `%.{precision}g`, then its clean-up.
    private mutating func writeFormattedReal(_ d: Double, precision: Int32) {
        var buffer: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &buffer) { raw in
            let text = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
            let length = CJansson_format_real(text, raw.count, d, precision)
            precondition(length > 0, "a real could not be formatted")
            bytes.append(contentsOf: UnsafeRawBufferPointer(start: raw.baseAddress, count: Int(length)))
        }
    }

    /// Writes `s` quoted, escaped as jansson escapes it.
    mutating func writeString(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        if s.utf8.withContiguousStorageIfAvailable({ writeEscaped($0) }) == nil {
            Array(s.utf8).withUnsafeBufferPointer { writeEscaped($0) }  // a bridged string: copied first
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `utf8` with `"`, `\` and the bytes below 0x20 escaped; runs that need nothing are copied whole.
    private mutating func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        var index = 0
        let count = utf8.count
        while index < count {
            let byte = utf8[index]
            if byte >= 0x20, byte != 0x22, byte != 0x5C {
                index += 1
                continue
            }
            if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
            index += 1
            runStart = index
            bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case 0x22: bytes.append(UInt8(ascii: "\""))
            case 0x5C: bytes.append(UInt8(ascii: "\\"))
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            default:
                append("u00")
                bytes.append(JSONWriter.hexDigits[Int(byte >> 4)])
                bytes.append(JSONWriter.hexDigits[Int(byte & 0xF)])
            }
        }
        if runStart < count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count])) }
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// Exact powers of ten, 10⁰ … 10²².
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22,
    ]
}
