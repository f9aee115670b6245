/// SwiftUI's timing curves (`linear`, `easeIn`, `easeOut`, `easeInOut`, `timingCurve`) as the runtime evaluates
/// them: the elapsed fraction is solved to 2⁻²⁰ and the progress is rounded to a multiple of 2⁻²⁰. At exactly its
/// duration the animation shows 1; it is removed on the first frame after. It never merges and reports no velocity.
public struct BezierAnimation: Sendable, Hashable {
    /// The curve's control points.
    public var curve: CubicBezier
    /// The duration, in seconds.
    public var duration: Double

    let cx, bx, ax, cy, by, ay: Double

    static let epsilon = 1.0 / 1_048_576  // 2^-20
    static let newtonIterations = 8
    static let bisectionLimit = 200

    /// A timing curve over `duration` seconds.
    public init(_ curve: CubicBezier, duration: Double) {
        self.curve = curve
        self.duration = duration
        cx = curve.x1 * 3
        bx = (curve.x2 - curve.x1) * 3 - cx
        ax = 1 - cx - bx
        cy = curve.y1 * 3
        by = (curve.y2 - curve.y1) * 3 - cy
        ay = 1 - cy - by
    }

    private func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    private func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The curve parameter u with x(u) = x: Newton from u = x (8 tries), then bisection on [0, 1].
    func solveX(_ x: Double) -> Double {
        var t = x
        for _ in 0..<Self.newtonIterations {
            let error = self.x(t) - x
            if abs(error) < Self.epsilon { return t }
            let slope = dx(t)
            if abs(slope) < Self.epsilon { break }
            t -= error / slope
        }
        if x < 0 || x > 1 { return x }
        var lo = 0.0
        var hi = 1.0
        t = x
        for _ in 0..<Self.bisectionLimit {
            guard lo < hi else { break }
            let value = self.x(t)
            if abs(value - x) < Self.epsilon { return t }
            if value < x { lo = t } else { hi = t }
            t = lo + (hi - lo) * 0.5
        }
        return t
    }

    /// The progress at an elapsed fraction (not clamped here), a multiple of 2⁻²⁰ (halves away from zero).
    public func progress(atFraction fraction: Double) -> Double {
        let t = solveX(fraction)
        let y = t * (cy + t * (by + ay * t))
        return (y * 1_048_576).rounded(.toNearestOrAwayFromZero) / 1_048_576
    }

    /// The rate of progress `elapsed` seconds after the start, per second: the exact derivative of the unrounded
    /// curve (dy/du ÷ dx/du ÷ duration) strictly inside (0, duration), 0 at and outside its ends. SwiftUI reports
    /// no velocity for a timing curve; this is what the curve on screen does.
    public func rate(elapsed: Double) -> Double {
        guard duration > 0, elapsed > 0, elapsed < duration else { return 0 }
        let t = solveX(elapsed / duration)
        let dy = (3 * ay * t + 2 * by) * t + cy
        let slope = dx(t)
        guard slope != 0 else { return dy == 0 ? 0 : .infinity }
        return dy / slope / duration
    }

    /// The progress `elapsed` seconds after the start, or nil once past the duration (removed).
    public func fraction(elapsed: Double) -> Double? {
        guard duration > 0, duration >= elapsed else { return nil }
        let f = elapsed / duration
        return progress(atFraction: !(f >= 0) ? 0 : (f > 1 ? 1 : f))
    }
}
