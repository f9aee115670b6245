/// What a frame shows of each animation in flight on one animator (DefaultCombiningAnimation's entries): their
/// progress toward their own targets, oldest first. What a view that draws layers (a crossfade of crossfades) needs.
public struct AnimationLayers: Sendable, Hashable {
    /// The index of the first of them among every animation combined since the animator began: the ones before it
    /// have finished, and a finished one hides every older one, so they are folded away.
    public var first: Int
    /// The progress of each, oldest first (0 before its first evaluation, 1 once finished).
    public var fractions: [Double]

    /// Layers from the `first` animation on.
    public init(first: Int, fractions: [Double]) {
        self.first = first
        self.fractions = fractions
    }

    /// No animation in flight.
    public static let none = AnimationLayers(first: 0, fractions: [])
}
