/// SwiftUI's `spring(response:dampingFraction:blendDuration:)` and everything built on it (`spring(duration:bounce:)`,
/// `.smooth`, `.snappy`, `.bouncy`, `.interactiveSpring`): the runtime's fluid spring, a fixed-step integrator.
///
/// The state moves on a 1/300 s grid (velocity Verlet, stiffness (2π/response)² capped at 45,000). A read at time t
/// runs the integrator to the first grid point at or after t. The animation ends ("removed") when
/// max(v², force²) ≤ 0.0036 (units²/s², units²/s⁴) and (interval − offset)² ≤ (0.01·interval)². It is logically
/// complete once `response` seconds have passed since it started (or merged).
public struct FluidSpringAnimation: Sendable, Hashable {
    /// The undamped period, in seconds.
    public var response: Double
    /// The damping ratio ζ.
    public var dampingFraction: Double
    /// How long a retarget blends from the previous spring's response to this one, in seconds (0: at once).
    public var blendDuration: Double

    /// The largest stiffness the runtime uses, in 1/s².
    public static let stiffnessCap = 45_000.0
    /// The integrator's step, in seconds.
    static let step = 1.0 / 300.0
    static let halfStep = 1.0 / 600.0
    /// The rest threshold on max(velocity², force²).
    static let restThresholdSquared = 0.0036
    /// The remaining distance must be within this fraction of the interval.
    static let displacementFraction = 0.01
    /// A request more than this many seconds past the state's time first moves the state's time to 1/60 s before it.
    static let catchUpLimit = 1.0
    static let catchUpBackoff = 1.0 / 60.0

    /// A fluid spring; times in seconds.
    public init(response: Double, dampingFraction: Double, blendDuration: Double = 0) {
        self.response = response
        self.dampingFraction = dampingFraction
        self.blendDuration = blendDuration
    }

    /// Stiffness for a response in seconds: (2π/response)², infinite for response ≤ 0, capped at 45,000 (1/s²).
    public static func stiffness(response: Double) -> Double {
        var k = Double.infinity
        if response > 0 {
            let w = 2 * Double.pi / response
            k = w * w
        }
        return k <= stiffnessCap ? k : stiffnessCap
    }

    /// The largest stiffness (1/s²) the integrator runs at damping ratio `dampingFraction` without diverging, with a
    /// 1% margin. One step maps (offset error u, half-step velocity H) by [[1, h], [−kh, 1 − 2ζ√k·h − kh²]]
    /// (h = 1/300 s); both eigenvalues stay inside the unit circle while (√k·h)² + 4ζ·√k·h < 4, that is
    /// √k·h < 2(√(ζ² + 1) − ζ). Past it the offset oscillates with a growing amplitude (the runtime would draw
    /// values running off to infinity): 1.237 is the largest ζ at the stiffness cap (responses under 0.0296 s).
    /// A curve past it is refused where it is written; a blend from a stiffer spring's response is held to it.
    public static func largestStableStiffness(dampingFraction: Double) -> Double {
        let zeta = max(dampingFraction, 0)
        let root = 0.99 * 2 * ((zeta * zeta + 1).squareRoot() - zeta) / step
        return root * root
    }

    /// The largest damping ratio at which a spring of `response` seconds runs without diverging
    /// (``largestStableStiffness(dampingFraction:)``, solved for ζ).
    public static func largestStableDampingFraction(response: Double) -> Double {
        let a = stiffness(response: response).squareRoot() * step / 0.99
        return (4 - a * a) / (4 * a)
    }

    /// Whether this spring diverges under the runtime's integrator (its stiffness is past
    /// ``largestStableStiffness(dampingFraction:)``).
    public var diverges: Bool {
        !(Self.stiffness(response: response) <= Self.largestStableStiffness(dampingFraction: dampingFraction))
    }

    /// The response in use `blendTime` seconds after the blend began (the merge that changed the response), blended
    /// from the previous spring's over `blendDuration` with a smoothstep.
    func effectiveResponse(_ state: FluidSpringState, blendTime: Double) -> Double {
        guard blendDuration > 0, state.blendInterval != 0 else { return response }
        var p = blendTime / blendDuration
        p = p >= 0 ? min(p, 1) : 0
        return response + state.blendInterval * (1 - p * p * (3 - (p + p)))
    }

    /// Whether ``animate(value:time:state:logicallyComplete:)`` at `time` repeats its last result exactly, changing
    /// nothing: the state is at or past `time` (it does not move; after merges while an animator was pending, its
    /// clock may have begun again behind the spring's), and the logical-completion check cannot newly pass (already
    /// complete, or `time` is less than the shortest response the blend can give since the spring started).
    func repeatsLastResult(at time: Double, state: FluidSpringState, logicallyComplete: Bool) -> Bool {
        guard time <= state.time else { return false }
        if logicallyComplete { return true }
        var shortest = response
        if blendDuration > 0, state.blendInterval != 0 { shortest = min(response, response + state.blendInterval) }
        return time < shortest
    }

    /// Advances `state` to `time` (seconds on the spring's own clock, which starts at 0 where the spring started or
    /// merged) for an `interval` (the whole change), `blendTime` seconds after a blend began (the same clock when
    /// none began since); returns the offset from the start value, or nil when the animation is removed. Logically
    /// complete once `time` reaches the (blended) response.
    func animate(
        value interval: Double, time: Double, blendTime: Double, state: inout FluidSpringState,
        logicallyComplete: inout Bool
    ) -> Double? {
        var s = state
        let r = effectiveResponse(s, blendTime: blendTime)
        var stiffness = Self.stiffness(response: r)
        // A blend from a stiffer spring's response may pass the limit this spring's own response keeps. At ζ ≤ 1.2
        // the limit (46,246/s² and up) is above the cap, so the seeds' springs never pay for it.
        if dampingFraction > 1.2 {
            stiffness = min(stiffness, Self.largestStableStiffness(dampingFraction: dampingFraction))
        }
        if r <= time { logicallyComplete = true }
        var t = s.time
        if time - t > Self.catchUpLimit {
            t = time - Self.catchUpBackoff
            s.time = t
        }
        if t < time {
            let root = stiffness.squareRoot()
            let damping = -(dampingFraction * (root + root))
            var offset = s.offset
            var velocity = s.velocity
            var force = s.force
            repeat {
                let half = force * Self.halfStep + velocity
                offset += half * Self.step
                force = half * damping + (interval - offset) * stiffness
                velocity = force * Self.halfStep + half
                t += Self.step
            } while t < time
            s.offset = offset
            s.velocity = velocity
            s.force = force
            s.time = t
        }
        state = s
        if max(s.velocity * s.velocity, s.force * s.force) > Self.restThresholdSquared { return s.offset }
        let tolerance = interval * Self.displacementFraction
        let toleranceSquared = tolerance * tolerance
        let remaining = interval - s.offset
        guard toleranceSquared > 0, toleranceSquared < remaining * remaining else { return nil }
        return s.offset
    }
}

/// The fluid spring's state between frames: offset from the start value (units), velocity (units/s), force
/// (units/s²), the time the integrator has reached (seconds on the spring's own clock, 0 where it started or merged:
/// SwiftUI's `startTime`) and the response a blend starts from, less this spring's (seconds). All zero at first: a
/// spring starts from rest.
public struct FluidSpringState: Sendable, Hashable {
    var offset = 0.0
    var velocity = 0.0
    var force = 0.0
    var time = 0.0
    var blendInterval = 0.0

    /// A spring state at rest.
    public init() {}
}
