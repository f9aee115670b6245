/// What a frame shows of each animation in flight on one animator (DefaultCombiningAnimation's entries): their
/// progress toward their own targets, oldest first. What a view that draws layers (a crossfade of crossfades) needs.
///
/// Animations that have not begun show 0; the newest ones of a long chain usually have not (a retarget on every
/// frame keeps the animator pending, and its entries begin one after the other later), so only the progress up to
/// the last one that shows anything else is listed, and the rest are counted.
public struct AnimationLayers: Sendable, Hashable {
    /// The index of the first of them among every animation combined since the animator began: the ones before it
    /// have finished, and a finished one hides every older one, so they are folded away.
    public var first: Int
    /// How many are in flight.
    public var count: Int
    /// The progress of the oldest ones, oldest first (1 once finished), up to the last that shows anything but 0;
    /// every later one shows 0.
    public private(set) var leading: [Double]

    /// `count` animations from the `first` on, the oldest showing `leading` and the rest 0.
    public init(first: Int, count: Int, leading: [Double]) {
        self.first = first
        self.count = count
        var leading = leading.prefix(count)
        while leading.last == 0 { leading.removeLast() }
        self.leading = Array(leading)
    }

    /// No animation in flight.
    public static let none = AnimationLayers(first: 0, count: 0, leading: [])

    /// The progress of the `index`-th in flight (0 for the oldest).
    public subscript(index: Int) -> Double { index < leading.count ? leading[index] : 0 }

    /// The progress of each, oldest first.
    public var fractions: [Double] { leading + repeatElement(0, count: count - leading.count) }

    /// The newest one's progress; nil when none is in flight.
    public var newest: Double? { count == 0 ? nil : self[count - 1] }
}
