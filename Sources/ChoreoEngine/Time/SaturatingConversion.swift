extension Int64 {
    /// `value` rounded toward zero, clamped to Int64's range; 0 for NaN. For numbers a client or a diverging curve
    /// may make arbitrarily large, where `Int64(_:)` would trap.
    @inlinable public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9_223_372_036_854_775_807.0 {
            self = .max
        } else if value <= -9_223_372_036_854_775_808.0 {
            self = .min
        } else {
            self = Int64(value)
        }
    }
}

extension Int {
    /// `value` rounded toward zero, clamped to Int's range; 0 for NaN (``Swift/Int64/init(saturating:)``).
    @inlinable public init(saturating value: Double) {
        self = Int(truncatingIfNeeded: Int64(saturating: value))
    }
}
