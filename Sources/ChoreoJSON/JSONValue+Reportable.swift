extension JSONValue {
    /// The largest magnitude a reported number may have: 10¹⁸. Every declared range is far inside it (client values
    /// stop at 10¹⁵, times at 5·10¹² ms), so a number past it is a diverged computation, not a value.
    public static let largestReportableMagnitude = 1e18

    /// The dotted path (`parallax.x`, `values.3`) of the first number in this value that is not finite or is past
    /// ``largestReportableMagnitude``, or nil when every number is reportable. Keys are visited in sorted order, so
    /// the same value always names the same path; the sorting is paid only when there is something to name.
    public var firstUnreportableNumberPath: String? {
        guard containsUnreportableNumber else { return nil }
        return firstUnreportable(under: "")
    }

    /// Whether any number in this value is not finite (NaN or infinity) or is past
    /// ``largestReportableMagnitude``.
    public var containsUnreportableNumber: Bool {
        switch self {
        case .double(let number): return !(abs(number) <= Self.largestReportableMagnitude)
        case .array(let items): return items.contains { $0.containsUnreportableNumber }
        case .object(let members): return members.values.contains { $0.containsUnreportableNumber }
        case .null, .bool, .int, .string: return false
        }
    }

    private func firstUnreportable(under path: String) -> String? {
        switch self {
        case .double:
            return containsUnreportableNumber ? path : nil
        case .array(let items):
            for (index, item) in items.enumerated() where item.containsUnreportableNumber {
                return item.firstUnreportable(under: Self.join(path, String(index)))
            }
            return nil
        case .object(let members):
            for key in members.keys.sorted() where members[key]!.containsUnreportableNumber {
                return members[key]!.firstUnreportable(under: Self.join(path, key))
            }
            return nil
        case .null, .bool, .int, .string:
            return nil
        }
    }

    private static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }
}
