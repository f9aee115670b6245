/// True when `actual` is within `absolute` of `expected`.
func isClose(_ actual: Double, _ expected: Double, within absolute: Double) -> Bool {
    abs(actual - expected) <= absolute
}

/// True when `actual` is within `relative` times the size of `expected` of it.
func isClose(_ actual: Double, _ expected: Double, relative: Double) -> Bool {
    abs(actual - expected) <= relative * abs(expected)
}
