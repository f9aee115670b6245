import ChoreoEngine

/// The elastic resistance of the pull-to-refresh indicator (seed 003: "pulls slower as you go further"): UIScrollView's
/// rubber-band formula d = (1 − 1 / (x·c / D + 1)) · D, computed as the equal c·x·D / (c·x + D), which is exact for
/// whole numbers. x is the finger's distance, d the indicator's; d starts at half the finger's speed and never reaches D.
enum PullResistance {
    /// The rubber-band coefficient c (UIScrollView uses 0.55; 0.5 puts the thresholds on whole finger distances).
    static let coefficient = 0.5
    /// The dimension D in points: the indicator's asymptote.
    static let dimension = 180.0

    /// The indicator's distance for a finger distance (0 for x ≤ 0).
    static func indicatorDistance(finger x: Double) -> Double {
        guard x > 0 else { return 0 }
        let cx = coefficient * x
        return cx * dimension / (cx + dimension)
    }

    /// The finger distance that puts the indicator at `d` (0 ≤ d < D): x = D·d / (c·(D − d)).
    static func fingerDistance(indicator d: Double) -> Double {
        guard d > 0 else { return 0 }
        guard d < dimension else { return .infinity }
        return dimension * d / (coefficient * (dimension - d))
    }
}
