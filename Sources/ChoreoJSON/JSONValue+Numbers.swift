extension JSONValue {
    /// A number as Choreo reports it: rounded to 12 significant digits (``reported(_:)``), then `.int` when integral
    /// and `|d| < 2^53`, else `.double`. `-0.0` becomes `.int(0)`.
    ///
    /// Twelve digits keep every value far below anything a journey can observe (10⁻¹² relative) while hiding the
    /// last-bit noise of floating-point math, so output reads `0.8` rather than `0.80000000000000004` and stays
    /// byte-identical across machines whose math libraries differ in the last bit.
    public static func number(_ d: Double) -> JSONValue {
        exactNumber(reported(d))
    }

    /// A number from a `Double` as is: `.int` when integral and `|d| < 2^53`, else `.double`.
    public static func exactNumber(_ d: Double) -> JSONValue {
        if d.magnitude < exactIntegerLimit, let integer = exactInt64(d) {
            return .int(integer)
        }
        return .double(d)
    }

    /// Exact powers of ten, 10⁰ … 10²².
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22,
    ]

    /// Whether `d` is exactly a number ``reported(_:)`` produces (12 significant digits, in its range), so 15 digits
    /// print it exactly.
    static func hasReportedPrecision(_ d: Double) -> Bool {
        let m = d.magnitude
        return m >= 1e-10 && m < 1e15 && reported(d) == d
    }

    /// `d` rounded to 12 significant digits (half away from zero), as the nearest `Double` to that decimal.
    /// Magnitudes below 10⁻¹⁰ or from 10¹⁵ up, zero and non-finite values are returned unchanged.
    public static func reported(_ d: Double) -> Double {
        let m = d.magnitude
        guard d.isFinite, m >= 1e-10, m < 1e15 else { return d }
        var exponent = 0
        if m >= 1 {
            while exponent < 15, powersOfTen[exponent + 1] <= m { exponent += 1 }
        } else {
            while exponent > -10, m * powersOfTen[-exponent] < 1 { exponent -= 1 }
        }
        let shift = 11 - exponent
        if shift >= 0 {
            let scale = powersOfTen[shift]
            let x = d * scale
            return Double(Int64(x + (x >= 0 ? 0.5 : -0.5))) / scale
        }
        let scale = powersOfTen[-shift]
        let x = d / scale
        return Double(Int64(x + (x >= 0 ? 0.5 : -0.5))) * scale
    }

    /// 2^53: below this magnitude every integer is exactly representable as a `Double`.
    static let exactIntegerLimit: Double = 9_007_199_254_740_992

    /// `d` as an `Int64` if it is integral and in range (`-0.0` gives 0); else `nil` (also for NaN and infinities).
    ///
    /// Same result as `Int64(exactly:)`, which calls libm's `trunc`/`rint`; this only uses the truncating conversion
    /// instruction, so a `ChoreoJSON` client that links no libm (no Foundation, no Glibc import) still links.
    @inline(__always)
    static func exactInt64(_ d: Double) -> Int64? {
        // -2^63 ... 2^63 (exclusive); NaN fails both comparisons.
        guard d >= -9_223_372_036_854_775_808.0, d < 9_223_372_036_854_775_808.0 else { return nil }
        let truncated = Int64(d)
        return Double(truncated) == d ? truncated : nil
    }
}
