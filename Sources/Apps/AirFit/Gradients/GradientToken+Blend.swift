import ChoreoEngine

extension GradientToken {
    /// Stops `from` blended toward `to` by `fraction` (0 = `from`, 1 = `to`), stop by stop, each sRGB channel
    /// interpolated linearly and rounded to the nearest of 0...255, written `#RRGGBB`. A missing stop on either side
    /// takes the other side's.
    static func blend(_ from: [String], _ to: [String], _ fraction: Double) -> [String] {
        (0..<max(from.count, to.count)).map { index in
            let a = rgb(index < from.count ? from[index] : to[index])
            let b = rgb(index < to.count ? to[index] : from[index])
            let mixed = zip(a, b).map { pair in
                Int((Double(pair.0) + (Double(pair.1) - Double(pair.0)) * fraction).rounded())
            }
            return "#" + mixed.map(hexByte).joined()
        }
    }

    /// The red, green and blue of `#RRGGBB` (0 for a malformed channel; every token's stops are well formed).
    private static func rgb(_ hex: String) -> [Int] {
        let digits = Array(hex.utf8.dropFirst())
        return (0..<3).map { channel in
            guard digits.count >= channel * 2 + 2 else { return 0 }
            let text = String(decoding: digits[(channel * 2)..<(channel * 2 + 2)], as: UTF8.self)
            return Int(text, radix: 16) ?? 0
        }
    }

    private static func hexByte(_ value: Int) -> String {
        let digits = Array("0123456789ABCDEF")
        let clamped = min(255, max(0, value))
        return String([digits[clamped / 16], digits[clamped % 16]])
    }
}
