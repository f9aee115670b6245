/// A timing function mapping the fraction of a duration elapsed (0…1) to progress, with Core Animation's presets.
public enum TimingFunction: Sendable, Hashable {
    /// Progress equals the elapsed fraction.
    case linear
    /// Starts slowly: Core Animation's easeIn, control points (0.42, 0) and (1, 1).
    case easeIn
    /// Ends slowly: Core Animation's easeOut, control points (0, 0) and (0.58, 1).
    case easeOut
    /// Starts and ends slowly: Core Animation's easeInEaseOut, control points (0.42, 0) and (0.58, 1).
    case easeInOut
    /// A custom cubic Bézier curve.
    case bezier(CubicBezier)

    /// The cubic Bézier the function follows; `linear` is the straight curve (0, 0, 1, 1).
    public var bezier: CubicBezier {
        switch self {
        case .linear:
            CubicBezier(x1: 0, y1: 0, x2: 1, y2: 1)
        case .easeIn:
            CubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
        case .easeOut:
            CubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
        case .easeInOut:
            CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
        case .bezier(let curve):
            curve
        }
    }

    /// The progress at the elapsed fraction x of the duration (clamped to [0, 1]).
    public func progress(atFraction x: Double) -> Double {
        if case .linear = self {
            return x.isNaN ? 0 : min(max(x, 0), 1)
        }
        return bezier.progress(atFraction: x)
    }

    /// The slope d progress / d fraction at the elapsed fraction x (clamped to [0, 1]); divide by the duration in
    /// seconds for progress per second.
    public func slope(atFraction x: Double) -> Double {
        if case .linear = self {
            return 1
        }
        return bezier.slope(atFraction: x)
    }
}
