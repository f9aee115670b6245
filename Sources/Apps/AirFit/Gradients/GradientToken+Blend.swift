import ChoreoEngine

extension GradientToken {
    /// Stops `from` blended toward `to` by `fraction` (0 = `from`, 1 = `to`), stop by stop, each sRGB channel
    /// interpolated linearly and rounded to the nearest of 0...255, written `#RRGGBB`. A missing stop on either side
    /// takes the other side's.
    static func blend(_ from: [String], _ to: [String], _ fraction: Double) -> [String] {
        blend(chain: [from, to], fractions: [fraction])
    }

    /// Overlapping crossfades as SwiftUI combines them: `chain[0]` blended toward `chain[1]` by `fractions[0]`, that
    /// toward `chain[2]` by `fractions[1]`, and so on (r_i = r_(i−1) + f_i·(chain_i − r_(i−1)) per channel, in
    /// sRGB), rounded once at the end, written `#RRGGBB`. A missing stop takes the last token's.
    static func blend(chain: [[String]], fractions: [Double]) -> [String] {
        let count = chain.map(\.count).max() ?? 0
        return (0..<count).map { index in
            let channels = chain.map { stops in rgb(index < stops.count ? stops[index] : chain.last![index]) }
            var mixed = channels[0].map(Double.init)
            for (layer, fraction) in zip(channels.dropFirst(), fractions) {
                for channel in mixed.indices { mixed[channel] += (Double(layer[channel]) - mixed[channel]) * fraction }
            }
            return "#" + mixed.map { hexByte(Int(saturating: $0.rounded())) }.joined()
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
