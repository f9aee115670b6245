/// The engine's SplitMix64 (``SeededRandom``) with the draws a soak generator needs. The same seed gives the same
/// numbers on every machine, so a case is named by its seed alone.
public struct SoakRandom: Sendable {
    private var generator: SeededRandom

    public init(seed: UInt64) {
        generator = SeededRandom(seed: seed)
    }

    public mutating func next() -> UInt64 { generator.next() }

    /// 0 ..< n (n > 0).
    public mutating func below(_ n: Int) -> Int {
        Int(next() % UInt64(n))
    }

    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// A double in 0 ..< 1.
    public mutating func unit() -> Double {
        Double(next() >> 11) / Double(UInt64(1) << 53)
    }

    public mutating func double(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    public mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }

    public mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }

    /// A number rounded to a few decimals, so journeys print it short (`123.25`).
    public mutating func short(_ range: ClosedRange<Double>) -> Double {
        (double(range) * 4).rounded() / 4
    }

    /// A seed for case `index` of a run seeded `seed`.
    public static func caseSeed(_ seed: UInt64, _ index: Int) -> UInt64 {
        var mixer = SoakRandom(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
        return mixer.next()
    }
}
