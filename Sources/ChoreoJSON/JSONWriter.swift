internal import CJansson

/// Writes compact JSON text straight from a ``JSONValue`` into a byte array, byte for byte what jansson's
/// `json_dumps` writes for the same value (``JSONValue/makeJansson(precision:)`` then `JSON_COMPACT`), without
/// building jansson's tree: no allocation per value, no second walk, no key sorting inside jansson.
///
/// What jansson does and this does too:
/// - objects `{"k":v,...}` with keys in byte order of their UTF-8, arrays `[a,b]`, no spaces;
/// - strings: `"` and `\` escaped with a backslash, `\b \f \n \r \t` by name, other bytes below 0x20 as `\u00XX`
///   (upper-case hex), everything else (UTF-8 included) as is;
/// - integers in decimal; integral doubles below 2^53 as integers; non-finite doubles as `null`;
/// - reals as `%.{p}g`, where `p` is the smallest precision from 15 up to 17 at which every real of the value reads
///   back exactly, with `.0` appended when there is neither `.` nor `e`, and the exponent without `+` or leading
///   zeros (`1e-05` → `1e-5`).
///
/// A real that has Choreo's reported precision (12 significant digits) is formatted here from its digits, without
/// `snprintf`, when `p` is 15; every other real goes through `snprintf` as in jansson. `JSONWriterTests` compares
/// the two paths on random values.
struct JSONWriter {
    /// The text written so far.
    private(set) var bytes: [UInt8] = []
    /// The `%g` precision for reals: the smallest (15) at first, ``requiredPrecision(_:)`` when that is not enough.
    private let precision: Int32
    /// Whether a real written so far does not read back at ``precision``: the text must then be written again at
    /// ``requiredPrecision(_:)``.
    private(set) var needsMorePrecision = false

    init(precision: Int32 = Jansson.minimumRealPrecision, capacity: Int = 256) {
        self.precision = precision
        bytes.reserveCapacity(capacity)
    }

    /// `value` as jansson would write it: written once at 15 digits, which nearly always suffices (every number
    /// Choreo computes is rounded to 12), and again at the precision the value needs when a real did not read back.
    static func serialize(_ value: JSONValue) -> [UInt8] {
        var writer = JSONWriter()
        writer.write(value)
        guard writer.needsMorePrecision else { return writer.bytes }
        var exact = JSONWriter(precision: requiredPrecision(value), capacity: writer.bytes.count + 64)
        exact.write(value)
        return exact.bytes
    }

    /// The precision jansson would print `value`'s reals with: raised as ``JSONValue/makeJansson(precision:)`` raises
    /// it. The order of the walk does not matter: the nearest (p+1)-digit decimal is at least as close as the nearest
    /// p-digit one (which is a (p+1)-digit decimal too), so a real that reads back at p reads back at p+1, and the
    /// result is the largest of the reals' own smallest precisions.
    static func requiredPrecision(_ value: JSONValue) -> Int32 {
        var precision = Jansson.minimumRealPrecision
        raisePrecision(value, &precision)
        return precision
    }

    private static func raisePrecision(_ value: JSONValue, _ precision: inout Int32) {
        switch value {
        case .double(let d):
            guard !(d.magnitude < JSONValue.exactIntegerLimit && JSONValue.exactInt64(d) != nil), d.isFinite else {
                return
            }
            while precision < Jansson.maximumRealPrecision, !JSONValue.hasReportedPrecision(d),
                CJansson_real_round_trips(d, precision) == 0
            {
                precision += 1
            }
        case .array(let elements):
            for element in elements where precision < Jansson.maximumRealPrecision {
                raisePrecision(element, &precision)
            }
        case .object(let members):
            guard precision < Jansson.maximumRealPrecision else { return }
            for (_, member) in members { raisePrecision(member, &precision) }
        case .null, .bool, .int, .string:
            return
        }
    }

    /// Appends `value`.
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
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element)
            }
            bytes.append(UInt8(ascii: "]"))
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
    @inline(__always)
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

    /// `"key":value`.
    private mutating func writeMember(_ key: String, _ value: JSONValue) {
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
        write(value)
    }

    private mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Decimal digits of `i`, with `-` when negative.
    private mutating func writeInteger(_ i: Int64) {
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
        if d.magnitude < JSONValue.exactIntegerLimit, let integer = JSONValue.exactInt64(d) {
            writeInteger(integer)
        } else if !d.isFinite {
            append("null")
        } else if precision != Jansson.minimumRealPrecision || !writeReportedReal(d) {
            if precision == Jansson.minimumRealPrecision, !needsMorePrecision,
                CJansson_real_round_trips(d, precision) == 0
            {
                needsMorePrecision = true
            }
            writeFormattedReal(d)
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
    private mutating func writeFormattedReal(_ d: Double) {
        var buffer: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &buffer) { raw in
            let text = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
            let length = CJansson_format_real(text, raw.count, d, precision)
            precondition(length > 0, "a real could not be formatted")
            bytes.append(contentsOf: UnsafeRawBufferPointer(start: raw.baseAddress, count: Int(length)))
        }
    }

    /// Writes `s` quoted, escaped as jansson escapes it.
    private mutating func writeString(_ s: String) {
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
