/// A cubic Bézier timing curve from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2), as in
/// Core Animation's `CAMediaTimingFunction` and CSS `cubic-bezier()`.
///
/// x is the fraction of the duration elapsed and y the progress. x1 and x2 must lie in [0, 1] so that x grows with
/// the curve parameter (callers validate); y1 and y2 may lie outside [0, 1] for curves that overshoot.
public struct CubicBezier: Sendable, Hashable {
    /// The first control point's time fraction, in [0, 1].
    public var x1: Double
    /// The first control point's progress.
    public var y1: Double
    /// The second control point's time fraction, in [0, 1].
    public var x2: Double
    /// The second control point's progress.
    public var y2: Double

    /// A curve through (0, 0), the control points (x1, y1) and (x2, y2), and (1, 1).
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    /// The progress y at the time fraction x (clamped to [0, 1]).
    ///
    /// Solves x(u) = x for the curve parameter u by Newton's method, falling back to bisection whenever a step
    /// would leave the bracket, until x(u) is within 1e-15 of x or the bracket cannot shrink further; returns y(u).
    public func progress(atFraction x: Double) -> Double {
        BezierCoordinate(p1: y1, p2: y2).value(parameter(atFraction: x))
    }

    /// The slope dy/dx of the curve at the time fraction x (clamped to [0, 1]): progress per unit of fraction.
    ///
    /// Where dx/du vanishes (only at the ends of a valid curve) the limit is taken by l'Hôpital's rule;
    /// a vertical tangent gives ±∞.
    public func slope(atFraction x: Double) -> Double {
        let u = parameter(atFraction: x)
        let xs = BezierCoordinate(p1: x1, p2: x2)
        let ys = BezierCoordinate(p1: y1, p2: y2)
        let derivatives = [
            (xs.firstDerivative(u), ys.firstDerivative(u)),
            (xs.secondDerivative(u), ys.secondDerivative(u)),
            (xs.thirdDerivative, ys.thirdDerivative),
        ]
        for (dx, dy) in derivatives {
            if dx != 0 {
                return dy / dx
            }
            if dy != 0 {
                return dy > 0 ? .infinity : -.infinity
            }
        }
        return 0
    }

    /// The curve parameter u in [0, 1] at which x(u) equals `x` clamped to [0, 1].
    func parameter(atFraction x: Double) -> Double {
        let target = x.isNaN ? 0 : min(max(x, 0), 1)
        if target == 0 || target == 1 {
            return target
        }
        let xs = BezierCoordinate(p1: x1, p2: x2)
        var low = 0.0
        var high = 1.0
        var u = target
        for _ in 0..<200 {
            let error = xs.value(u) - target
            if abs(error) <= 1e-15 {
                break
            }
            if error > 0 {
                high = u
            } else {
                low = u
            }
            let derivative = xs.firstDerivative(u)
            var next = u - error / derivative
            if !(next > low && next < high) {
                next = low + (high - low) / 2
                if next <= low || next >= high {
                    break
                }
            }
            u = next
        }
        return u
    }
}

/// One coordinate of the curve, 3(1−u)²u·p1 + 3(1−u)u²·p2 + u³, and its derivatives in Bernstein form, which are
/// exact at the ends (u = 0 and u = 1) where the slope limits are taken.
private struct BezierCoordinate {
    let p1: Double
    let p2: Double

    func value(_ u: Double) -> Double {
        let v = 1 - u
        return 3 * v * u * (v * p1 + u * p2) + u * u * u
    }

    func firstDerivative(_ u: Double) -> Double {
        let v = 1 - u
        return 3 * (v * v * p1 + 2 * v * u * (p2 - p1) + u * u * (1 - p2))
    }

    func secondDerivative(_ u: Double) -> Double {
        6 * ((1 - u) * (p2 - 2 * p1) + u * (1 - 2 * p2 + p1))
    }

    var thirdDerivative: Double {
        6 * (1 - 3 * p2 + 3 * p1)
    }
}
