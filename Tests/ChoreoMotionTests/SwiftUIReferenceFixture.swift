import ChoreoMotion
import Testing

/// One change of a scenario: at `timeMs` of virtual time, toward `target` with `animation` (nil: at once).
struct SwiftUIReferenceChange: Sendable {
    let timeMs: Double
    let target: Double
    let animation: SwiftUIAnimation?

    init(_ timeMs: Double, _ target: Double, _ animation: SwiftUIAnimation?) {
        self.timeMs = timeMs
        self.target = target
        self.animation = animation
    }
}

/// Short spellings for the generated fixture.
extension SwiftUIAnimation {
    /// `spring(response:dampingFraction:blendDuration:)`, seconds.
    static func fluid(_ response: Double, _ dampingFraction: Double, _ blendDuration: Double) -> SwiftUIAnimation {
        .fluidSpring(
            FluidSpringAnimation(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration))
    }

    /// `interpolatingSpring(stiffness:damping:mass:initialVelocity:)`.
    static func interpolating(
        _ stiffness: Double, _ damping: Double, _ mass: Double, initialVelocity: Double = 0
    ) -> SwiftUIAnimation {
        .interpolatingSpring(
            InterpolatingSpringAnimation(
                stiffness: stiffness, damping: damping, mass: mass, initialVelocity: initialVelocity))
    }

    /// A cubic Bézier timing curve over `duration` seconds.
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ duration: Double) -> SwiftUIAnimation {
        .bezier(BezierAnimation(CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2), duration: duration))
    }

    /// `.delay(seconds)` around `base`.
    static func delayed(_ delay: Double, _ base: SwiftUIAnimation) -> SwiftUIAnimation {
        .delayed(base, delay: delay)
    }

    /// `.repeatForever(autoreverses:)`.
    static func repeating(_ base: SwiftUIAnimation, autoreverses: Bool) -> SwiftUIAnimation {
        .repeating(base, count: nil, autoreverses: autoreverses)
    }
}

/// One scenario computed by `scripts/swiftui_physics.py` (the Python reference of SwiftUI's render loop, ported from
/// the sources independently of the engine): what every frame from `firstFrame` shows and its velocity, reads
/// between frames, and the removal and logical-completion frames.
struct SwiftUIReferenceScenario: Sendable, CustomTestStringConvertible {
    let name: String
    let fps: Int
    /// The value before the first change.
    let start: Double
    /// The largest change from `start`: tolerances are fractions of it.
    let scale: Double
    let changes: [SwiftUIReferenceChange]
    /// The frame on which the last animation is removed (nil: not by the last frame listed).
    let removedAt: Int?
    /// The frame on which the last animation is logically complete (nil: not by the last frame listed).
    let logicallyCompleteAt: Int?
    /// (virtual ms, value on screen) read between or on frames.
    let reads: [(Double, Double)]
    /// The frame that takes the first change.
    let firstFrame: Int
    /// `values[i]`: what frame `firstFrame + i` shows.
    let values: [Double]
    /// `velocities[i]`: the velocity frame `firstFrame + i` shows, units per second.
    let velocities: [Double]

    var testDescription: String { "\(name) @\(fps) fps" }

    /// Frame n's virtual time in nanoseconds, rounded to the nearest (halves up), as the engine's frame clock.
    func frameNanoseconds(_ n: Int) -> Int64 { (Int64(n) * 1_000_000_000 * 2 + Int64(fps)) / (Int64(fps) * 2) }

    /// The first frame at or after `ms` of virtual time (the update that takes a change made then).
    func frame(atOrAfter ms: Double) -> Int {
        let ns = Int64((ms * 1_000_000).rounded())
        var n = Int(ns * Int64(fps) / 1_000_000_000)
        while n > 0, frameNanoseconds(n - 1) >= ns { n -= 1 }
        while frameNanoseconds(n) < ns { n += 1 }
        return n
    }

    /// The last frame at or before `ms` of virtual time (the frame on screen then).
    func frame(atOrBefore ms: Double) -> Int {
        let ns = Int64((ms * 1_000_000).rounded())
        let n = frame(atOrAfter: ms)
        return frameNanoseconds(n) == ns ? n : n - 1
    }

    /// The animator with every change taken at a frame up to `frame` applied, and every frame up to `frame` drawn.
    func animator(through frame: Int) -> SwiftUIAnimator {
        var animator = SwiftUIAnimator(value: start, fps: fps, frame: firstFrame)
        for change in changes {
            let taken = self.frame(atOrAfter: change.timeMs)
            guard taken <= frame else { break }
            animator.animate(atFrame: taken, to: change.target, with: change.animation)
        }
        animator.draw(through: frame)
        return animator
    }

    /// The curve family the scenario exercises, for reporting deviations.
    var family: String {
        if changes.count > 1 { return "retargets" }
        switch changes[0].animation {
        case .fluidSpring: return "spring()"
        case .interpolatingSpring: return "interpolatingSpring"
        case .bezier: return "timing curves"
        case .delayed: return "delayed"
        case .repeating: return "repeating"
        case nil: return "no animation"
        }
    }
}
